import { describe, expect, it } from 'vitest';
import type { ServerCommand } from '@fleet/contracts';
import { defaultAlertConfig } from '../models/alerts.js';
import { Rng } from '../rng.js';
import { ServerDevice } from '../server-device.js';
import { harness, SERVERS } from '../testing/harness.js';
import { DEFAULT_SERVER_TIMINGS } from '../timings.js';
import { CHANNEL_LOGS_MS } from './channel-configuration.js';
import { reactToServerCommand } from './server-commands.js';

const configure = (channelId: string, setting: string): ServerCommand => ({ type: 'configureChannel', channelId, setting, payload: {} });
const act = (channelId: string, action: string, payload: Record<string, boolean> = {}): ServerCommand => ({
  type: 'channelAction',
  channelId,
  action,
  payload,
});

describe('channel configuration reactions of a server', () => {
  it('accepts the modal settings on an idle channel; refuses an output change on a collecting one', () => {
    const h = harness();
    const hub = h.world.server('MMH-1')!;
    for (const setting of ['ffmpeg', 'smpte', 'streamingDestination', 'overlay', 'socialMedia', 'bandwidthLimit']) {
      expect(reactToServerCommand(hub, configure('CH-OUT', setting)), setting).toEqual({ ok: true });
    }
    hub.channels.get('CH-OUT')!.status = 'collecting';
    expect(reactToServerCommand(hub, configure('CH-OUT', 'ffmpeg'))).toEqual({ ok: false, error: 'CHANNEL_BUSY' });
    expect(reactToServerCommand(hub, configure('CH-OUT', 'smpte'))).toEqual({ ok: false, error: 'CHANNEL_BUSY' });
    // What does not change the output still applies while collecting.
    expect(reactToServerCommand(hub, configure('CH-OUT', 'overlay'))).toEqual({ ok: true });
    expect(reactToServerCommand(hub, configure('NOPE', 'ffmpeg'))).toEqual({ ok: false, error: 'NOT_FOUND' });
  });

  it('refuses SMPTE 2110 off a multimedia hub ("Feature disabled")', () => {
    const h = harness();
    const spec = { ...SERVERS[1]!, serverId: 'VRS-1', serverType: 'vr_server' as const };
    const vr = new ServerDevice(spec, h.clock, new Rng(3), DEFAULT_SERVER_TIMINGS, defaultAlertConfig(), () => undefined, true);
    expect(reactToServerCommand(vr, configure('CH-2', 'smpte'))).toEqual({ ok: false, error: 'FEATURE_DISABLED' });
    expect(reactToServerCommand(vr, configure('CH-2', 'ffmpeg'))).toEqual({ ok: true });
  });

  it('changes input sources of input channels only', () => {
    const hub = harness().world.server('MMH-1')!;
    expect(reactToServerCommand(hub, act('CH-IN', 'addInputSource'))).toEqual({ ok: true });
    expect(reactToServerCommand(hub, act('CH-OUT', 'addInputSource'))).toEqual({ ok: false, error: 'CHANNEL_NOT_INPUT' });
  });

  it('sends one channel’s logs at a time, for a few seconds, then is free again and says so', () => {
    const h = harness();
    const hub = h.world.server('MMH-1')!;
    expect(reactToServerCommand(hub, act('CH-OUT', 'fetchLogs', { start: true }))).toEqual({ ok: true });
    expect(hub.sendingLogsFor).toBe('CH-OUT');
    expect(reactToServerCommand(hub, act('CH-PREVIEW', 'fetchLogs', { start: true }))).toEqual({ ok: false, error: 'SERVER_BUSY_SENDING_LOGS' });
    expect(reactToServerCommand(hub, act('CH-IN', 'fetchLogs', { start: true }))).toEqual({ ok: false, error: 'CHANNEL_NO_LOGS' });
    h.advance(CHANNEL_LOGS_MS);
    expect(hub.sendingLogsFor).toBeNull();
    expect(h.events('channelLogs')).toEqual([{ type: 'channelLogs', serverId: 'MMH-1', channelId: 'CH-OUT', state: 'completed' }]);
    hub.channels.get('CH-PREVIEW')!.status = 'collecting';
    expect(reactToServerCommand(hub, act('CH-PREVIEW', 'fetchLogs', { start: true }))).toEqual({ ok: false, error: 'CHANNEL_BUSY_OR_OFFLINE_LOGS' });
    expect(reactToServerCommand(hub, act('CH-OUT', 'fetchLogs', { start: true }))).toEqual({ ok: true });
    expect(reactToServerCommand(hub, act('CH-OUT', 'fetchLogs', { start: false }))).toEqual({ ok: true });
    expect(hub.sendingLogsFor).toBeNull();
    expect(h.events('channelLogs').at(-1)).toMatchObject({ channelId: 'CH-OUT', state: 'stopped' });
    // The first run's timer, still pending, does not end the second run.
    h.advance(CHANNEL_LOGS_MS);
    expect(h.events('channelLogs')).toHaveLength(2);
  });
});
