/**
 * The notification centre: what the fleet does (spec 001 §4 unit status change events; spec 000 §4
 * file transfers; spec 000 §9 default alert settings) goes to the header's bell and its list, under
 * the user's settings, one entry per unit and topic, named by the unit's name; toasts are left to
 * the user's own actions and the critical alerts of the unit in view.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_USER_PREFERENCES } from '@fleet/contracts';
import type { AlertLevel, RealtimeEvent, UnitStatus, UnitStatusChangeEvent, UserPreferences } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { loadLiveTable } from '../../live/load';
import { FakeApi } from '../../test-utils/fakeApi';
import { makeUnit } from '../../test-utils/fixtures';
import { renderWithApp } from '../../test-utils/render';
import { NotificationCentre } from './NotificationCentre';

// The live table is loaded with the first event, as in the app: loaded once before the tests.
beforeAll(async () => {
  await loadLiveTable();
});

const NORTH = 'LU800-0001';
const VAN = 'LU800-0002';

/** The unit list's read, as the list page holds it (the names the centre shows come from it). */
function UnitsRead() {
  const units = useEndpointQuery('fetchDevices', {});
  return <span data-testid="units-read">{units.data?.length ?? 0}</span>;
}

async function renderCentre(options: { preferences?: UserPreferences; route?: string; status?: UnitStatus } = {}) {
  const api = new FakeApi().on('fetchDevices', [
    makeUnit({ uniqueId: NORTH, name: 'Camera_north', status: options.status ?? 'offline', alerts: [] }),
    makeUnit({ uniqueId: VAN, name: 'Van_7', status: options.status ?? 'offline', alerts: [] }),
  ]);
  const rendered = await renderWithApp(
    <>
      <UnitsRead />
      <NotificationCentre />
    </>,
    { api, preferences: options.preferences ?? DEFAULT_USER_PREFERENCES, route: options.route },
  );
  await waitFor(() => expect(screen.getByTestId('units-read')).toHaveTextContent('2'));
  await rendered.settled();
  return rendered;
}

const status = (unitId: string, change: UnitStatusChangeEvent, next: UnitStatus, previous: UnitStatus, at: number): RealtimeEvent => ({
  type: 'unit.status',
  unitId,
  status: next,
  previous,
  change,
  applications: next === 'streaming' ? { video: { state: 'running' } } : {},
  at,
});

const alert = (unitId: string, level: AlertLevel, at: number): RealtimeEvent => ({
  type: 'alert.raised',
  alert: { id: `a${at}`, type: 'battery', level, message: 'Battery low', unitId, serverId: null, channelId: null, raisedAt: '2026-01-01T00:00:00.000Z' },
  at,
});

const unread = () => Number(screen.getByTestId('centre-badge').getAttribute('data-unread'));
const entries = () => screen.queryAllByTestId('centre-entry');
const texts = () => screen.queryAllByTestId('centre-entry-text').map((e) => e.textContent);

describe('the notification centre', () => {
  it('lists fleet events newest first, by unit name, with no toast; an unknown unit is not named by its id', async () => {
    const { socket, user } = await renderCentre();
    await socket.emit(status(NORTH, 'offlineToOnline', 'online', 'offline', 1));
    await socket.emit({ type: 'file.transferCompleted', unitId: VAN, fileId: 'f1', fileName: 'clip.mp4', ok: true, at: 2 });
    await socket.emit({ type: 'device.added', unitId: 'LU800-0099', at: 3 });
    await waitFor(() => expect(unread()).toBe(3));
    expect(screen.queryAllByTestId('toast')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Notifications, 3 unread' }));
    await waitFor(() => expect(entries()).toHaveLength(3));
    expect(texts()).toEqual(['New device added: a unit not in your lists', 'File transfer completed: clip.mp4 (Van_7)', 'Camera_north is online']);
    expect(screen.getByTestId('centre-summary')).toHaveTextContent('3 notifications, 3 unread');
  });

  it('keeps one entry per unit, counted; a late or out-of-order change, or one the unit no longer shows, is not told', async () => {
    const off = { ...DEFAULT_USER_PREFERENCES, unitAlertsSettings: { ...DEFAULT_USER_PREFERENCES.unitAlertsSettings, streamingToOffline: false } };
    const { socket, user } = await renderCentre({ preferences: off, status: 'online' });
    await socket.emit(status(NORTH, 'onlineToStreaming', 'streaming', 'online', 10));
    await socket.emit(status(NORTH, 'streamingToOnline', 'online', 'streaming', 11));
    await waitFor(() => expect(unread()).toBe(1));
    // Late: an older report of streaming (the list keeps "online" by the version rule); not told.
    await socket.emit(status(NORTH, 'onlineToStreaming', 'streaming', 'online', 9));
    // Van started streaming, then went offline (not told: turned off): the list shows it offline, so
    // "started streaming" would contradict it.
    await socket.emit([status(VAN, 'onlineToStreaming', 'streaming', 'online', 12), status(VAN, 'streamingToOffline', 'offline', 'streaming', 13)]);
    // A barrier: a new device told after them (the centre takes notices in order).
    await socket.emit({ type: 'device.added', unitId: 'LU800-0099', at: 14 });
    await user.click(screen.getByTestId('centre-bell'));
    await waitFor(() => expect(entries()).toHaveLength(2));
    expect(texts()).toEqual(['New device added: a unit not in your lists', 'Camera_north stopped streaming']);
    expect(screen.getByTestId('centre-entry-count')).toHaveTextContent('2 times');
    expect(unread()).toBe(2);
  });

  async function fourEntries() {
    const rendered = await renderCentre();
    await rendered.socket.emit([
      status(NORTH, 'offlineToOnline', 'online', 'offline', 1),
      status(VAN, 'offlineToOnline', 'online', 'offline', 2),
      alert(VAN, 'warning', 3),
      { type: 'server.status', serverId: 'MMH-0007', status: 'offline', previous: 'online', at: 4 },
    ]);
    await waitFor(() => expect(unread()).toBe(4));
    await rendered.user.click(screen.getByTestId('centre-bell'));
    await waitFor(() => expect(entries()).toHaveLength(4));
    return { ...rendered, drawer: screen.getByTestId('notification-centre') };
  }

  it('filters by unit and to the unread; marks one read', async () => {
    const { user, drawer } = await fourEntries();
    expect(entries().map((e) => e.getAttribute('data-kind'))).toEqual(['hubOffline', 'alert', 'online', 'online']);
    await user.click(within(drawer).getByLabelText('Unit', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Van_7' }));
    await waitFor(() => expect(texts()).toEqual(['Van_7: Battery low', 'Van_7 is online']));
    await user.click(within(drawer).getByRole('button', { name: 'Mark read: Van_7 is online' }));
    await waitFor(() => expect(unread()).toBe(3));
    await user.click(within(drawer).getByRole('switch', { name: 'Unread only' }));
    await waitFor(() => expect(texts()).toEqual(['Van_7: Battery low']));
  });

  it('filters by severity; marks all read of what the filters show', async () => {
    const { user, drawer } = await fourEntries();
    await user.click(within(drawer).getByLabelText('Severity', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Warning' }));
    await waitFor(() => expect(entries().map((e) => e.getAttribute('data-kind'))).toEqual(['hubOffline', 'alert']));
    expect(texts()).toEqual(['Hub a hub not in your lists went offline', 'Van_7: Battery low']);
    await user.click(within(drawer).getByTestId('centre-mark-all'));
    await waitFor(() => expect(unread()).toBe(2));
    expect(screen.getByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
  });

  it('leaves out what the user turned off', async () => {
    const preferences = {
      ...DEFAULT_USER_PREFERENCES,
      unitAlertsSettings: { ...DEFAULT_USER_PREFERENCES.unitAlertsSettings, offlineToOnline: false, newDeviceAdded: false },
    };
    const { socket } = await renderCentre({ preferences });
    await socket.emit([status(NORTH, 'offlineToOnline', 'online', 'offline', 1), { type: 'device.added', unitId: 'LU800-0099', at: 2 }]);
    await socket.emit({ type: 'file.transferStarted', unitId: NORTH, fileId: 'f1', fileName: 'clip.mp4', channelId: null, at: 3 });
    await waitFor(() => expect(unread()).toBe(1));
  });
});

describe('alerts in the centre', () => {
  it('tells an alert the unit’s row does not list yet, and not one cleared within the same moment', async () => {
    const { socket, api } = await renderCentre({ route: `/list?unit=${NORTH}`, status: 'online' });
    api.on('fetchDevices', [
      makeUnit({ uniqueId: NORTH, name: 'Camera_north', status: 'online', alerts: [] }),
      makeUnit({ uniqueId: VAN, name: 'Van_7', status: 'online', alerts: [] }),
    ]);
    const cleared: RealtimeEvent = { type: 'alert.cleared', alertId: 'a2', alertType: 'battery', unitId: VAN, serverId: null, channelId: null, at: 3 };
    await socket.emit([alert(NORTH, 'critical', 1), alert(VAN, 'critical', 2), cleared]);
    await waitFor(() => expect(unread()).toBe(1));
    expect(screen.getAllByTestId('toast')[0]).toHaveTextContent('Camera_north: Battery low');
  });
});

describe('toasts of the fleet: critical alerts of the unit in view only', () => {
  it('toasts a critical alert of the unit whose detail is open, with its name and sound; not a warning, not another unit’s', async () => {
    const { socket, api } = await renderCentre({ route: `/list?unit=${NORTH}`, status: 'online' });
    // The alerts are on the units' rows as the core lists them (the centre checks it is still raised).
    api.on('fetchDevices', [
      makeUnit({
        uniqueId: NORTH,
        name: 'Camera_north',
        status: 'online',
        alerts: [{ type: 'battery', level: 'critical', message: 'Battery low', raisedAt: '2026-01-01T00:00:00.000Z' }],
      }),
      makeUnit({
        uniqueId: VAN,
        name: 'Van_7',
        status: 'online',
        alerts: [{ type: 'battery', level: 'critical', message: 'Battery low', raisedAt: '2026-01-01T00:00:00.000Z' }],
      }),
    ]);
    await socket.emit([alert(NORTH, 'critical', 1), alert(VAN, 'critical', 2), alert(NORTH, 'warning', 3)]);
    await waitFor(() => expect(unread()).toBe(3));
    const toasts = screen.getAllByTestId('toast');
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toHaveTextContent('Critical alertCamera_north: Battery low');
    expect(toasts[0]).toHaveAttribute('data-sound', 'true');
    // The same alert again joins the toast shown (a count), it does not stack.
    await socket.emit(alert(NORTH, 'critical', 4));
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveAttribute('data-count', '2'));
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
  });
});
