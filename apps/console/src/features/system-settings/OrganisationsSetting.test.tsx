/**
 * /system_settings/organization (spec 001 §2; §3 Organisation; §5 "Name field has to be unique",
 * "Must be N or more"): the form's own rules before anything is sent, the core's refusals on their
 * fields with nothing changed, and a create, an edit and a delete shown in the list.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import type { Organisation } from '@fleet/contracts';
import { FakeApi, fieldErrors } from '../../test-utils/fakeApi';
import { fill, renderWithApp } from '../../test-utils/render';
import OrganisationsSetting from './OrganisationsSetting';

function organisation(overrides: Partial<Organisation> = {}): Organisation {
  return {
    id: 'org-demo',
    name: 'Demo-Broadcasting',
    externalUid: 'demo',
    defaultRole: 'luc_regular',
    maxUsers: 50,
    userCount: 12,
    activeUsers: 9,
    inventoryCount: 3,
    version: 4,
    createdAt: '2026-01-10T09:00:00.000Z',
    updatedAt: '2026-01-10T09:00:00.000Z',
    ...overrides,
  };
}

/** The core's organisations in memory, with its rules on names and on max users (tests/integration/system-settings-org.test.ts). */
function organisationsCore(): FakeApi {
  let rows: Organisation[] = [organisation()];
  let next = 1;
  const taken = (name: string, id?: string) => rows.some((o) => o.name.toLowerCase() === name.toLowerCase() && o.id !== id);
  return new FakeApi()
    .on('searchOrganisations', ({ query }) => ({ items: rows, total: rows.length, offset: query.offset, limit: query.limit }))
    .on('getOrganisation', ({ params }) => rows.find((o) => o.id === params.id) ?? fieldErrors([{ path: 'params.id', message: VALIDATION.invalidField }]))
    .on('createOrganisation', ({ body }) => {
      if (taken(body.name)) return fieldErrors([{ path: 'body.name', message: VALIDATION.nameUnique }]);
      const made = organisation({
        id: `org-${next++}`,
        name: body.name,
        externalUid: body.externalUid ?? null,
        defaultRole: body.defaultRole,
        maxUsers: body.maxUsers,
        userCount: 0,
        activeUsers: 0,
        inventoryCount: 0,
        version: 0,
      });
      rows = [...rows, made];
      return made;
    })
    .on('updateOrganisation', ({ params, body }) => {
      const row = rows.find((o) => o.id === params.id);
      if (!row) return fieldErrors([{ path: 'params.id', message: VALIDATION.invalidField }]);
      if (body.maxUsers !== undefined && body.maxUsers !== 0 && body.maxUsers < row.activeUsers) {
        return fieldErrors([{ path: 'body.maxUsers', message: VALIDATION.minValue(row.activeUsers) }]);
      }
      const changed = {
        ...row,
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.maxUsers !== undefined ? { maxUsers: body.maxUsers } : {}),
        version: row.version + 1,
      };
      rows = rows.map((o) => (o.id === row.id ? changed : o));
      return changed;
    })
    .on('deleteOrganisation', ({ params }) => {
      rows = rows.filter((o) => o.id !== params.id);
      return { id: params.id, deleted: true };
    });
}

const rowNamed = (name: string) => screen.getAllByTestId(/^settings-organization-row-/).find((row) => row.textContent?.includes(name));

describe('/system_settings/organization', () => {
  it('refuses max users below the active users on the field and changes nothing', async () => {
    const api = organisationsCore();
    const { user } = await renderWithApp(<OrganisationsSetting kind="organization" />, { roles: ['super_user'], route: '/system_settings/organization', api });
    expect(await screen.findByTestId('settings-organization-row-org-demo')).toBeVisible();

    await user.click(screen.getByTestId('settings-organization-edit-org-demo'));
    await fill(user, await screen.findByTestId('settings-organization-maxUsers'), '1');
    await user.click(screen.getByTestId('settings-organization-save'));
    expect(await screen.findByTestId('settings-organization-error.maxUsers')).toHaveTextContent(/^Must be \d+ or more$/);
    await user.click(screen.getByTestId('settings-organization-cancel'));
    await waitFor(() => expect(screen.queryByTestId('settings-organization-modal')).not.toBeInTheDocument());
    expect(screen.getByTestId('settings-organization-row-org-demo')).toHaveTextContent('50');
  });

  it('requires a name, refuses a taken one, creates the organisation, edits it to no limit and deletes it', async () => {
    const api = organisationsCore();
    const { user } = await renderWithApp(<OrganisationsSetting kind="organization" />, { roles: ['super_user'], route: '/system_settings/organization', api });
    expect(await screen.findByTestId('settings-organization-row-org-demo')).toBeVisible();

    await user.click(screen.getByTestId('settings-organization-add'));
    await user.click(await screen.findByTestId('settings-organization-save'));
    expect(screen.getByTestId('settings-organization-error.name')).toHaveTextContent(VALIDATION.required);
    expect(api.calls('createOrganisation')).toHaveLength(0);
    await fill(user, screen.getByTestId('settings-organization-name'), 'Demo-Broadcasting');
    await user.click(screen.getByTestId('settings-organization-save'));
    expect(await screen.findByTestId('settings-organization-error.name')).toHaveTextContent(VALIDATION.nameUnique);

    await fill(user, screen.getByTestId('settings-organization-name'), 'E2E-org');
    await fill(user, screen.getByTestId('settings-organization-maxUsers'), '5');
    await user.click(screen.getByTestId('settings-organization-save'));
    await waitFor(() => expect(screen.queryByTestId('settings-organization-modal')).not.toBeInTheDocument());
    await waitFor(() => expect(rowNamed('E2E-org')).toHaveTextContent('5'));
    expect(api.calls('createOrganisation').at(-1)?.body).toMatchObject({ name: 'E2E-org', maxUsers: 5 });

    // Edit: no limit.
    await user.click(within(rowNamed('E2E-org')!).getByRole('button', { name: 'Edit' }));
    await fill(user, await screen.findByTestId('settings-organization-maxUsers'), '0');
    await user.click(screen.getByTestId('settings-organization-save'));
    await waitFor(() => expect(screen.queryByTestId('settings-organization-modal')).not.toBeInTheDocument());
    await waitFor(() => expect(rowNamed('E2E-org')).toHaveTextContent('No limit'));

    // Delete it.
    await user.click(within(rowNamed('E2E-org')!).getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByTestId('settings-organization-delete-confirm'));
    await waitFor(() => expect(rowNamed('E2E-org')).toBeUndefined());
    expect(api.calls('deleteOrganisation')).toHaveLength(1);
  });
});
