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
  it('takes one line with the count and the most severe message, and lists every message with its flags on request', async () => {
    const api = new FakeApi().on('fetchClientNotifications', [
      notice(),
      notice({ id: 'n2', message: 'Upgrade at 23:00', expiresWithin2h: true, globalNotification: false }),
      notice({ id: 'n3', message: 'New version 10.1', level: 'info', expiresWithin24h: true }),
    ]);
    const { user } = await renderWithApp(<NotificationBanner initialDelayMs={0} />, { api });

    // One line: the count and the message expiring within 2 hours, before the older warning.
    const banner = await screen.findByTestId('notification-banner');
    expect(screen.getByTestId('notification-count')).toHaveTextContent('3 notices');
    expect(screen.getByTestId('notification-headline')).toHaveTextContent('Upgrade at 23:00');
    expect(banner).toHaveAttribute('data-headline', 'n2');
    expect(banner).toHaveTextContent('Expires within 2 hours');
    expect(banner).not.toHaveTextContent('Maintenance tonight');
    expect(screen.getByTestId('notification-n1')).not.toBeVisible();

    // On request, every message over the page, the most severe first, each with its flags.
    const toggle = screen.getByRole('button', { name: 'Show all' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    await waitFor(() => expect(screen.getByTestId('notification-n1')).toBeVisible());
    expect(screen.getByRole('button', { name: 'Hide' })).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByTestId('notification-list');
    expect([...list.querySelectorAll('[data-testid^="notification-n"]')].map((el) => el.getAttribute('data-testid'))).toEqual([
      'notification-n2',
      'notification-n3',
      'notification-n1',
    ]);
    expect(screen.getByTestId('notification-n1')).toHaveTextContent('Maintenance tonight from 22:00');
    expect(screen.getByTestId('notification-n1')).toHaveAttribute('data-level', 'warning');
    expect(screen.getByTestId('notification-expiry-n2')).toHaveTextContent('Expires within 2 hours');
    expect(screen.getByTestId('notification-expiry-n3')).toHaveTextContent('Expires within 24 hours');
    expect(screen.queryByTestId('notification-expiry-n1')).not.toBeInTheDocument();

    // Closing the headline's message: the next one takes the line, the count follows.
    await user.click(screen.getByTestId('notification-close-n2'));
    expect(screen.queryByTestId('notification-n2')).not.toBeInTheDocument();
    expect(screen.getByTestId('notification-count')).toHaveTextContent('2 notices');
    expect(screen.getByTestId('notification-headline')).toHaveTextContent('New version 10.1');
  });

  it('says "1 notice" in Chinese as well', async () => {
    const api = new FakeApi().on('fetchClientNotifications', [notice()]);
    await renderWithApp(<NotificationBanner initialDelayMs={0} />, { api, language: 'zh' });
    expect(await screen.findByTestId('notification-count')).toHaveTextContent('1 条通知');
    expect(screen.getByRole('button', { name: '全部显示' })).toBeInTheDocument();
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
