import { describe, expect, it } from 'vitest';
import { harness, TEST_TIMINGS, unitSpec } from '../testing/harness.js';

const start = TEST_TIMINGS.streamStartMs[1];
const stop = TEST_TIMINGS.streamStopMs[1];

describe('configuration reactions (unit updates)', () => {
  it('keeps every applied setting by name; refuses a setting it does not know', () => {
    const h = harness();
    expect(h.configure('delay', { delayMs: 2500, mode: 'normal' })).toEqual({ ok: true });
    expect(h.device.settings.configuration).toEqual({ delay: { delayMs: 2500, mode: 'normal' } });
    expect(h.configure('warpDrive' as never, { on: true })).toEqual({ ok: false, error: 'VALIDATION_FAILED' });
    expect(Object.keys(h.device.settings.configuration)).toEqual(['delay']);
  });

  it('operational mode: applied as changeAvicMode for a few seconds; refused (and not kept) while the unit is busy', () => {
    const h = harness();
    expect(h.configure('operationalMode', { workingMode: 'databridge' })).toEqual({ ok: true });
    expect(h.device.applications.changeAvicMode).toEqual({ state: 'running' });
    h.advance(TEST_TIMINGS.settingApplyMs[1]);
    expect(h.device.applications.changeAvicMode).toBeUndefined();
    h.startStream();
    expect(h.configure('operationalMode', { workingMode: 'video' })).toEqual({ ok: false, error: 'UNIT_BUSY' });
    expect(h.device.settings.configuration.operationalMode).toEqual({ workingMode: 'databridge' });
  });

  it('IP pipe: enabling connects it (connecting → running), disabling takes it down (disconnecting → gone)', () => {
    const h = harness();
    h.configure('ipPipe', { enabled: true, serverId: 'MMH-1', port: 5000 });
    expect(h.device.applications.l2ControlPipe?.state).toBe('connecting');
    h.advance(start);
    expect(h.device.applications.l2ControlPipe?.state).toBe('running');
    h.configure('ipPipe', { enabled: false });
    expect(h.device.applications.l2ControlPipe?.state).toBe('disconnecting');
    h.advance(stop);
    expect(h.device.applications).toEqual({});
  });

  it('interfaces: enabled and disabled by port like link configuration; the last connected interface stays', () => {
    const h = harness();
    expect(h.configure('interfaces', { port: 2, enabled: false })).toEqual({ ok: true });
    expect(h.device.links[1]!.enabled).toBe(false);
    expect(h.configure('interfaces', { port: 40, enabled: false })).toEqual({ ok: false, error: 'INTERFACE_NOT_PRESENT' });
    h.configure('interfaces', { port: 2, enabled: true });
    h.advance(TEST_TIMINGS.linkToggleMs[1]);
    expect(h.device.links[1]).toMatchObject({ enabled: true, connected: true });
    const ptp = harness({ spec: unitSpec('P1', { typeGroup: 'ptpUnits' }) });
    ptp.fault({ type: 'modemEnable', modem: 2, enabled: false });
    expect(ptp.configure('interfaces', { port: 1, enabled: false })).toEqual({ ok: false, error: 'LAST_INTERFACE' });
    expect(ptp.device.settings.configuration.interfaces).toBeUndefined();
  });

  it('transmission mode: Store & Forward needs the SD card', () => {
    expect(harness().configure('transmissionMode', { transmissionMode: 'storeAndForward' })).toEqual({ ok: true });
    const noCard = harness({ spec: unitSpec('N1', { capabilities: { sdCard: false } }) });
    expect(noCard.configure('transmissionMode', { transmissionMode: 'storeAndForward' })).toEqual({ ok: false, error: 'VALIDATION_FAILED' });
  });

  it('store-and-forward quality: recordings use it', () => {
    const h = harness();
    expect(h.configure('storeAndForwardQuality', { quality: 'low_h265' })).toEqual({ ok: true });
    expect(h.device.settings.storeAndForwardQuality).toBe('low_h265');
    expect(h.configure('storeAndForwardQuality', { quality: 'ultra' })).toEqual({ ok: false, error: 'VALIDATION_FAILED' });
    expect(h.device.settings.storeAndForwardQuality).toBe('low_h265');
  });
});
