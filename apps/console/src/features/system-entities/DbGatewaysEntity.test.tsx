/**
 * /system_entities/dbGateways (spec 001 §3 databridge gateways; §5 ports): a port above 65535
 * refused inline before anything is sent, and a valid gateway created.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import type { AdminDbGateway } from '@fleet/contracts';
import { FakeApi } from '../../test-utils/fakeApi';
import { fill, renderWithApp } from '../../test-utils/render';
import DbGatewaysEntity from './DbGatewaysEntity';

const AT = '2026-01-10T09:00:00.000Z';

describe('/system_entities/dbGateways: the form', () => {
  it('refuses a port above 65535 inline and sends nothing, then creates the gateway on 8443', async () => {
    let rows: AdminDbGateway[] = [];
    const api = new FakeApi()
      .on('searchAdminDbGateways', ({ query }) => ({ items: rows, total: rows.length, offset: query.offset, limit: query.limit }))
      .on('searchAdminInventories', ({ query }) => ({ items: [], total: 0, offset: query.offset, limit: query.limit }))
      .on('createAdminDbGateway', ({ body }) => {
        const made: AdminDbGateway = {
          id: 'dbg-1',
          name: body.name,
          host: body.host ?? '',
          port: body.port ?? null,
          status: 'unknown',
          inventoryId: null,
          inventoryName: null,
          unitCount: 0,
          version: 0,
          createdAt: AT,
          updatedAt: AT,
        };
        rows = [made];
        return made;
      });
    const { user } = await renderWithApp(<DbGatewaysEntity kind="dbGateways" />, { roles: ['super_user'], route: '/system_entities/dbGateways', api });
    await user.click(await screen.findByTestId('db-gateways-new'));
    await fill(user, await screen.findByTestId('db-gateway-name'), 'E2E-gw');
    await fill(user, screen.getByTestId('db-gateway-host'), 'gw.e2e.test');
    await fill(user, screen.getByTestId('db-gateway-port'), '70000');
    await user.click(screen.getByTestId('db-gateway-save'));
    expect(screen.getByTestId('db-gateway-error.port')).toHaveTextContent(VALIDATION.maxValue(65535));
    expect(api.calls('createAdminDbGateway')).toHaveLength(0);

    await fill(user, screen.getByTestId('db-gateway-port'), '8443');
    await user.click(screen.getByTestId('db-gateway-save'));
    await waitFor(() => expect(screen.queryByTestId('db-gateway-modal')).not.toBeInTheDocument());
    expect(api.calls('createAdminDbGateway')[0]?.body).toMatchObject({ name: 'E2E-gw', host: 'gw.e2e.test', port: 8443 });
    await waitFor(() => expect(screen.getByTestId('db-gateways-row-dbg-1')).toHaveTextContent('8443'));
  });
});
