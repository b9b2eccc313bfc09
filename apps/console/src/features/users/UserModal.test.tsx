import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import { FakeApi, apiError } from '../../test-utils/fakeApi';
import { makeUserAccount } from '../../test-utils/fixtures';
import { fill, renderWithApp } from '../../test-utils/render';
import UserModal from './UserModal';

const noop = () => undefined;

/** The inline message of one field (useFieldError's test id). */
function fieldError(field: string): string | null {
  return screen.queryByTestId(`user-error.${field}`)?.textContent ?? null;
}

describe('UserModal: a new user', () => {
  it('shows every spec 001 §5 rule that fails, in the spec’s words, and sends nothing', async () => {
    const api = new FakeApi();
    const { user } = await renderWithApp(<UserModal userId={null} onClose={noop} onCreated={noop} />, { api });

    await fill(user, screen.getByTestId('user-form-username'), 'anna.berg');
    await fill(user, screen.getByTestId('user-form-firstName'), 'anna');
    await fill(user, screen.getByTestId('user-form-lastName'), 'Berg');
    await fill(user, screen.getByTestId('user-form-email'), 'anna-at-example');
    await fill(user, screen.getByTestId('user-form-password'), 'short');
    await fill(user, screen.getByTestId('user-form-passwordConfirmation'), 'other');
    await user.click(screen.getByTestId('user-form-save'));

    await waitFor(() => expect(fieldError('firstName')).toBe(VALIDATION.firstNameUppercase));
    expect(fieldError('email')).toBe(VALIDATION.invalidEmail);
    expect(fieldError('password')).toBe(VALIDATION.passwordRule);
    expect(fieldError('passwordConfirmation')).toBe(VALIDATION.passwordsMustMatch);
    expect(fieldError('username')).toBeNull();
    expect(api.calls('createUser')).toHaveLength(0);
  });

  it('sends the new user with the caller’s only inventory and says it was created', async () => {
    const created: string[] = [];
    const api = new FakeApi().on('createUser', ({ body }) => makeUserAccount({ id: 'u9', username: body.username }));
    const { user } = await renderWithApp(<UserModal userId={null} onClose={noop} onCreated={(id) => created.push(id)} />, { api });

    await fill(user, screen.getByTestId('user-form-username'), 'anna.berg');
    await fill(user, screen.getByTestId('user-form-firstName'), 'Anna');
    await fill(user, screen.getByTestId('user-form-lastName'), 'Berg');
    await fill(user, screen.getByTestId('user-form-email'), 'anna@example.com');
    await fill(user, screen.getByTestId('user-form-password'), 'Secret-2026');
    await fill(user, screen.getByTestId('user-form-passwordConfirmation'), 'Secret-2026');
    await user.click(screen.getByTestId('user-form-save'));

    await waitFor(() => expect(created).toEqual(['u9']));
    expect(api.calls('createUser').map((call) => call.body)).toEqual([
      {
        username: 'anna.berg',
        firstName: 'Anna',
        lastName: 'Berg',
        email: 'anna@example.com',
        userType: 'luc_regular',
        userLabel: null,
        inventoryIds: ['inv1'],
        passwordExpiryPolicy: 'never',
        onDemandActivation: false,
        password: 'Secret-2026',
        passwordConfirmation: 'Secret-2026',
      },
    ]);
    expect(screen.getByTestId('toasts')).toHaveTextContent('User anna.berg created');
  });

  it('shows the catalogue’s text when the core refuses the user', async () => {
    const api = new FakeApi().on('createUser', apiError('USER_EXISTS'));
    const { user } = await renderWithApp(<UserModal userId={null} onClose={noop} onCreated={noop} />, { api });

    await fill(user, screen.getByTestId('user-form-username'), 'anna.berg');
    await fill(user, screen.getByTestId('user-form-firstName'), 'Anna');
    await fill(user, screen.getByTestId('user-form-lastName'), 'Berg');
    await fill(user, screen.getByTestId('user-form-email'), 'anna@example.com');
    await fill(user, screen.getByTestId('user-form-password'), 'Secret-2026');
    await fill(user, screen.getByTestId('user-form-passwordConfirmation'), 'Secret-2026');
    await user.click(screen.getByTestId('user-form-save'));

    expect(await screen.findByTestId('user-form-failure')).toHaveTextContent('User already exists');
    expect(screen.getByTestId('toasts')).not.toHaveTextContent('created');
  });

  it('says there is no user licence left when the core refuses the user for it (spec 001 §8)', async () => {
    const api = new FakeApi().on('createUser', apiError('NO_USER_LICENSE'));
    const { user } = await renderWithApp(<UserModal userId={null} onClose={noop} onCreated={noop} />, { api });

    await fill(user, screen.getByTestId('user-form-username'), 'anna.berg');
    await fill(user, screen.getByTestId('user-form-firstName'), 'Anna');
    await fill(user, screen.getByTestId('user-form-lastName'), 'Berg');
    await fill(user, screen.getByTestId('user-form-email'), 'anna@example.com');
    await fill(user, screen.getByTestId('user-form-password'), 'Secret-2026');
    await fill(user, screen.getByTestId('user-form-passwordConfirmation'), 'Secret-2026');
    await user.click(screen.getByTestId('user-form-save'));

    expect(await screen.findByTestId('user-form-failure')).toHaveTextContent('No available user license');
  }, 20_000);
});

describe('UserModal: an existing user', () => {
  it('saves a change at the version read', async () => {
    const api = new FakeApi()
      .on('getUser', makeUserAccount({ version: 7 }))
      .on('updateUser', ({ body }) => makeUserAccount({ lastName: body.lastName ?? 'Berg', version: 8 }));
    const { user } = await renderWithApp(<UserModal userId="u2" onClose={noop} onCreated={noop} />, { api });

    const lastName = await screen.findByTestId('user-form-lastName');
    await fill(user, lastName, 'Lind');
    await user.click(screen.getByTestId('user-form-save'));

    await waitFor(() => expect(api.calls('updateUser')).toHaveLength(1));
    const [call] = api.calls('updateUser');
    expect(call?.params).toEqual({ id: 'u2' });
    expect(call?.body).toMatchObject({ lastName: 'Lind', firstName: 'Anna', version: 7 });
    expect(await screen.findByTestId('toasts')).toHaveTextContent('User anna.berg saved');
  });

  it('shows an SSO user read-only: managed by an IT admin', async () => {
    const api = new FakeApi().on('getUser', makeUserAccount({ sso: true, managedExternally: true }));
    await renderWithApp(<UserModal userId="u2" onClose={noop} onCreated={noop} />, { api });

    const editor = await screen.findByTestId('user-editor');
    expect(editor).toHaveAttribute('data-editable', 'false');
    expect(within(editor).getByTestId('user-managed-externally')).toHaveTextContent('Enterprise users are managed only by an IT admin');
    expect(screen.getByTestId('user-form-lastName')).toBeDisabled();
  });
});
