/**
 * The password change form (spec 001 §5 password rules, §8 "Old password does not match"): its
 * three fields declared on the kit, the rules inline before anything is sent, the change sent as
 * typed, the fields emptied after it, and the core's field refusal under its field.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PasswordChanged } from '@fleet/contracts';
import { FakeApi, fieldErrors } from '../../test-utils/fakeApi';
import { fill, renderWithApp } from '../../test-utils/render';
import { PasswordChangeForm } from './PasswordChangeForm';

const CHANGED: PasswordChanged = {
  passwordExpiry: { expiresAt: null, warningDays: 14, expiring: false, dismissed: false },
  endedSessions: 1,
};
const NEW = 'Better-Pass1';

describe('password change form', () => {
  it('checks the confirmation inline, sends the change, empties the fields and says it is done', async () => {
    const api = new FakeApi().on('changeOwnPassword', () => CHANGED);
    const onChanged = vi.fn();
    const { user } = await renderWithApp(<PasswordChangeForm onChanged={onChanged} />, { roles: ['luc_regular'], api });
    const old = screen.getByTestId('password-change-old');
    expect(old).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByTestId('password-change-new')).toHaveAttribute('autocomplete', 'new-password');
    await fill(user, old, 'Old-Pass1');
    await fill(user, screen.getByTestId('password-change-new'), NEW);
    await fill(user, screen.getByTestId('password-change-confirmation'), 'Other-Pass1');
    await user.click(screen.getByTestId('password-change-submit'));
    expect(await screen.findByTestId('password-change-error.passwordConfirmation')).toBeInTheDocument();
    expect(api.calls('changeOwnPassword')).toHaveLength(0);

    await fill(user, screen.getByTestId('password-change-confirmation'), NEW);
    await user.click(screen.getByTestId('password-change-submit'));
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(CHANGED));
    expect(api.calls('changeOwnPassword')[0]?.body).toEqual({ oldPassword: 'Old-Pass1', password: NEW, passwordConfirmation: NEW });
    expect(screen.getByTestId('password-change-old')).toHaveValue('');
  });

  it("shows the core's refusal of the old password under its field", async () => {
    const api = new FakeApi().on('changeOwnPassword', () => fieldErrors([{ path: 'oldPassword', message: 'Old password does not match' }]));
    const { user } = await renderWithApp(<PasswordChangeForm onChanged={() => undefined} />, { roles: ['luc_regular'], api });
    await fill(user, screen.getByTestId('password-change-old'), 'Wrong-Pass1');
    await fill(user, screen.getByTestId('password-change-new'), NEW);
    await fill(user, screen.getByTestId('password-change-confirmation'), NEW);
    await user.click(screen.getByTestId('password-change-submit'));
    expect(await screen.findByTestId('password-change-error.oldPassword')).toBeInTheDocument();
    expect(screen.queryByTestId('password-change-failure')).not.toBeInTheDocument();
  });
});
