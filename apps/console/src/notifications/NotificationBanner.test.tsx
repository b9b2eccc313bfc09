import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ClientNotification } from '@fleet/contracts';
import { FakeApi } from '../test-utils/fakeApi';
import { renderWithApp } from '../test-utils/render';
import { NotificationBanner } from './NotificationBanner';

function notice(overrides: Partial<ClientNotification> = {}): ClientNotification {
  return {
    id: 'n1',
    message: 'Maintenance tonight from 22:00',
    expireDate: null,
    globalNotification: true,
    level: 'warning',
    expiresWithin2h: false,
    expiresWithin24h: false,
    ...overrides,
  };
}

describe('notification banner (spec 000 §2)', () => {
  it('shows the polled system messages with their expiry flag, and hides one the user closes', async () => {
    const api = new FakeApi().on('fetchClientNotifications', [
      notice(),
      notice({ id: 'n2', message: 'Upgrade at 23:00', expiresWithin2h: true, globalNotification: false }),
    ]);
    const { user } = await renderWithApp(<NotificationBanner initialDelayMs={0} />, { api });

    expect(await screen.findByTestId('notification-n1')).toHaveTextContent('Maintenance tonight from 22:00');
    expect(screen.getByTestId('notification-n2')).toHaveAttribute('data-level', 'warning');
    expect(screen.getByTestId('notification-expiry-n2')).toHaveTextContent('Expires within 2 hours');
    expect(screen.queryByTestId('notification-expiry-n1')).not.toBeInTheDocument();

    await user.click(screen.getAllByRole('button', { name: 'Close' })[0]!);
    expect(screen.queryByTestId('notification-n1')).not.toBeInTheDocument();
    expect(screen.getByTestId('notification-n2')).toBeVisible();
  });

  it('shows a message pushed over /ws before the first poll, and takes away a withdrawn one without polling', async () => {
    const messages: ClientNotification[] = [];
    const api = new FakeApi().on('fetchClientNotifications', () => messages);
    // The spec's random first poll (up to 300 s) has not come yet.
    const { socket, settled } = await renderWithApp(<NotificationBanner initialDelayMs={300_000} />, { api });
    await settled();
    expect(api.calls('fetchClientNotifications')).toHaveLength(0);

    const pushed = notice({ id: 'n7', message: 'Core restart at noon', level: 'error' });
    messages.push(pushed);
    await socket.emit({ type: 'notification', notification: pushed, at: 1 });
    expect(await screen.findByTestId('notification-n7')).toHaveTextContent('Core restart at noon');
    await waitFor(() => expect(api.calls('fetchClientNotifications')).toHaveLength(1));

    await socket.emit({ type: 'notification.removed', notificationId: 'n7', at: 2 });
    expect(screen.queryByTestId('notification-banner')).not.toBeInTheDocument();
    expect(api.calls('fetchClientNotifications')).toHaveLength(1);
  });
});
