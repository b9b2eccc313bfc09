/**
 * The console tells the user about units as /ws relays them (spec 001 §4 unit status change events;
 * spec 000 §4 file transfer started and completed; spec 000 §9 default alert settings all on, alert
 * sound on for critical, off for warning), each under the user's preference of the same name.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_USER_PREFERENCES } from '@fleet/contracts';
import type { AlertLevel, UserPreferences } from '@fleet/contracts';
import UnitListPage from '../features/units/UnitList.page';
import { FakeApi } from '../test-utils/fakeApi';
import { makeUnit } from '../test-utils/fixtures';
import { renderWithApp } from '../test-utils/render';

const UNIT = 'LU800-0001';

function toastTexts(): string[] {
  return screen.queryAllByTestId('toast').map((toast) => toast.textContent ?? '');
}

async function renderLive(preferences: UserPreferences = DEFAULT_USER_PREFERENCES) {
  const api = new FakeApi().on('fetchDevices', [makeUnit({ uniqueId: UNIT, name: 'Camera_north', status: 'offline' })]);
  const rendered = await renderWithApp(<UnitListPage />, { api, preferences });
  await screen.findByTestId(`unit-row-${UNIT}`);
  await rendered.settled();
  return rendered;
}

const alert = (level: AlertLevel, at: number) =>
  ({
    type: 'alert.raised',
    alert: {
      id: `a${at}`,
      type: 'battery',
      level,
      message: 'Battery low',
      unitId: UNIT,
      serverId: null,
      channelId: null,
      raisedAt: '2026-01-01T00:00:00.000Z',
    },
    at,
  }) as const;

describe('notices of unit events', () => {
  it('tells status changes, file transfers and a new device with the default settings', async () => {
    const { socket } = await renderLive();
    await socket.emit({ type: 'unit.status', unitId: UNIT, status: 'online', previous: 'offline', change: 'offlineToOnline', applications: {}, at: 1 });
    await waitFor(() => expect(toastTexts()).toContain('Camera_north is online'));
    await socket.emit({ type: 'file.transferStarted', unitId: UNIT, fileId: 'f1', fileName: 'clip.mp4', channelId: null, at: 2 });
    await socket.emit({ type: 'file.transferCompleted', unitId: UNIT, fileId: 'f1', fileName: 'clip.mp4', ok: true, at: 3 });
    await socket.emit({ type: 'device.added', unitId: 'LU800-0009', at: 4 });
    await waitFor(() =>
      expect(toastTexts()).toEqual(
        expect.arrayContaining([
          'File transfer started: clip.mp4 (Camera_north)',
          'File transfer completed: clip.mp4 (Camera_north)',
          'New device added: LU800-0009',
        ]),
      ),
    );
  });

  it('tells unit alerts with a sound for critical, none for warning, by default', async () => {
    const { socket } = await renderLive();
    await socket.emit(alert('critical', 5));
    await socket.emit(alert('warning', 6));
    await waitFor(() => expect(screen.getAllByTestId('toast').filter((t) => t.textContent?.includes('Battery low'))).toHaveLength(2));
    const alerts = screen.getAllByTestId('toast').filter((t) => t.textContent?.includes('Battery low'));
    expect(alerts.map((t) => [t.textContent, t.getAttribute('data-sound')])).toEqual([
      ['Critical alertCamera_north: Battery low', 'true'],
      ['WarningCamera_north: Battery low', 'false'],
    ]);
  });

  it('leaves out what the user turned off, and plays the warning sound the user turned on', async () => {
    const preferences: UserPreferences = {
      ...DEFAULT_USER_PREFERENCES,
      unitAlertsSettings: { ...DEFAULT_USER_PREFERENCES.unitAlertsSettings, offlineToOnline: false, fileUploadStarted: false },
      unitAlertsSoundSettings: { critical: false, warning: true },
    };
    const { socket } = await renderLive(preferences);
    await socket.emit({ type: 'unit.status', unitId: UNIT, status: 'online', previous: 'offline', change: 'offlineToOnline', applications: {}, at: 1 });
    await socket.emit({ type: 'file.transferStarted', unitId: UNIT, fileId: 'f1', fileName: 'clip.mp4', channelId: null, at: 2 });
    await socket.emit({ type: 'unit.status', unitId: UNIT, status: 'offline', previous: 'online', change: 'onlineToOffline', applications: {}, at: 3 });
    await socket.emit(alert('warning', 4));
    await waitFor(() => expect(toastTexts()).toContain('Camera_north went offline'));
    await waitFor(() => expect(screen.getAllByTestId('toast').find((t) => t.textContent?.includes('Battery low'))).toHaveAttribute('data-sound', 'true'));
    expect(toastTexts()).not.toContain('Camera_north is online');
    expect(toastTexts().some((text) => text.startsWith('File transfer started'))).toBe(false);
  });

  it('tells the same change of several units relayed together as one notice naming them', async () => {
    const api = new FakeApi().on(
      'fetchDevices',
      ['North', 'South', 'East', 'West'].map((name, i) => makeUnit({ uniqueId: `LU800-000${i + 1}`, name: `Camera_${name}`, status: 'offline' })),
    );
    const { socket, settled } = await renderWithApp(<UnitListPage />, { api });
    await screen.findByTestId('unit-row-LU800-0001');
    await settled();
    await socket.emit(
      [1, 2, 3, 4].map(
        (n) =>
          ({
            type: 'unit.status',
            unitId: `LU800-000${n}`,
            status: 'online',
            previous: 'offline',
            change: 'offlineToOnline',
            applications: {},
            at: n,
          }) as const,
      ),
    );
    await waitFor(() => expect(toastTexts()).toContain('4 units are online: Camera_North, Camera_South, Camera_East, …'));
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
  });

  it('tells a burst relayed over several frames as one notice, and a hub and a channel going offline as warnings', async () => {
    const api = new FakeApi().on(
      'fetchDevices',
      ['North', 'South', 'East', 'West', 'Van'].map((name, i) => makeUnit({ uniqueId: `LU800-000${i + 1}`, name: `Camera_${name}`, status: 'online' })),
    );
    const { socket, settled } = await renderWithApp(<UnitListPage />, { api });
    await screen.findByTestId('unit-row-LU800-0001');
    await settled();
    // Five frames, one unit each: one toast.
    for (const n of [1, 2, 3, 4, 5]) {
      await socket.emit({
        type: 'unit.status',
        unitId: `LU800-000${n}`,
        status: 'offline',
        previous: 'online',
        change: 'onlineToOffline',
        applications: {},
        at: n,
      });
    }
    await waitFor(() => expect(toastTexts()).toContain('5 units went offline: Camera_North, Camera_South, Camera_East, …'));
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    expect(screen.getByTestId('toast')).toHaveAttribute('data-source', 'fleet');

    await socket.emit({ type: 'server.status', serverId: 'MMH-0007', status: 'offline', previous: 'online', at: 6 });
    await socket.emit({ type: 'channel.status', channelId: 'MMH-0001-CH3', serverId: 'MMH-0001', status: 'offline', previous: 'idle', at: 7 });
    await waitFor(() => expect(toastTexts()).toEqual(expect.arrayContaining(['Hub MMH-0007 went offline', 'Channel MMH-0001-CH3 went offline'])));
    for (const toast of screen.getAllByTestId('toast').filter((t) => /Hub|Channel/.test(t.textContent ?? '')))
      expect(toast).toHaveAttribute('data-variant', 'warning');
  });
});
