/** Which real-time events the notification centre tells, under the user's alert settings (spec 000 §9 default alert settings; 001 §4). */
import { describe, expect, it } from 'vitest';
import { DEFAULT_ALERT_SETTINGS, UNIT_STATUS_CHANGE_EVENTS } from '@fleet/contracts';
import type { RealtimeEvent, UnitStatusChangeEvent } from '@fleet/contracts';
import { noticeOf, statusChangeSetting } from './notices';

const status = (change: UnitStatusChangeEvent): RealtimeEvent => ({
  type: 'unit.status',
  unitId: 'U1',
  status: 'online',
  previous: 'offline',
  change,
  applications: {},
  at: 1,
});

describe('noticeOf', () => {
  it('tells every status change but unknown by default, each under its setting', () => {
    const told = UNIT_STATUS_CHANGE_EVENTS.filter((change) => noticeOf(status(change), undefined) !== null);
    expect(told).toEqual(UNIT_STATUS_CHANGE_EVENTS.filter((change) => change !== 'unknown'));
    expect(statusChangeSetting('offlineToStoreAndForward')).toBe('startedStreaming');
    expect(statusChangeSetting('storeAndForwardToOffline')).toBe('streamingToOffline');
  });

  it('leaves out what the user turned off, and keeps the rest', () => {
    const prefs = { unitAlertsSettings: { onlineToOffline: false, fileUploadStarted: false, newDeviceAdded: false } };
    expect(noticeOf(status('onlineToOffline'), prefs)).toBeNull();
    expect(noticeOf(status('offlineToOnline'), prefs)).toEqual({ kind: 'statusChange', change: 'offlineToOnline', unitId: 'U1', at: 1 });
    expect(noticeOf({ type: 'file.transferStarted', unitId: 'U1', fileId: 'f', fileName: 'a.mp4', channelId: null, at: 1 }, prefs)).toBeNull();
    expect(noticeOf({ type: 'file.transferCompleted', unitId: 'U1', fileId: 'f', fileName: 'a.mp4', ok: true, at: 1 }, prefs)).toMatchObject({
      phase: 'completed',
    });
    expect(noticeOf({ type: 'device.added', unitId: 'U2', at: 1 }, prefs)).toBeNull();
    expect(noticeOf({ type: 'device.added', unitId: 'U2', at: 1 }, undefined)).toEqual({ kind: 'deviceAdded', unitId: 'U2', at: 1 });
  });

  it('gives a unit alert a sound for critical and none for warning by default, as the user sets it otherwise', () => {
    const alert = (level: 'critical' | 'warning'): RealtimeEvent => ({
      type: 'alert.raised',
      alert: { id: 'a1', type: 'battery', level, message: 'Battery low', unitId: 'U1', serverId: null, channelId: null, raisedAt: '2026-01-01T00:00:00.000Z' },
      at: 1,
    });
    expect(noticeOf(alert('critical'), undefined)).toMatchObject({ kind: 'alert', sound: true });
    expect(noticeOf(alert('warning'), undefined)).toMatchObject({ kind: 'alert', sound: false });
    expect(noticeOf(alert('warning'), { unitAlertsSoundSettings: { critical: false, warning: true } })).toMatchObject({ sound: true });
    expect(noticeOf(alert('critical'), { unitAlertsSoundSettings: { critical: false, warning: true } })).toMatchObject({ sound: false });
  });

  it('tells a hub or a channel going offline (not its first report, not a repeat), whatever the unit settings', () => {
    const off = { unitAlertsSettings: Object.fromEntries(Object.keys(DEFAULT_ALERT_SETTINGS).map((key) => [key, false])) };
    expect(noticeOf({ type: 'server.status', serverId: 'S1', status: 'offline', previous: 'online', at: 1 }, off)).toEqual({
      kind: 'serverOffline',
      serverId: 'S1',
      at: 1,
    });
    expect(noticeOf({ type: 'server.status', serverId: 'S1', status: 'offline', previous: null, at: 1 }, off)).toBeNull();
    expect(noticeOf({ type: 'server.status', serverId: 'S1', status: 'online', previous: 'offline', at: 1 }, off)).toBeNull();
    expect(noticeOf({ type: 'channel.status', channelId: 'C1', serverId: 'S1', status: 'offline', previous: 'collecting', at: 1 }, off)).toEqual({
      kind: 'channelOffline',
      channelId: 'C1',
      serverId: 'S1',
      at: 1,
    });
    expect(noticeOf({ type: 'channel.status', channelId: 'C1', serverId: 'S1', status: 'offline', previous: 'offline', at: 1 }, off)).toBeNull();
  });
});
