/**
 * /system_settings ai_settings, application_configuration and organization_inventory (spec 001 §2
 * "each kind a list with create, edit and delete"; §5 the spec's messages): each listed, a form
 * refused in the spec's words with nothing sent, then saved (an edit with the version it read
 * fresh), and a row deleted after its confirmation.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import type { AiCredential, ApplicationConfigurationEntry, OrganisationInventory } from '@fleet/contracts';
import { apiError, FakeApi } from '../../test-utils/fakeApi';
import { fill, renderWithApp } from '../../test-utils/render';
import AiSettingsSetting from './AiSettingsSetting';
import ApplicationConfigurationSetting from './ApplicationConfigurationSetting';
import OrganisationInventoriesSetting from './OrganisationInventoriesSetting';

const AT = '2026-01-10T09:00:00.000Z';
const page = <T,>(items: readonly T[], query: { offset: number; limit: number }) => ({
  items: [...items],
  total: items.length,
  offset: query.offset,
  limit: query.limit,
});
const options = (route: string, api: FakeApi) => ({ roles: ['super_user' as const], route: `/system_settings/${route}`, api });

describe('/system_settings: the kinds declared on the kit', () => {
  it('AI settings: a field without a name is refused, a stored secret left empty is kept on save, the credential is deleted', async () => {
    let rows: AiCredential[] = [
      {
        id: 'ai-1',
        name: 'Vision',
        provider: 'openai',
        inventoryId: null,
        inventoryName: null,
        active: true,
        version: 2,
        createdAt: AT,
        updatedAt: AT,
        fields: [{ name: 'apiKey', secret: true, value: null, isSet: true }],
      },
    ];
    const api = new FakeApi()
      .on('searchAiCredentials', ({ query }) => page(rows, query))
      .on('searchAdminInventories', ({ query }) => page([], { offset: query.offset ?? 0, limit: query.limit ?? 50 }))
      .on('getAiCredential', ({ params }) => rows.find((c) => c.id === params.id) ?? apiError('NOT_FOUND'))
      .on('updateAiCredential', ({ params, body }) => {
        rows = rows.map((c) => (c.id === params.id ? { ...c, active: body.active ?? c.active, version: c.version + 1 } : c));
        return rows[0]!;
      })
      .on('deleteAiCredential', ({ params }) => {
        rows = rows.filter((c) => c.id !== params.id);
        return { id: params.id, deleted: true as const };
      });
    const { user } = await renderWithApp(<AiSettingsSetting kind="ai_settings" />, options('ai_settings', api));
    expect(await screen.findByTestId('settings-ai_settings-row-ai-1')).toHaveTextContent('apiKey: ••••••');

    await user.click(screen.getByTestId('settings-ai_settings-edit-ai-1'));
    expect(await screen.findByTestId('settings-ai_settings-field-value-0')).toHaveValue('');
    await user.click(screen.getByTestId('settings-ai_settings-field-add'));
    await user.click(screen.getByTestId('settings-ai_settings-save'));
    expect(screen.getByTestId('settings-ai_settings-error.fields.1.name')).toHaveTextContent(VALIDATION.required);
    expect(api.calls('updateAiCredential')).toHaveLength(0);
    await user.click(within(screen.getByTestId('settings-ai_settings-modal')).getAllByRole('button', { name: 'Remove' })[1]!);
    await user.click(screen.getByTestId('settings-ai_settings-active'));
    await user.click(screen.getByTestId('settings-ai_settings-save'));
    await waitFor(() => expect(screen.queryByTestId('settings-ai_settings-modal')).not.toBeInTheDocument());
    expect(api.calls('updateAiCredential')[0]?.body).toEqual({
      name: 'Vision',
      provider: 'openai',
      inventoryId: null,
      fields: [{ name: 'apiKey', secret: true }],
      active: false,
      version: 2,
    });
    await waitFor(() => expect(screen.getByTestId('settings-ai_settings-row-ai-1')).toHaveTextContent('Inactive'));

    await user.click(screen.getByTestId('settings-ai_settings-delete-ai-1'));
    expect(await screen.findByTestId('settings-ai_settings-delete-question')).toHaveTextContent('Delete Vision?');
    await user.click(screen.getByTestId('settings-ai_settings-delete-confirm'));
    expect(await screen.findByText('AI credential Vision deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('settings-ai_settings-empty')).toBeInTheDocument());
  });

  it('application configuration: a value that is not JSON is "Invalid field", the entry is created, its key fixed once made, then deleted', async () => {
    let rows: ApplicationConfigurationEntry[] = [];
    const api = new FakeApi()
      .on('searchApplicationConfiguration', ({ query }) => page(rows, query))
      .on('getApplicationConfiguration', ({ params }) => rows.find((e) => e.id === params.id) ?? apiError('NOT_FOUND'))
      .on('createApplicationConfiguration', ({ body }) => {
        const made: ApplicationConfigurationEntry = {
          id: 'cfg-1',
          key: body.key,
          value: body.value,
          description: body.description ?? '',
          version: 0,
          createdAt: AT,
          updatedAt: AT,
        };
        rows = [made];
        return made;
      })
      .on('deleteApplicationConfiguration', ({ params }) => {
        rows = [];
        return { id: params.id, deleted: true as const };
      });
    const { user } = await renderWithApp(<ApplicationConfigurationSetting kind="application_configuration" />, options('application_configuration', api));
    await user.click(await screen.findByTestId('settings-application_configuration-add'));
    await fill(user, await screen.findByTestId('settings-application_configuration-key'), 'e2e.entry');
    await fill(user, screen.getByTestId('settings-application_configuration-value'), '{"a": 1');
    await user.click(screen.getByTestId('settings-application_configuration-save'));
    expect(screen.getByTestId('settings-application_configuration-error.value')).toHaveTextContent(VALIDATION.invalidField);
    expect(api.calls('createApplicationConfiguration')).toHaveLength(0);

    await fill(user, screen.getByTestId('settings-application_configuration-value'), '{"a": 1}');
    await user.click(screen.getByTestId('settings-application_configuration-save'));
    await waitFor(() => expect(screen.getByTestId('settings-application_configuration-row-cfg-1')).toHaveTextContent('{"a":1}'));
    expect(api.calls('createApplicationConfiguration')[0]?.body).toEqual({ key: 'e2e.entry', value: { a: 1 }, description: '' });

    await user.click(screen.getByTestId('settings-application_configuration-edit-cfg-1'));
    expect(await screen.findByTestId('settings-application_configuration-key')).toBeDisabled();
    await user.click(screen.getByTestId('settings-application_configuration-cancel'));
    await user.click(screen.getByTestId('settings-application_configuration-delete-cfg-1'));
    await user.click(await screen.findByTestId('settings-application_configuration-delete-confirm'));
    await waitFor(() => expect(screen.queryByTestId('settings-application_configuration-row-cfg-1')).not.toBeInTheDocument());
  });

  it('organisation inventories: an inventory is required, the association is added for the filtered organisation, then removed', async () => {
    const organisation = {
      id: 'org-1',
      name: 'Org-One',
      externalUid: null,
      defaultRole: 'luc_regular' as const,
      maxUsers: 0,
      userCount: 0,
      activeUsers: 0,
      inventoryCount: 0,
      version: 0,
      createdAt: AT,
      updatedAt: AT,
    };
    const inventory = {
      id: 'inv-9',
      name: 'Inv-Nine',
      parentId: null,
      parentName: null,
      region: 'eu',
      sipServer: null,
      childCount: 0,
      version: 0,
      createdAt: AT,
      updatedAt: AT,
    };
    let rows: OrganisationInventory[] = [];
    const api = new FakeApi()
      .on('searchOrganisations', ({ query }) => page([organisation], query))
      .on('searchAdminInventories', ({ query }) => page([inventory], { offset: query.offset ?? 0, limit: query.limit ?? 50 }))
      .on('searchOrganisationInventories', ({ query }) =>
        page(
          rows.filter((a) => query.organisationId === undefined || a.organisationId === query.organisationId),
          query,
        ),
      )
      .on('addOrganisationInventory', ({ params, body }) => {
        const made = { organisationId: params.id, organisationName: organisation.name, inventoryId: body.inventoryId, inventoryName: inventory.name };
        rows = [made];
        return made;
      })
      .on('removeOrganisationInventory', ({ params }) => {
        rows = [];
        return { organisationId: params.id, inventoryId: params.inventoryId, deleted: true as const };
      });
    const { user } = await renderWithApp(<OrganisationInventoriesSetting kind="organization_inventory" />, options('organization_inventory', api));
    await user.click(await screen.findByTestId('settings-organization_inventory-filter'));
    await user.click(await screen.findByRole('option', { name: 'Org-One' }));
    expect(await screen.findByTestId('settings-organization_inventory-empty')).toBeInTheDocument();
    expect(api.calls('searchOrganisationInventories').at(-1)?.url).toContain('organisationId=org-1');

    await user.click(screen.getByTestId('settings-organization_inventory-add'));
    expect(await screen.findByTestId('settings-organization_inventory-organisation')).toHaveValue('Org-One');
    await user.click(screen.getByTestId('settings-organization_inventory-save'));
    expect(screen.getByTestId('settings-organization_inventory-error.inventoryId')).toHaveTextContent(VALIDATION.required);
    expect(api.calls('addOrganisationInventory')).toHaveLength(0);
    await user.click(screen.getByTestId('settings-organization_inventory-inventory'));
    await user.click(await screen.findByRole('option', { name: 'Inv-Nine' }));
    await user.click(screen.getByTestId('settings-organization_inventory-save'));
    const row = await screen.findByTestId('settings-organization_inventory-row-org-1--inv-9');
    expect(row).toHaveTextContent('Inv-Nine');
    expect(api.calls('addOrganisationInventory')[0]?.url).toBe('/api/v2/admin/organisations/org-1/inventories');

    await user.click(screen.getByTestId('settings-organization_inventory-delete-org-1--inv-9'));
    expect(await screen.findByTestId('settings-organization_inventory-delete-question')).toHaveTextContent('Inv-Nine (Org-One)');
    await user.click(screen.getByTestId('settings-organization_inventory-delete-confirm'));
    await waitFor(() => expect(screen.queryByTestId('settings-organization_inventory-row-org-1--inv-9')).not.toBeInTheDocument());
  });
});
