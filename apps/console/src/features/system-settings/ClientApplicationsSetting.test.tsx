/**
 * /system_settings/client_application (spec 001 §2; support-staff menu "Client Application"): a
 * redirect URI that is not one refused inline before anything is sent, the secret the core made
 * shown once (after a create and after "New secret") and never again, and a delete.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import type { ClientApplication } from '@fleet/contracts';
import { FakeApi } from '../../test-utils/fakeApi';
import { fill, renderWithApp } from '../../test-utils/render';
import ClientApplicationsSetting from './ClientApplicationsSetting';

const FIRST_SECRET = 'first-secret-0123456789abcdefghijklmnop';
const SECOND_SECRET = 'second-secret-0123456789abcdefghijklmno';

/** The core's client applications in memory; each create and regeneration answers a new secret, once. */
function applicationsCore(): FakeApi {
  let rows: ClientApplication[] = [];
  const secrets = [FIRST_SECRET, SECOND_SECRET];
  return new FakeApi()
    .on('searchClientApplications', ({ query }) => ({ items: rows, total: rows.length, offset: query.offset, limit: query.limit }))
    .on('createClientApplication', ({ body }) => {
      const app: ClientApplication = {
        id: 'app-1',
        name: body.name,
        clientId: body.clientId,
        redirectUris: body.redirectUris ?? [],
        scopes: body.scopes ?? [],
        active: body.active ?? true,
        hasSecret: true,
        version: 0,
        createdAt: '2026-01-10T09:00:00.000Z',
        updatedAt: '2026-01-10T09:00:00.000Z',
      };
      rows = [...rows, app];
      return { ...app, secret: secrets.shift() ?? 'spare-secret-0123456789abcdefghijklmno' };
    })
    .on('getClientApplication', ({ params }) => rows.find((a) => a.id === params.id)!)
    .on('regenerateClientSecret', ({ params }) => {
      const app = rows.find((a) => a.id === params.id)!;
      return { ...app, secret: secrets.shift() ?? 'spare-secret-0123456789abcdefghijklmno' };
    })
    .on('deleteClientApplication', ({ params }) => {
      rows = rows.filter((a) => a.id !== params.id);
      return { id: params.id, deleted: true };
    });
}

const rowNamed = (name: string) => screen.queryAllByTestId(/^settings-client_application-row-/).find((row) => row.textContent?.includes(name));

describe('/system_settings/client_application', () => {
  it('refuses a redirect URI inline, shows the secret once after a create and after "New secret", and deletes the application', async () => {
    const api = applicationsCore();
    const { user } = await renderWithApp(<ClientApplicationsSetting kind="client_application" />, {
      roles: ['super_user'],
      route: '/system_settings/client_application',
      api,
    });
    await user.click(await screen.findByTestId('settings-client_application-add'));
    await fill(user, await screen.findByTestId('settings-client_application-name'), 'E2E-app');
    await fill(user, screen.getByTestId('settings-client_application-clientId'), 'e2e-app');
    await fill(user, screen.getByTestId('settings-client_application-redirectUris'), 'not a url');
    await user.click(screen.getByTestId('settings-client_application-save'));
    expect(screen.getByTestId('settings-client_application-error.redirectUris.0')).toHaveTextContent(VALIDATION.invalidField);
    expect(api.calls('createClientApplication')).toHaveLength(0);
    await fill(user, screen.getByTestId('settings-client_application-redirectUris'), 'https://e2e.example.com/callback');
    await user.click(screen.getByTestId('settings-client_application-save'));

    expect(await screen.findByTestId('settings-client_application-secret')).toHaveTextContent(FIRST_SECRET);
    expect(api.calls('createClientApplication')[0]?.body).toMatchObject({
      name: 'E2E-app',
      clientId: 'e2e-app',
      redirectUris: ['https://e2e.example.com/callback'],
    });
    await user.click(screen.getByTestId('settings-client_application-secret-done'));
    await waitFor(() => expect(rowNamed('E2E-app')).toBeDefined());
    // Never shown again: not in the list, not in the edit form.
    expect(screen.getByTestId('settings-client_application')).not.toHaveTextContent(FIRST_SECRET);
    await user.click(within(rowNamed('E2E-app')!).getByRole('button', { name: 'Edit' }));
    expect(await screen.findByTestId('settings-client_application-name')).toHaveValue('E2E-app');
    expect(document.body).not.toHaveTextContent(FIRST_SECRET);
    await user.click(screen.getByTestId('settings-client_application-cancel'));

    await user.click(within(rowNamed('E2E-app')!).getByRole('button', { name: 'New secret' }));
    await user.click(await screen.findByTestId('settings-client_application-regenerate-confirm'));
    expect(await screen.findByTestId('settings-client_application-secret')).toHaveTextContent(SECOND_SECRET);
    await user.click(screen.getByTestId('settings-client_application-secret-done'));
    await waitFor(() => expect(screen.queryByTestId('settings-client_application-secret')).not.toBeInTheDocument());

    await user.click(within(rowNamed('E2E-app')!).getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByTestId('settings-client_application-delete-confirm'));
    await waitFor(() => expect(rowNamed('E2E-app')).toBeUndefined());
  });
});
