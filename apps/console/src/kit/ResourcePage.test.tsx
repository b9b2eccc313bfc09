/**
 * The resource kit's page, through a resource declared on it (databridge gateways): role gating
 * from the catalogue, the edit modal reading the entity and sending its version, the delete after
 * its confirmation, the toasts, and a refusal of the core shown inline with nothing lost.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminDbGateway } from '@fleet/contracts';
import { apiError, FakeApi } from '../test-utils/fakeApi';
import { fill, renderWithApp } from '../test-utils/render';
import { ResourcePage } from './ResourcePage';
import { dbGatewayResource } from '../features/system-entities/DbGatewaysEntity';

const AT = '2026-01-10T09:00:00.000Z';
const gateway = (over: Partial<AdminDbGateway> = {}): AdminDbGateway => ({
  id: 'dbg-1',
  name: 'Gw-1',
  host: 'gw.test',
  port: 8443,
  status: 'online',
  inventoryId: null,
  inventoryName: null,
  unitCount: 0,
  version: 3,
  createdAt: AT,
  updatedAt: AT,
  ...over,
});

function fleetApi(rows: { current: AdminDbGateway[] }): FakeApi {
  return new FakeApi()
    .on('searchAdminDbGateways', ({ query }) => ({ items: rows.current, total: rows.current.length, offset: query.offset, limit: query.limit }))
    .on('searchAdminInventories', ({ query }) => ({ items: [], total: 0, offset: query.offset, limit: query.limit }))
    .on('getAdminDbGateway', ({ params }) => rows.current.find((g) => g.id === params.id) ?? apiError('NOT_FOUND'));
}

describe('kit: a resource page', () => {
  it('offers no New, Save or Delete to a user whose roles the catalogue does not allow; the fields are read-only', async () => {
    const rows = { current: [gateway()] };
    const { user } = await renderWithApp(<ResourcePage resource={dbGatewayResource} />, { roles: ['luc_admin'], api: fleetApi(rows) });
    await user.click(await screen.findByTestId('db-gateways-row-dbg-1'));
    const modal = await screen.findByTestId('db-gateway-modal');
    expect(screen.queryByTestId('db-gateways-new')).not.toBeInTheDocument();
    expect(within(modal).getByTestId('db-gateway-name')).toBeDisabled();
    expect(within(modal).queryByTestId('db-gateway-save')).not.toBeInTheDocument();
    expect(within(modal).queryByTestId('db-gateway-delete')).not.toBeInTheDocument();
  });

  it('saves a change with the version it read, then deletes after the confirmation, with a toast each time', async () => {
    const rows = { current: [gateway()] };
    const api = fleetApi(rows)
      .on('updateAdminDbGateway', ({ params, body }) => {
        const next = gateway({ id: params.id, name: body.name ?? 'Gw-1', port: body.port ?? null, version: 4 });
        rows.current = [next];
        return next;
      })
      .on('deleteAdminDbGateway', ({ params }) => {
        rows.current = [];
        return { id: params.id, deleted: true as const };
      });
    const { user } = await renderWithApp(<ResourcePage resource={dbGatewayResource} />, { roles: ['super_user'], api });
    await user.click(await screen.findByTestId('db-gateways-row-dbg-1'));
    await fill(user, await screen.findByTestId('db-gateway-port'), '9443');
    await user.click(screen.getByTestId('db-gateway-save'));
    await waitFor(() => expect(screen.queryByTestId('db-gateway-modal')).not.toBeInTheDocument());
    expect(api.calls('updateAdminDbGateway')[0]?.body).toMatchObject({ port: 9443, version: 3 });
    expect(await screen.findByText('Databridge gateway Gw-1 saved')).toBeInTheDocument();

    await user.click(await screen.findByTestId('db-gateways-row-dbg-1'));
    await user.click(await screen.findByTestId('db-gateway-delete'));
    expect(api.calls('deleteAdminDbGateway')).toHaveLength(0);
    await user.click(screen.getByTestId('db-gateway-delete-confirm'));
    await waitFor(() => expect(screen.getByTestId('db-gateways-empty')).toBeInTheDocument());
    expect(await screen.findByText('Databridge gateway Gw-1 deleted')).toBeInTheDocument();
  });

  it('shows a refusal of the core under its field and keeps what was typed', async () => {
    const rows = { current: [] as AdminDbGateway[] };
    const api = fleetApi(rows).on('createAdminDbGateway', () => apiError('VALIDATION_FAILED', [{ path: 'body.name', message: 'Name field has to be unique' }]));
    const { user } = await renderWithApp(<ResourcePage resource={dbGatewayResource} />, { roles: ['super_user'], api });
    await user.click(await screen.findByTestId('db-gateways-new'));
    await fill(user, await screen.findByTestId('db-gateway-name'), 'Gw-1');
    await fill(user, screen.getByTestId('db-gateway-host'), 'gw.test');
    await fill(user, screen.getByTestId('db-gateway-port'), '8443');
    await user.click(screen.getByTestId('db-gateway-save'));
    expect(await screen.findByTestId('db-gateway-error.name')).toHaveTextContent('Name field has to be unique');
    expect(screen.getByTestId('db-gateway-name')).toHaveValue('Gw-1');
    expect(screen.getByTestId('db-gateway-modal')).toBeInTheDocument();
  });
});
