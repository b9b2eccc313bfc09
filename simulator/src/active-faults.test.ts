import { describe, expect, it } from 'vitest';
import { ActiveFaults, partOf } from './active-faults.js';

describe('active faults', () => {
  it('keeps one entry per part: a later fault replaces it, a return to normal ends it, clear gives what undoes it', () => {
    const faults = new ActiveFaults();
    faults.record({ unitId: 'U1', fault: { type: 'modemSignal', modem: 1, factor: 0.2 } }, 10);
    faults.record({ unitId: 'U1', fault: { type: 'modemSignal', modem: 1, factor: 0.1 } }, 20);
    faults.record({ serverId: 'S1', fault: { type: 'channelLicense', channelId: 'C1', licensed: false } }, 15);
    // Operations and settings without a normal value are not tracked.
    faults.record({ unitId: 'U1', fault: { type: 'reboot' } }, 30);
    faults.record({ unitId: 'U1', fault: { type: 'battery', percentage: 5 } }, 30);
    expect(faults.list().map((f) => [f.id, f.since])).toEqual([
      ['server:S1:channel:C1:licence', 15],
      ['unit:U1:modem:1:signal', 20],
    ]);
    expect(faults.restores('unit:U1:modem:1:signal')).toEqual([
      { id: 'unit:U1:modem:1:signal', restore: { unitId: 'U1', fault: { type: 'modemSignal', modem: 1, factor: 1 } } },
    ]);
    // Anyone bringing the part back to normal (a scenario, the demo) ends the entry.
    faults.observe({ serverId: 'S1', fault: { type: 'channelLicense', channelId: 'C1', licensed: true } });
    expect(faults.list().map((f) => f.id)).toEqual(['unit:U1:modem:1:signal']);
    faults.forget();
    expect(faults.list()).toEqual([]);
  });

  it('undoes each tracked fault with its normal state', () => {
    expect(partOf({ unitId: 'U1', fault: { type: 'modemFail', modem: 2 } })?.restore).toEqual({ unitId: 'U1', fault: { type: 'modemRecover', modem: 2 } });
    expect(partOf({ unitId: 'U1', fault: { type: 'power', on: false } })?.restore).toEqual({ unitId: 'U1', fault: { type: 'power', on: true } });
    expect(partOf({ unitId: 'U1', fault: { type: 'bitrateDrop', factor: 0.3 } })?.restore).toEqual({ unitId: 'U1', fault: { type: 'bitrateRestore' } });
    expect(partOf({ serverId: 'S1', fault: { type: 'serverPower', on: false } })?.restore).toEqual({
      serverId: 'S1',
      fault: { type: 'serverPower', on: true },
    });
    expect(partOf({ unitId: 'U1', fault: { type: 'upgradeOutcome', code: 6199 } })?.restore).toEqual({
      unitId: 'U1',
      fault: { type: 'upgradeOutcome', code: null },
    });
    expect(partOf({ unitId: 'U1', fault: { type: 'modemRecover', modem: 2 } })?.isNormal).toBe(true);
  });
});
