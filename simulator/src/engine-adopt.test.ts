/**
 * A unit the core registers while the fleet runs (a device that joined a group with a code, an
 * admin's new unit, a generated fleet) reaches the shard in the core's next assignment: the engine
 * starts running it like the others — it boots, reports its state and telemetry, and answers
 * commands — while the devices it already ran go on undisturbed; a reset restarts it with them.
 */
import { describe, expect, it } from 'vitest';
import type { DeviceSpec, DeviceToCore } from '@fleet/contracts';
import { engineHarness, TEST_TIMINGS, unitSpec } from './testing/harness.js';

const FLEET: DeviceSpec[] = [unitSpec('U1'), unitSpec('U2')];
/** An LU-Smart that joined at run time. */
const JOINED = unitSpec('LUSMART-7KX2M4QP', { name: 'Guest-Cam-1', productType: 'LU-Smart', typeGroup: 'smartUnits', capabilities: { intercom: true } });

const reportsOf = (log: readonly DeviceToCore[], unitId: string) =>
  log.filter((m): m is Extract<DeviceToCore, { kind: 'state' | 'telemetry' }> => (m.kind === 'state' || m.kind === 'telemetry') && m.unitId === unitId);

describe('simulator engine: a unit registered at run time', () => {
  it('is adopted from the next assignment: it boots, reports state and telemetry, answers commands; the others run on', async () => {
    const { engine, log, send, flush } = await engineHarness({ devices: FLEET, seed: 5, timings: TEST_TIMINGS });
    const advance = async (ms: number) => {
      engine.clock.advance(ms);
      await flush();
    };
    await advance(5000);
    const before = engine.device('U1');
    expect(before?.online).toBe(true);
    expect(engine.device(JOINED.unitId)).toBeUndefined();

    send({ kind: 'assign', devices: [...FLEET, JOINED] });
    await flush();
    await advance(5000);
    const adopted = engine.device(JOINED.unitId);
    expect(adopted?.online).toBe(true);
    expect(engine.deviceCount()).toBe(3);
    const reports = reportsOf(log, JOINED.unitId);
    expect(reports.some((m) => m.kind === 'state' && m.online)).toBe(true);
    expect(reports.some((m) => m.kind === 'telemetry' && m.modems.length > 0)).toBe(true);
    // The devices it already ran are the same ones, never restarted (no offline report since they booted).
    expect(engine.device('U1')).toBe(before);
    expect(reportsOf(log, 'U1').filter((m) => m.kind === 'state' && !m.online)).toEqual([]);

    // It answers commands like any unit.
    const at = log.length;
    send({ kind: 'command', commandId: 'rename-1', unitId: JOINED.unitId, command: { type: 'rename', name: 'Guest-Cam-2' } });
    await flush();
    expect(log.slice(at).find((m) => m.kind === 'ack')).toMatchObject({ commandId: 'rename-1', ok: true });

    // A reset restarts it with the rest of the fleet.
    engine.reset(9);
    await advance(5000);
    expect(engine.device(JOINED.unitId)?.online).toBe(true);
    engine.stop();
  });
});
