/**
 * A command's answer is the unit's state as of the device's acknowledgement: what the device
 * reported before it, nothing it reported after. A stand-in shard (attached to the core's device
 * gateway like the simulator's, but scripted) answers each command with one frame holding the
 * state before (connecting / stopping), the acknowledgement and the state after (running / gone),
 * which is what a busy core receives when a device moves on quickly: the later report is then
 * handled before the call's continuation runs. The answer must still say `connecting`
 * (`stopping`), and the state after must be applied and published all the same.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Applications, CoreGatewayEnd, CoreToDevice, DeviceToCore } from '@fleet/contracts';
import { deriveUnitStatus } from '@fleet/domain';
import { providers, startTestStack, type TestStack } from '../support/stack.js';

const UNIT = 'LU800-0001';

/** What the stand-in device reports around its acknowledgement of each kind of command. */
function around(command: Extract<CoreToDevice, { kind: 'command' }>['command']): { before: Applications; after: Applications } | null {
  if (command.type === 'startStream') return { before: { video: { state: 'connecting' } }, after: { video: { state: 'running' } } };
  if (command.type === 'stopStream') return { before: { video: { state: 'disconnecting' } }, after: {} };
  if (command.type === 'action' && command.action === 'stopDatabridge') return { before: { databridge: { state: 'stopping' } }, after: {} };
  return null;
}

/** A shard whose devices are online and idle, answering commands as {@link around} says, in one frame. */
function scriptedShard(): CoreGatewayEnd {
  const handlers: ((m: DeviceToCore) => void)[] = [];
  const emit = (m: DeviceToCore) => setImmediate(() => handlers.forEach((h) => h(m)));
  let applications: Applications = {};
  return {
    send(msg) {
      if (msg.kind === 'assign') {
        emit({
          kind: 'batch',
          messages: msg.devices.map((d) => ({ kind: 'state' as const, unitId: d.unitId, online: true, applications: {}, at: Date.now() })),
        });
      } else if (msg.kind === 'command') {
        const script = around(msg.command);
        if (!script) return emit({ kind: 'ack', commandId: msg.commandId, ok: true });
        applications = script.after;
        const at = Date.now();
        emit({
          kind: 'batch',
          messages: [
            { kind: 'state', unitId: msg.unitId, online: true, applications: script.before, at },
            { kind: 'ack', commandId: msg.commandId, ok: true },
            { kind: 'state', unitId: msg.unitId, online: true, applications, at: at + 40 },
          ],
        });
      }
    },
    onMessage: (h) => void handlers.push(h),
    onClose: () => undefined,
    close: () => undefined,
  };
}

describe.each(providers())('command answers as of the acknowledgement on %s', (provider) => {
  let s: TestStack;
  let cookie: string;
  beforeAll(async () => {
    s = await startTestStack({ provider, simulator: false });
    s.app.services.gateway.attach(scriptedShard(), { trusted: true });
    cookie = await s.login('luc_regular');
    // The stand-in reports its devices online as they are assigned.
    for (let i = 0; i < 200 && (await unit()).status !== 'idle'; i++) await new Promise((r) => setTimeout(r, 50));
  });
  afterAll(async () => s?.close());

  const call = (method: 'POST' | 'DELETE', url: string) => s.app.inject({ method, url: `/api${url}`, headers: { cookie } });
  const unit = async () =>
    (await s.app.inject({ method: 'GET', url: `/api/v2/units/${UNIT}`, headers: { cookie } })).json() as { status: string; applications: Applications };

  it('a stream start answers connecting although the running report came in the same frame, which is applied after', async () => {
    const start = await call('POST', `/v2/units/${UNIT}/stream`);
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json().status).toBe(deriveUnitStatus({ video: { state: 'connecting' } }));
    await expect.poll(async () => (await unit()).status).toBe(deriveUnitStatus({ video: { state: 'running' } }));
    const stop = await call('DELETE', `/v2/units/${UNIT}/stream`);
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.json().status).toBe(deriveUnitStatus({ video: { state: 'disconnecting' } }));
    await expect.poll(async () => (await unit()).status).toBe('idle');
  });

  it('a stop action answers its application stopping, and the unit is idle once the report after it is applied', async () => {
    const stop = await call('DELETE', `/v2/units/${UNIT}/stream/databridge`);
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.json()).toMatchObject({ uniqueId: UNIT, action: 'stopDatabridge', accepted: true, applications: { databridge: { state: 'stopping' } } });
    await expect.poll(async () => (await unit()).applications).toEqual({});
  });
});
