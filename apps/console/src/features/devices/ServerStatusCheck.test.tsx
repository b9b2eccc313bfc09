/**
 * The server detail's status check (GET servers/{id}/status): read as the drawer opens, shown with
 * the time of the check, and read again on "Check now".
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi } from '../../test-utils/fakeApi';
import { renderWithApp } from '../../test-utils/render';
import { ServerDrawer } from './ServerDrawer';
import { makeServer } from '../../test-utils/servers';

describe('Server detail: status check', () => {
  it('shows the status read as the drawer opens and reads it again on demand', async () => {
    // The device answers online until the user asks for a new check (however often the drawer reads meanwhile).
    let checkedAgain = false;
    const api = new FakeApi().on('getServerStatus', ({ params }) =>
      !checkedAgain
        ? { serverId: params.id, status: 'online', online: true, state: 'running', serverUsage: { cpu: 12.4, storage: 40 }, upTime: 7200 }
        : { serverId: params.id, status: 'offline', online: false, state: null, serverUsage: { cpu: null, storage: null }, upTime: null },
    );
    const server = makeServer({ id: 'srv-1' });
    const { user } = await renderWithApp(<ServerDrawer serverId="srv-1" rows={[server]} onClose={() => undefined} />, {
      roles: ['luc_regular'],
      route: '/devices?server=srv-1',
      api,
    });

    await waitFor(() => expect(screen.getByTestId('server-status-check-status')).toHaveAttribute('data-status', 'online'));
    expect(screen.getByTestId('server-status-check-cpu')).toHaveTextContent('12%');
    expect(screen.getByTestId('server-status-check-online')).toHaveTextContent('Online');
    expect(api.calls('getServerStatus')[0]?.url).toBe('/api/servers/srv-1/status');

    const readsBefore = api.calls('getServerStatus').length;
    checkedAgain = true;
    await user.click(screen.getByTestId('server-status-check-now'));
    await waitFor(() => expect(screen.getByTestId('server-status-check-status')).toHaveAttribute('data-status', 'offline'));
    expect(screen.getByTestId('server-status-check-online')).toHaveTextContent('Offline');
    expect(screen.getByTestId('server-status-check-cpu')).toHaveTextContent('—');
    expect(api.calls('getServerStatus').length).toBeGreaterThan(readsBefore);
  });
});
