/**
 * The group's guest interview invite (spec 001 §5 ad-hoc invite rules "phone digits only, email
 * format, device name unique"; POST groups/{id}/invitation): the call's own schema inline in the
 * spec's words with nothing sent, and the core's uniqueness refusal under the device name.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import { FakeApi, apiError } from '../../../test-utils/fakeApi';
import { fill, renderWithApp } from '../../../test-utils/render';
import GroupGuestInvite from './GroupGuestInvite';

describe('Groups: the guest interview invite', () => {
  it('shows the ad-hoc invite rules inline (phone digits only, e-mail format, device name unique) and sends nothing', async () => {
    const api = new FakeApi().on(
      'createGroupInvitation',
      apiError('NAME_IN_USE', [{ path: 'body.deviceName', message: VALIDATION.unitNameInUse }], VALIDATION.unitNameInUse),
    );
    const { user } = await renderWithApp(<GroupGuestInvite groupId="g1" groupName="Newsroom" units={[]} onClose={() => undefined} />, {
      roles: ['luc_admin'],
      api,
    });

    const form = await screen.findByTestId('group-invite');
    await fill(user, screen.getByTestId('group-invite-name'), 'Guest-E2E');
    await fill(user, screen.getByTestId('group-invite-phone'), '555-12ab');
    await fill(user, screen.getByTestId('group-invite-email'), 'guest-at-example.com');
    await user.click(screen.getByTestId('group-invite-send'));
    await waitFor(() => expect(form).toHaveTextContent(VALIDATION.numericOnly));
    expect(form).toHaveTextContent(VALIDATION.invalidEmail);
    expect(api.calls('createGroupInvitation')).toHaveLength(0);

    // Valid phone and e-mail, but a unit already has the device name: the core refuses it under the name.
    await fill(user, screen.getByTestId('group-invite-phone'), '5551234');
    await fill(user, screen.getByTestId('group-invite-email'), 'guest@example.com');
    await fill(user, screen.getByTestId('group-invite-name'), 'Camera_north');
    await user.click(screen.getByTestId('group-invite-send'));
    await waitFor(() => expect(screen.getByTestId('group-invite')).toHaveTextContent(VALIDATION.unitNameInUse));
    expect(screen.getByTestId('group-invite')).not.toHaveTextContent(VALIDATION.invalidEmail);
    expect(screen.queryByTestId('group-invite-sent')).not.toBeInTheDocument();
    expect(api.calls('createGroupInvitation')).toHaveLength(1);
  }, 20_000);
});
