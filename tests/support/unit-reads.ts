/**
 * The unit reads' stack (tests/integration/unit-reads-*.test.ts): the real core and simulator with
 * two units of stored state only (no device behind one, one visible to luc_regular by group only), a
 * session per role, and the reads' helpers.
 */
import { expect } from 'vitest';
import { blockStack } from './block-stack.js';
import { eventually, startTestStack, type Provider, type TestStack } from './stack.js';

export type Res = Awaited<ReturnType<TestStack['app']['inject']>>;

/** A unit with no device behind it (never reports): stored state only. */
export const NODEV = 'TESTNODEV-0001';
/** A unit in Metro-TV's inventory but also in group Newsroom: visible to luc_regular by group only. */
export const CROSS = 'TESTCROSS-0001';
export const HIDDEN = 'LU800-0005';
export const LU800 = 'LU800-0001';

/** The roles the reads are made as: `cookies.regular` is luc_regular's session, and so on. */
const ROLES = { regular: 'luc_regular', read: 'luc_read', superUser: 'super_user', admin: 'luc_admin', curator: 'luc_curator', partner: 'luc_partner' };

/**
 * The stack of a describe block (started before its tests, closed after them), its sessions once
 * logged in, and the calls its tests make.
 */
export function unitReadsStack(provider: Provider) {
  const { ctx, cookies } = blockStack(
    () => startTestStack({ provider }),
    ROLES,
    async (s) => {
      const base = {
        comment: '',
        status: 'offline',
        swVersion: '8.5',
        sharing: false,
        license: { valid: true, kind: 'days', pro: false, fourK: false, raHours: 1, rlHours: 2 },
        capabilities: { intercom: true },
        services: [],
        configuration: {},
        telemetry: {},
      };
      await db().unit.create({
        data: {
          ...base,
          id: NODEV,
          name: 'Test-NoDevice',
          productType: 'LU-Smart',
          typeGroup: 'smartUnits',
          serialNumber: 'TESTSER-1',
          latitude: 48.1,
          longitude: 11.5,
          address: 'Marienplatz 1',
        },
      });
      await db().unitInventory.create({ data: { unitId: NODEV, inventoryId: 'inv-global' } });
      await db().unitGroup.create({ data: { unitId: NODEV, groupId: 'grp-newsroom' } });
      await db().unit.create({ data: { ...base, id: CROSS, name: 'Test-Cross', productType: 'LU800', typeGroup: 'fieldUnits', serialNumber: 'TESTSER-2' } });
      await db().unitInventory.create({ data: { unitId: CROSS, inventoryId: 'inv-metro' } });
      await db().unitGroup.create({ data: { unitId: CROSS, groupId: 'grp-newsroom' } });
      // Wait for the simulator's first telemetry of the unit most tests read.
      await eventually(async () => (s.app.services.telemetry.get(LU800)?.modems.length ?? 0) > 0);
    },
  );
  const get = (url: string, cookie?: string): Promise<Res> => ctx.s.app.inject({ method: 'GET', url: `/api${url}`, headers: cookie ? { cookie } : {} });
  const ok = async (url: string, cookie: string) => {
    const res = await get(url, cookie);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const expectError = (res: Res, status: number, code: string, fields?: { path: string; message: string }[]) => {
    expect(res.statusCode, res.body).toBe(status);
    const body = res.json();
    expect(body.error.code).toBe(code);
    if (fields) expect(body.error.fields).toEqual(fields);
  };
  const db = () => ctx.s.app.services.db;

  return { ctx, cookies, get, ok, expectError, db };
}
