/**
 * The simulator keeps, on its own, the rules the core holds people to (core + in-process simulator):
 * a unit whose video licence is invalid streams neither for a person (the core refuses) nor by its
 * own autonomy, and starts to once the core's licence is valid; a unit an operator stopped is not
 * started again by its autonomy (the demo's motion and timeline act through the same `autonomy`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UnitDetail, UnitSummary } from '@fleet/contracts';
import { checkFleet, describeViolation, readFleet } from '@fleet/simulator';
import { coreCall, eventually, startTestStack, type TestStack } from '../support/stack.js';

describe('the simulator keeps the rules people are held to', () => {
  let s: TestStack;
  let superUser: string;

  beforeAll(async () => {
    s = await startTestStack();
    superUser = await s.login('super_user');
  });
  afterAll(async () => s?.close());

  const sim = () => s.sim!;
  const unit = async (id: string) => (await coreCall(s, 'GET', `/v2/units/${id}`, superUser)).json() as UnitDetail;
  const idleUnit = (licensed: boolean) =>
    eventually(async () => {
      const list = (await coreCall(s, 'GET', '/devices/fetch', superUser)).json() as UnitSummary[];
      return list.find((u) => u.status === 'idle' && u.licenseValid === licensed && u.uniqueId.startsWith('LU') && sim().device(u.uniqueId)?.online);
    });
  const invariants = () => checkFleet(readFleet(sim().units(), sim().servers(), sim().clock.now())).map(describeViolation);

  it('an unlicensed unit streams neither for a person nor on its own, until the core’s licence is valid', async () => {
    const u = await idleUnit(false);
    const res = await coreCall(s, 'POST', `/v2/units/${u.uniqueId}/stream`, superUser);
    expect(res.json().error?.code).toBe('UNIT_VIDEO_LICENSE_INVALID');
    // Its autonomy (the demo's motion, or the timeline's `autonomy` step) is refused the same way: a
    // start it made would show at once (connecting).
    for (let i = 0; i < 5; i++) {
      sim().inject({ unitId: u.uniqueId, fault: { type: 'autonomy' } });
      expect(sim().device(u.uniqueId)!.applications.video).toBeUndefined();
    }
    expect(invariants()).toEqual([]);

    // The core's licence made valid: the device hears of it and may stream.
    const row = await s.app.services.db.unit.findUniqueOrThrow({ where: { id: u.uniqueId }, select: { license: true } });
    await s.app.services.db.unit.update({ where: { id: u.uniqueId }, data: { license: { ...(row.license as object), valid: true } } });
    const started = await coreCall(s, 'POST', `/v2/units/${u.uniqueId}/stream`, superUser);
    expect(started.statusCode, started.body).toBe(200);
    await eventually(async () => sim().device(u.uniqueId)!.applications.video?.state === 'running');
    await coreCall(s, 'DELETE', `/v2/units/${u.uniqueId}/stream`, superUser);
  });

  it('a unit an operator stopped is not started again by its autonomy', async () => {
    const u = await idleUnit(true);
    expect((await coreCall(s, 'POST', `/v2/units/${u.uniqueId}/stream`, superUser)).statusCode).toBe(200);
    await eventually(async () => (await unit(u.uniqueId)).status === 'streaming');
    expect((await coreCall(s, 'DELETE', `/v2/units/${u.uniqueId}/stream`, superUser)).statusCode).toBe(200);
    await eventually(async () => (await unit(u.uniqueId)).status === 'idle');
    for (let i = 0; i < 5; i++) {
      sim().inject({ unitId: u.uniqueId, fault: { type: 'autonomy' } });
      expect(sim().device(u.uniqueId)!.applications).toEqual({});
    }
    expect((await unit(u.uniqueId)).status).toBe('idle');
    expect(invariants()).toEqual([]);
  });
});
