import { describe, expect, it } from 'vitest';
import type { DeviceEvent } from '@fleet/contracts';
import { DeviceEvents, reportingDevice } from './device-events.js';
import type { DeviceGateway } from './gateway.js';

/** A gateway that only hands device events over, as the real one does once it has checked them. */
function fakeGateway() {
  let listener: ((event: DeviceEvent, at: number) => void) | null = null;
  const gateway = {
    onDeviceEvent: (l: (event: DeviceEvent, at: number) => void) => {
      listener = l;
    },
  } as unknown as DeviceGateway; // only onDeviceEvent is used by DeviceEvents
  return { gateway, report: (event: DeviceEvent, at = 0) => listener?.(event, at) };
}

const tally = (unitId: string, tally: 'program' | 'preview' | 'off'): DeviceEvent => ({ type: 'tally', unitId, tally });
const channel = (serverId: string, channelId: string, status: string): DeviceEvent =>
  ({ type: 'channelState', serverId, channelId, status, allocatedToUnitUid: null }) as DeviceEvent;

/** A handler step that finishes when the test says so. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((r) => {
    open = r;
  });
  return { opened, open };
}

describe('device events', () => {
  it('names the reporting device of every kind: servers for their channels, units for theirs', () => {
    expect(reportingDevice(channel('MMH-0001', 'MMH-0001-CH1', 'idle'))).toBe('server:MMH-0001');
    expect(reportingDevice(tally('LU800-0001', 'off'))).toBe('unit:LU800-0001');
    expect(reportingDevice({ type: 'upgrade', deviceType: 'server', deviceId: 'TRX-0001' } as DeviceEvent)).toBe('server:TRX-0001');
    expect(reportingDevice({ type: 'alert', unitId: null, serverId: 'MMH-0002', channelId: null } as DeviceEvent)).toBe('server:MMH-0002');
  });

  it("applies one device's reports in order and other devices' reports meanwhile; settle waits for all", async () => {
    const { gateway, report } = fakeGateway();
    const events = new DeviceEvents(gateway, { error: () => {} });
    const applied: string[] = [];
    const slow = gate();
    events.on('tally', async (e) => {
      if (e.unitId === 'A' && e.tally === 'program') await slow.opened;
      applied.push(`${e.unitId}:${e.tally}`);
    });
    report(tally('A', 'program'));
    report(tally('A', 'off'));
    report(tally('B', 'preview'));
    let settled = false;
    const settling = events.settle().then(() => {
      settled = true;
    });
    await new Promise((r) => setTimeout(r, 10));
    // B did not wait for A's slow report; A's second report waits for its first.
    expect(applied).toEqual(['B:preview']);
    expect(settled).toBe(false);
    slow.open();
    await settling;
    expect(applied).toEqual(['B:preview', 'A:program', 'A:off']);
  });

  it('goes on with a device after one of its reports failed', async () => {
    const { gateway, report } = fakeGateway();
    const errors: unknown[] = [];
    const events = new DeviceEvents(gateway, { error: (obj) => errors.push(obj) });
    const applied: string[] = [];
    events.on('tally', (e) => {
      if (e.tally === 'program') throw new Error('refused');
      applied.push(e.tally);
    });
    report(tally('A', 'program'));
    report(tally('A', 'preview'));
    await events.settle();
    expect(applied).toEqual(['preview']);
    expect(errors).toHaveLength(1);
  });
});
