/**
 * Spec 000 §5 "At least two interfaces must stay connected; the last one cannot be disabled",
 * through the real HTTP surface on real SQLite and PostgreSQL with the real simulator: disabling
 * one of exactly two connected interfaces is refused (409 LAST_INTERFACE with the spec's words) by
 * the link configuration command, by PUT interfaces/config and by wifi disconnect, and nothing
 * changes — not the device, not the stored configuration; with three connected, one may go.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION, type Modem } from '@fleet/contracts';
import { eventually, FAST_TIMINGS, providers, startTestStack, type TestStack } from '../support/stack.js';

const TIMINGS = { ...FAST_TIMINGS, settingApplyMs: [100, 150], linkToggleMs: [100, 150] } as const;
/** Ethernet (m1) and one modem (m2): exactly two connected interfaces. */
const TWO_LINKS = 'PTP-0001';
/** One modem (m1) and Wi-Fi (m2): exactly two connected interfaces. */
const MODEM_AND_WIFI = 'LUSMART-0002';
const LAST_INTERFACE = { code: 'LAST_INTERFACE', message: VALIDATION.lastInterface, fields: [{ path: 'body.enabled', message: VALIDATION.lastInterface }] };

describe.each(providers())('the two-interface rule on %s', (provider) => {
  let s: TestStack;
  let cookie: string;

  beforeAll(async () => {
    s = await startTestStack({ provider, simulatorTimings: TIMINGS });
    cookie = await s.login('luc_regular');
    await eventually(async () => {
      for (const id of [TWO_LINKS, MODEM_AND_WIFI, 'LU800-0001']) {
        const unit = await s.app.inject({ method: 'GET', url: `/api/v2/units/${id}`, headers: { cookie } });
        if (unit.json().status !== 'idle' || live(id).length === 0) return false;
      }
      return true;
    });
  });
  afterAll(async () => s?.close());

  const modems = (id: string): Modem[] => s.app.services.telemetry.get(id)?.modems ?? [];
  const live = (id: string) => modems(id).filter((m) => m.connected && m.enabled);
  const device = (id: string) => {
    const d = s.sim?.device(id);
    if (!d) throw new Error(`no simulated device ${id}`);
    return d;
  };
  const command = (id: string, kind: string, body: unknown = {}) =>
    s.app.inject({ method: 'POST', url: `/api/devices/${id}/commands/${kind}`, headers: { cookie }, payload: body as object });
  const interfacesConfig = (id: string, body: unknown) =>
    s.app.inject({ method: 'PUT', url: `/api/v2/units/${id}/interfaces/config`, headers: { cookie }, payload: body as object });
  /** What a refused request must leave alone: the unit row and the device's links. */
  const state = async (id: string) => {
    const row = await s.app.services.db.unit.findUniqueOrThrow({ where: { id }, select: { version: true, configuration: true } });
    return JSON.stringify({ row, links: device(id).links.map((l) => ({ id: l.id, enabled: l.enabled, connected: l.connected })) });
  };

  it('refuses to disable either of exactly two connected interfaces (link configuration), changing nothing', async () => {
    expect(
      live(TWO_LINKS)
        .map((m) => m.id)
        .sort(),
    ).toEqual([`${TWO_LINKS}-m1`, `${TWO_LINKS}-m2`]);
    const before = await state(TWO_LINKS);
    for (const modemId of [`${TWO_LINKS}-m1`, `${TWO_LINKS}-m2`]) {
      const res = await command(TWO_LINKS, 'linkConfiguration', { modemId, enabled: false });
      expect(res.statusCode, `${modemId}: ${res.body}`).toBe(409);
      expect(res.json().error).toEqual(LAST_INTERFACE);
    }
    expect(await state(TWO_LINKS)).toBe(before);
    expect(live(TWO_LINKS)).toHaveLength(2);
  });

  it('refuses the same through PUT interfaces/config, changing nothing', async () => {
    const before = await state(TWO_LINKS);
    for (const port of [1, 2]) {
      const res = await interfacesConfig(TWO_LINKS, { port, enabled: false });
      expect(res.statusCode, `port ${port}: ${res.body}`).toBe(409);
      expect(res.json().error).toEqual(LAST_INTERFACE);
    }
    expect(await state(TWO_LINKS)).toBe(before);
    // Re-enabling an enabled interface is no disabling: accepted.
    expect((await interfacesConfig(TWO_LINKS, { port: 2, enabled: true })).statusCode).toBe(200);
  });

  it('refuses wifi disconnect when Wi-Fi is one of exactly two connected interfaces', async () => {
    expect(live(MODEM_AND_WIFI)).toHaveLength(2);
    const before = await state(MODEM_AND_WIFI);
    const res = await command(MODEM_AND_WIFI, 'wifiDisconnect');
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'LAST_INTERFACE', message: VALIDATION.lastInterface });
    expect(await state(MODEM_AND_WIFI)).toBe(before);
  });

  it('lets one of three or more connected interfaces go, then holds the last two', async () => {
    const unit = 'LU800-0001';
    const start = live(unit);
    expect(start.length).toBeGreaterThanOrEqual(3);
    // Disable all but two, one at a time: each leaves at least two connected.
    for (const m of start.slice(2)) {
      const res = await command(unit, 'linkConfiguration', { modemId: m.id, enabled: false });
      expect(res.statusCode, `${m.id}: ${res.body}`).toBe(200);
      await eventually(async () => modems(unit).find((x) => x.id === m.id)?.enabled === false);
    }
    expect(live(unit)).toHaveLength(2);
    const before = await state(unit);
    for (const m of start.slice(0, 2)) {
      const res = await command(unit, 'linkConfiguration', { modemId: m.id, enabled: false });
      expect(res.statusCode, `${m.id}: ${res.body}`).toBe(409);
      expect(res.json().error).toEqual(LAST_INTERFACE);
    }
    expect(await state(unit)).toBe(before);
    // Disabling one that is already off takes nothing away.
    expect((await command(unit, 'linkConfiguration', { modemId: start[2]!.id, enabled: false })).statusCode).toBe(200);
    for (const m of start.slice(2)) expect((await command(unit, 'linkConfiguration', { modemId: m.id, enabled: true })).statusCode).toBe(200);
    await eventually(async () => live(unit).length === start.length, 5000);
  });
});
