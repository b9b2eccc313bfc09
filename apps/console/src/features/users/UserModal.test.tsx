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
    // The agreement to receive updates (spec 001 §3 User).
    await user.click(screen.getByTestId('user-form-receiveUpdates'));
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
        receiveUpdates: true,
        password: 'Secret-2026',
        passwordConfirmation: 'Secret-2026',
      },
    ]);
    expect(screen.getByTestId('toasts')).toHaveTextContent('User anna.berg created');
  });

  it('shows every other §5 rule in the spec’s words, then the core’s conflicts under their fields, storing nothing until the form is right; the expiry policy is sent', async () => {
    let attempts = 0;
    const api = new FakeApi().on('createUser', ({ body }) => {
      attempts += 1;
      if (body.username === 'luc_read') return apiError('USER_EXISTS', [{ path: 'body.username', message: 'User already exists' }]);
      if (body.email === 'luc.read@example.com') return apiError('EMAIL_IN_USE', [{ path: 'body.email', message: 'Email used by another user' }]);
      return makeUserAccount({ id: 'u9', username: body.username });
    });
    const { user } = await renderWithApp(<UserModal userId={null} onClose={noop} onCreated={noop} />, { api });

    // The caller's one inventory is chosen already; taking it away breaks "at least one inventory".
    await user.click(screen.getByTestId('user-form-inventories'));
    await user.keyboard('{Backspace}');
    await fill(user, screen.getByTestId('user-form-username'), 'anna berg');
    await fill(user, screen.getByTestId('user-form-email'), 'not-an-email');
    await fill(user, screen.getByTestId('user-form-firstName'), 'Anna');
    await fill(user, screen.getByTestId('user-form-lastName'), 'B');
    await fill(user, screen.getByTestId('user-form-userLabel'), 'x'.repeat(31));
    await fill(user, screen.getByTestId('user-form-password'), 'weakpass');
    await fill(user, screen.getByTestId('user-form-passwordConfirmation'), 'weakpass');
    await user.click(screen.getByTestId('user-form-save'));

    await waitFor(() => expect(fieldError('username')).toBe(VALIDATION.usernameCharacters));
    expect(fieldError('email')).toBe(VALIDATION.invalidEmail);
    expect(fieldError('lastName')).toBe(VALIDATION.betweenChars(2, 255));
    expect(fieldError('userLabel')).toBe(VALIDATION.maxChars(30));
    expect(fieldError('inventoryIds')).toBe(VALIDATION.userInventoryRequired);
    expect(fieldError('password')).toBe(VALIDATION.passwordRule);
    await fill(user, screen.getByTestId('user-form-username'), 'ab');
    await waitFor(() => expect(fieldError('username')).toBe(VALIDATION.betweenChars(3, 255)));
    expect(api.calls('createUser')).toHaveLength(0);

    // The form is right, but the username is taken: the core's "User already exists" under the field.
    await user.click(screen.getByTestId('user-form-inventories'));
    await user.click(await screen.findByRole('option', { name: 'Inventory 1' }));
    await fill(user, screen.getByTestId('user-form-username'), 'luc_read');
    await fill(user, screen.getByTestId('user-form-email'), 'anna@example.com');
    await fill(user, screen.getByTestId('user-form-lastName'), 'Berg');
    await fill(user, screen.getByTestId('user-form-userLabel'), 'Night desk');
    await fill(user, screen.getByTestId('user-form-password'), 'Secret-2026');
    await fill(user, screen.getByTestId('user-form-passwordConfirmation'), 'Secret-2026');
    await user.click(screen.getByTestId('user-form-expiry'));
    await user.click(await screen.findByRole('option', { name: '6 months' }));
    await waitFor(() => expect(fieldError('inventoryIds')).toBeNull());
    await user.click(screen.getByTestId('user-form-save'));
    await waitFor(() => expect(fieldError('username')).toBe('User already exists'));
    // A free username with another user's e-mail: "Email used by another user".
    await fill(user, screen.getByTestId('user-form-username'), 'anna.berg');
    await fill(user, screen.getByTestId('user-form-email'), 'luc.read@example.com');
    await user.click(screen.getByTestId('user-form-save'));
    await waitFor(() => expect(fieldError('email')).toBe('Email used by another user'));
    expect(attempts).toBe(2);

    await fill(user, screen.getByTestId('user-form-email'), 'anna@example.com');
    await user.click(screen.getByTestId('user-form-save'));
    await waitFor(() => expect(api.calls('createUser')).toHaveLength(3));
    expect(api.calls('createUser')[2]?.body).toMatchObject({
      username: 'anna.berg',
      userLabel: 'Night desk',
      inventoryIds: ['inv1'],
      passwordExpiryPolicy: '6',
    });
  }, 30_000);

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

  it('keeps a typed value over a realtime update of the same user, says the record changed naming the field both changed, and Reload theirs takes the new values', async () => {
    const record = { current: makeUserAccount({ version: 7 }) };
    const api = new FakeApi().on('getUser', () => record.current);
    const { user, socket, settled } = await renderWithApp(<UserModal userId="u2" onClose={noop} onCreated={noop} />, { api });
    const lastName = await screen.findByTestId('user-form-lastName');
    await settled();
    await fill(user, lastName, 'Lind');
    expect(screen.queryByTestId('user-form-edit-conflict')).toBeNull();

    // Someone else saves the same user: a new last name and first name.
    record.current = makeUserAccount({ version: 8, lastName: 'Lund', firstName: 'Annie' });
    await socket.emit({ type: 'user.changed', user: record.current, at: 2 });

    const notice = await screen.findByTestId('user-form-edit-conflict');
    expect(notice).toHaveAttribute('data-fields', 'lastName');
    expect(notice).toHaveTextContent('Last name');
    expect(notice).not.toHaveTextContent('First name');
    expect(screen.getByTestId('user-form-lastName')).toHaveValue('Lind');
    // Where the user changed nothing, their save shows through.
    expect(screen.getByTestId('user-form-firstName')).toHaveValue('Annie');

    await user.click(screen.getByTestId('user-form-edit-conflict-reload'));
    expect(screen.getByTestId('user-form-lastName')).toHaveValue('Lund');
    expect(screen.getByTestId('user-form-firstName')).toHaveValue('Annie');
    expect(screen.queryByTestId('user-form-edit-conflict')).toBeNull();
  });

  it('Keep mine over a realtime update: the notice goes, the typed value stays and is saved at the new version', async () => {
    const record = { current: makeUserAccount({ version: 7 }) };
    const api = new FakeApi()
      .on('getUser', () => record.current)
      .on('updateUser', ({ body }) => makeUserAccount({ lastName: body.lastName ?? 'Berg', version: 9 }));
    const { user, socket, settled } = await renderWithApp(<UserModal userId="u2" onClose={noop} onCreated={noop} />, { api });
    const lastName = await screen.findByTestId('user-form-lastName');
    await settled();
    await fill(user, lastName, 'Lind');
    record.current = makeUserAccount({ version: 8, email: 'anna.lund@example.com' });
    await socket.emit({ type: 'user.changed', user: record.current, at: 2 });

    // The other save changed a field the user did not: the notice says so without naming one.
    const notice = await screen.findByTestId('user-form-edit-conflict');
    expect(notice).toHaveAttribute('data-fields', '');
    await user.click(screen.getByTestId('user-form-edit-conflict-keep'));
    expect(screen.queryByTestId('user-form-edit-conflict')).toBeNull();
    expect(screen.getByTestId('user-form-lastName')).toHaveValue('Lind');

    await user.click(screen.getByTestId('user-form-save'));
    await waitFor(() => expect(api.calls('updateUser')).toHaveLength(1));
    expect(api.calls('updateUser')[0]?.body).toMatchObject({ lastName: 'Lind', email: 'anna.lund@example.com', version: 8 });
  });

  it('shows an admin a user of a higher type read-only: no save, groups, password or state controls; their own type stays editable', async () => {
    const api = new FakeApi().on('getUser', ({ params }) =>
      params.id === 'u1' ? makeUserAccount({ id: 'u1', username: 'super_user', userType: 'super_user', roles: ['super_user'] }) : makeUserAccount({ id: 'u2' }),
    );
    const { unmount } = await renderWithApp(<UserModal userId="u1" onClose={noop} onCreated={noop} />, { api, roles: ['luc_admin'] });

    expect(await screen.findByTestId('user-above-caller')).toHaveTextContent('Not available for your user type');
    expect(screen.getByTestId('user-editor')).toHaveAttribute('data-editable', 'false');
    expect(screen.getByTestId('user-form-username')).toBeDisabled();
    expect(screen.getByTestId('user-form-expiry')).toBeDisabled();
    for (const control of ['user-form-save', 'user-form-groups', 'user-password-apply', 'user-toggle-active', 'user-delete'])
      expect(screen.queryByTestId(control)).not.toBeInTheDocument();
    unmount();

    await renderWithApp(<UserModal userId="u2" onClose={noop} onCreated={noop} />, { api, roles: ['luc_admin'] });
    await waitFor(() => expect(screen.getByTestId('user-editor')).toHaveAttribute('data-editable', 'true'));
    expect(screen.getByTestId('user-form-save')).toBeVisible();
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
