import { describe, expect, it } from 'vitest';
import type { ChannelSpec, DeviceEvent, ServerCommand, ServerSpec } from '@fleet/contracts';
import { defaultAlertConfig } from '../models/alerts.js';
import { PTMP } from '../models/constants.js';
import { Rng } from '../rng.js';
import { ServerDevice } from '../server-device.js';
import { channelSpec, harness } from '../testing/harness.js';
import { DEFAULT_SERVER_TIMINGS } from '../timings.js';
import { reactToServerCommand } from './server-commands.js';
import { applyServerFault } from './server-faults.js';

type Flags = Record<string, boolean | number | string | null>;
const general = (channelId: string, payload: Flags): ServerCommand => ({ type: 'configureChannel', channelId, setting: 'general', payload });
const multipoint = (channelId: string, uids: string[]): ServerCommand => ({
  type: 'configureChannel',
  channelId,
  setting: 'multipoint',
  payload: { machines: uids.map((uid) => ({ uid })) },
});

const channel = (channelId: string, type: ChannelSpec['type'], inputKind: string | null = null) =>
  channelSpec(channelId, type, { swVersion: '10.1', inputKind });

/** A transceiver with a preview channel and an encoder input, reporting into `events`. */
function transceiver(events: DeviceEvent[] = []) {
  const h = harness();
  const spec: ServerSpec = {
    serverId: 'TRX-1',
    name: 'trx',
    serverType: 'transceiver_server',
    productType: 'Transceiver',
    swVersion: '10.1',
    maxChannels: 4,
    channels: [channel('TRX-PREVIEW', 'preview'), channel('TRX-ENC', 'input', 'encoder')],
    vrChannels: [],
  };
  return { h, trx: new ServerDevice(spec, h.clock, new Rng(5), DEFAULT_SERVER_TIMINGS, defaultAlertConfig(), (e) => events.push(e), true) };
}

describe('general and multipoint configuration of a channel, refused by the device as the core refuses them', () => {
  it('refuses one output more than the server is licensed for, with the licensed count for the message; takes it once licensed', () => {
    const hub = harness().world.server('MMH-1')!;
    // MMH-1 runs one output (CH-OUT); the spec sets no licence: not limited.
    expect(reactToServerCommand(hub, general('CH-NOLIC', { forceOutput: true }))).toEqual({ ok: true });
    expect(hub.channels.get('CH-NOLIC')!.type).toBe('output');
    applyServerFault(hub, { type: 'outputLicence', outputs: 2 });
    expect(reactToServerCommand(hub, general('CH-PREVIEW', { forceOutput: true }))).toEqual({
      ok: false,
      error: 'OUTPUT_CHANNEL_LICENSE_EXCEEDED',
      params: ['2'],
    });
    expect(hub.channels.get('CH-PREVIEW')!.type).toBe('preview');
    // An output staying an output, or a change that adds none, is not counted again.
    expect(reactToServerCommand(hub, general('CH-OUT', { sdiNo: 1, output: true, distributor: true }))).toEqual({ ok: true });
    expect(reactToServerCommand(hub, general('CH-PREVIEW', { recording: true }))).toEqual({ ok: true });
    // Turning an output back into a preview frees a licence.
    expect(reactToServerCommand(hub, general('CH-NOLIC', { forceOutput: false }))).toEqual({ ok: true });
    expect(reactToServerCommand(hub, general('CH-PREVIEW', { forceOutput: true }))).toEqual({ ok: true });
  });

  it('refuses a type change of a collecting channel (CHANNEL_BUSY_CONFLICT), not a change that keeps its type', () => {
    const h = harness();
    expect(h.startStream('CH-PREVIEW')).toEqual({ ok: true });
    h.advance(1000);
    const hub = h.world.server('MMH-1')!;
    expect(hub.channels.get('CH-PREVIEW')!.status).toBe('collecting');
    expect(reactToServerCommand(hub, general('CH-PREVIEW', { forceOutput: true }))).toEqual({ ok: false, error: 'CHANNEL_BUSY_CONFLICT' });
    expect(reactToServerCommand(hub, general('CH-PREVIEW', { recording: true, forceOutput: false }))).toEqual({ ok: true });
  });

  it('an input channel stays an input whatever its flags say', () => {
    const { trx } = transceiver();
    expect(reactToServerCommand(trx, general('TRX-ENC', { forceOutput: true }))).toEqual({ ok: true });
    expect(trx.channels.get('TRX-ENC')!.type).toBe('input');
  });

  it('a busy transceiver, or one receiving from an encoder, refuses general and multipoint changes (TRANSCEIVER_BUSY)', () => {
    const { trx } = transceiver();
    expect(reactToServerCommand(trx, general('TRX-PREVIEW', { recording: true }))).toEqual({ ok: true });
    applyServerFault(trx, { type: 'serverBusy', busy: true });
    expect(reactToServerCommand(trx, general('TRX-PREVIEW', { recording: false }))).toEqual({ ok: false, error: 'TRANSCEIVER_BUSY' });
    expect(reactToServerCommand(trx, multipoint('TRX-PREVIEW', ['PTMP-1']))).toEqual({ ok: false, error: 'TRANSCEIVER_BUSY' });
    applyServerFault(trx, { type: 'serverBusy', busy: false });
    applyServerFault(trx, { type: 'channelStatus', channelId: 'TRX-ENC', status: 'collecting' });
    expect(reactToServerCommand(trx, multipoint('TRX-PREVIEW', ['PTMP-1']))).toEqual({ ok: false, error: 'TRANSCEIVER_BUSY' });
    applyServerFault(trx, { type: 'channelStatus', channelId: 'TRX-ENC', status: 'idle' });
    expect(reactToServerCommand(trx, multipoint('TRX-PREVIEW', ['PTMP-1']))).toEqual({ ok: true });
    // A hub is no transceiver: busy, it still takes channel changes.
    const hub = harness().world.server('MMH-1')!;
    applyServerFault(hub, { type: 'serverBusy', busy: true });
    expect(reactToServerCommand(hub, general('CH-PREVIEW', { recording: true }))).toEqual({ ok: true });
  });
});

describe('point-to-multipoint receivers of a channel', () => {
  const ptmpReports = (events: DeviceEvent[], channelId: string) =>
    events.flatMap((e) => (e.type === 'channelState' && e.channelId === channelId && e.ptmpStatuses ? [e] : []));

  it('reports the receivers once connected, streaming with a varying bitrate while the channel collects; one lost, the others keep streaming', () => {
    const events: DeviceEvent[] = [];
    const { h, trx } = transceiver(events);
    expect(reactToServerCommand(trx, multipoint('TRX-PREVIEW', ['PTMP-1', 'PTMP-2', 'PTMP-1']))).toEqual({ ok: true });
    // Reported after the acknowledgement, once the receivers connected.
    expect(ptmpReports(events, 'TRX-PREVIEW')).toEqual([]);
    h.advance(PTMP.connectMs);
    expect(ptmpReports(events, 'TRX-PREVIEW').at(-1)).toMatchObject({
      status: 'idle',
      ptmpDelay: null,
      ptmpStatuses: [
        { uid: 'PTMP-1', status: 'idle', bitrate: 0 },
        { uid: 'PTMP-2', status: 'idle', bitrate: 0 },
      ],
    });

    applyServerFault(trx, { type: 'channelStatus', channelId: 'TRX-PREVIEW', status: 'collecting' });
    const bitrates: number[] = [];
    for (let i = 0; i < 6; i++) {
      trx.tick(5000);
      const last = ptmpReports(events, 'TRX-PREVIEW').at(-1)!;
      expect(last.ptmpStatuses!.map((r) => r.status)).toEqual(['streaming', 'streaming']);
      expect(last.ptmpDelay).toBeGreaterThan(0);
      bitrates.push(last.ptmpStatuses![0]!.bitrate);
    }
    for (const b of bitrates) expect(b).toBeGreaterThanOrEqual(PTMP.minKbps);
    expect(new Set(bitrates).size).toBeGreaterThan(1);

    expect(applyServerFault(trx, { type: 'ptmpReceiver', channelId: 'TRX-PREVIEW', uid: 'PTMP-2', lost: true })).toEqual({ ok: true });
    trx.tick(5000);
    const lost = ptmpReports(events, 'TRX-PREVIEW').at(-1)!.ptmpStatuses!;
    expect(lost[1]).toEqual({ uid: 'PTMP-2', status: 'lost', bitrate: 0 });
    expect(lost[0]!.status).toBe('streaming');
    expect(lost[0]!.bitrate).toBeGreaterThan(0);
    expect(applyServerFault(trx, { type: 'ptmpReceiver', channelId: 'TRX-PREVIEW', uid: 'NOPE', lost: true })).toEqual({ ok: false, error: 'NOT_FOUND' });

    trx.setPower(false);
    expect(
      ptmpReports(events, 'TRX-PREVIEW')
        .at(-1)!
        .ptmpStatuses!.map((r) => r.status),
    ).toEqual(['offline', 'offline']);
  });

  it('an emptied configuration is reported once more (so the core clears it); a server restarted from its spec keeps its receivers', () => {
    const events: DeviceEvent[] = [];
    const { h, trx } = transceiver(events);
    expect(reactToServerCommand(trx, multipoint('TRX-PREVIEW', ['PTMP-1']))).toEqual({ ok: true });
    expect(reactToServerCommand(trx, multipoint('TRX-PREVIEW', []))).toEqual({ ok: true });
    h.advance(PTMP.connectMs);
    expect(ptmpReports(events, 'TRX-PREVIEW').at(-1)!.ptmpStatuses).toEqual([]);

    const spec: ServerSpec = { ...trx.spec, channels: trx.spec.channels.map((c) => (c.channelId === 'TRX-PREVIEW' ? { ...c, ptmpReceivers: ['PTMP-9'] } : c)) };
    const restarted: DeviceEvent[] = [];
    new ServerDevice(spec, h.clock, new Rng(5), DEFAULT_SERVER_TIMINGS, defaultAlertConfig(), (e) => restarted.push(e), true).start();
    expect(ptmpReports(restarted, 'TRX-PREVIEW')[0]!.ptmpStatuses).toEqual([{ uid: 'PTMP-9', status: 'idle', bitrate: 0 }]);
    // Channels that never had receivers say nothing of them.
    expect(restarted.find((e) => e.type === 'channelState' && e.channelId === 'TRX-ENC')).not.toHaveProperty('ptmpStatuses');
  });
});
