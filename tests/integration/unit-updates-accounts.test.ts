/**
 * Unit updates of spec 000 §7 that the core keeps (PUT v2/units/{id}/alerts/configuration,
 * settingsConfiguration add, current user, v0 group unit settings, internal inventory-unit details),
 * optimistic concurrency (concurrent updates of different settings all land, 409 on a stale version)
 * and UNIT_OFFLINE for settings pushed to the device, through the real HTTP surface, on real SQLite
 * and PostgreSQL, with the real simulator. The stack and the helpers: tests/support/unit-updates.ts.
 */
import { describe, expect, it } from 'vitest';
import { eventually, providers } from '../support/stack.js';
import { unitUpdatesStack } from '../support/unit-updates.js';

describe.each(providers())('unit updates on %s', (provider) => {
  const { ctx, cookies, put, unit, row, configOf, detail, refused, fields } = unitUpdatesStack(provider);

  it('alerts configuration: manual with its mailing list (e-mail format), group of the unit, automatic from the last group', async () => {
    const manual = await unit('LU800-0003', 'alerts/configuration', {
      mode: 'manual',
      alerts: { battery: { enabled: false, level: 'warning' } },
      recipients: [{ email: 'desk@example.com' }, { alertType: 'battery', email: 'tech@example.com' }],
    });
    expect(manual.statusCode, manual.body).toBe(200);
    expect(manual.json().alerts).toMatchObject({
      mode: 'manual',
      groupId: null,
      alerts: { battery: { enabled: false, level: 'warning' } },
      recipients: [
        { alertType: 'all', email: 'desk@example.com', verified: false },
        { alertType: 'battery', email: 'tech@example.com', verified: false },
      ],
    });
    const badEmail = await refused(
      'LU800-0003',
      () => unit('LU800-0003', 'alerts/configuration', { mode: 'manual', recipients: [{ email: 'not-an-email' }] }),
      400,
    );
    expect(fields(badEmail)).toEqual([{ path: 'body.recipients.0.email', message: 'Invalid email format' }]);
    const dup = await refused(
      'LU800-0003',
      () => unit('LU800-0003', 'alerts/configuration', { mode: 'manual', recipients: [{ email: 'a@example.com' }, { email: 'A@example.com' }] }),
      400,
    );
    expect(fields(dup)).toEqual([{ path: 'body.recipients.1.email', message: 'This field must be unique' }]);
    expect(await ctx.s.app.services.db.alertEmailRecipient.count({ where: { alertConfiguration: { unitId: 'LU800-0003' } } })).toBe(2);
    const group = await unit('LU800-0003', 'alerts/configuration', { mode: 'group', groupId: 'grp-field-crews' });
    expect(group.json().alerts).toMatchObject({ mode: 'group', groupId: 'grp-field-crews' });
    expect(fields(await refused('LU800-0003', () => unit('LU800-0003', 'alerts/configuration', { mode: 'group', groupId: 'grp-newsroom' }), 400))).toEqual([
      { path: 'body.groupId', message: 'Invalid field: not in the group' },
    ]);
    expect(fields(await refused('LU800-0003', () => unit('LU800-0003', 'alerts/configuration', { mode: 'group' }), 400))).toEqual([
      { path: 'body.groupId', message: 'This field is required' },
    ]);
    expect(fields(await refused('LU800-0003', () => unit('LU800-0003', 'alerts/configuration', { mode: 'automatic', recipients: [] }), 400))).toEqual([
      { path: 'body.recipients', message: 'Invalid field: not taken in this alert mode' },
    ]);
    const auto = await unit('LU800-0003', 'alerts/configuration', { mode: 'automatic' });
    expect(auto.json().alerts).toMatchObject({ mode: 'automatic', groupId: 'grp-field-crews' });
    expect((await row('LU800-0003')).alertsConfigMode).toBe('automatic');
    // Back to manual: the unit's own mailing list was kept.
    expect((await unit('LU800-0003', 'alerts/configuration', { mode: 'manual' })).json().alerts.recipients).toHaveLength(2);
  });

  it('settings configuration: output channel of the unit’s inventories, multi channel', async () => {
    const ok = await put('/settingsConfiguration/add', { id: 'LU800-0001', outputChannel: 'MMH-0001-CH2', multiChannel: true });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().settings).toEqual({ outputChannel: 'MMH-0001-CH2', multiChannel: true, machineUid: 'LU800-0001' });
    expect(
      fields(
        await refused('LU800-0001', () => put('/settingsConfiguration/add', { id: 'LU800-0001', outputChannel: 'MMH-0002-CH1', multiChannel: true }), 400),
      ),
    ).toEqual([{ path: 'body.outputChannel', message: "Invalid field: not in the unit's inventories" }]);
    expect(fields(await put('/settingsConfiguration/add', { id: 'LU800-0001', outputChannel: null }))).toEqual([
      { path: 'body.multiChannel', message: 'This field is required' },
    ]);
  });

  it('concurrent updates of different settings of one unit all land; a stale version answers 409 and changes nothing', async () => {
    const before = await row('LUSMART-0001');
    const results = await Promise.all([
      unit('LUSMART-0001', 'ntpTimecode', { enabled: true, server: 'time.example.net' }),
      unit('LUSMART-0001', 'fetchlogs/enhanced', { enabled: true }),
      unit('LUSMART-0001', 'fixedInternetDelay', { delayMs: 2222 }),
      unit('LUSMART-0001', 'delay', { delayMs: 4444 }),
      unit('LUSMART-0001', 'intercom/audiojacks', { jacks: [{ jack: 2, intercom: null, volume: 10 }] }),
    ]);
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const after = await configOf('LUSMART-0001');
    expect(after).toMatchObject({
      ntpTimecode: { enabled: true, server: 'time.example.net' },
      fetchlogs: { enhanced: true },
      fixedInternetDelay: 2222,
      delay: 4444,
      audioJacks: [{ jack: 2, intercom: null, volume: 10, muted: false }],
      version: before.version + 5,
    });
    const stale = await refused('LUSMART-0001', () => unit('LUSMART-0001', 'ntpTimecode', { enabled: false, version: before.version }), 409);
    expect(stale.json().error).toEqual({ code: 'CONFLICT', message: 'The item was changed by someone else, please reload and try again' });
  });

  it('settings pushed to the device need the unit reachable (UNIT_OFFLINE); core-only settings do not', async () => {
    const reboot = await ctx.s.app.inject({
      method: 'POST',
      url: '/api/devices/SOLO-0001/commands/reboot',
      headers: { cookie: cookies.luc_regular! },
      payload: {},
    });
    expect(reboot.statusCode).toBe(200);
    const res = await refused('SOLO-0001', () => unit('SOLO-0001', 'delay', { delayMs: 3000 }), 409);
    expect(res.json().error).toEqual({ code: 'UNIT_OFFLINE', message: 'Selected channel busy or offline' });
    expect((await unit('SOLO-0001', 'alerts/configuration', { mode: 'automatic' })).statusCode).toBe(200);
    await eventually(async () => ctx.s.app.services.index.statusOf('SOLO-0001') === 'idle');
  });

  it('current user: own names, e-mail and label with the spec 001 rules', async () => {
    const me = await put('/users/current', { firstName: 'Alice', lastName: 'Ng', userLabel: 'Field producer' });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ username: 'luc_regular', firstName: 'Alice', lastName: 'Ng', userLabel: 'Field producer' });
    const got = (await ctx.s.app.inject({ method: 'GET', url: '/api/users/current', headers: { cookie: cookies.luc_regular! } })).json();
    expect(got).toMatchObject({ firstName: 'Alice', lastName: 'Ng', userLabel: 'Field producer' });
    const user = () => ctx.s.app.services.db.user.findUniqueOrThrow({ where: { username: 'luc_regular' } });
    const before = await user();
    const cases: [unknown, number, { path: string; message: string }[]][] = [
      [{ firstName: 'alice' }, 400, [{ path: 'body.firstName', message: 'First name must start with an uppercase letter' }]],
      [{ firstName: 'A' }, 400, [{ path: 'body.firstName', message: 'Must be between 2 and 255 characters' }]],
      [{ lastName: 'x'.repeat(256) }, 400, [{ path: 'body.lastName', message: 'Must be between 2 and 255 characters' }]],
      [{ email: 'nope' }, 400, [{ path: 'body.email', message: 'Invalid email format' }]],
      [{ userLabel: 'x'.repeat(31) }, 400, [{ path: 'body.userLabel', message: 'Must have at most 30 characters' }]],
      [{ email: 'luc.admin@demo.example.com' }, 409, [{ path: 'body.email', message: 'Email used by another user' }]],
      [{ lastName: 'Stale', version: before.version - 1 }, 409, []],
    ];
    for (const [body, status, expected] of cases) {
      const res = await put('/users/current', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      if (expected.length > 0) expect(fields(res)).toEqual(expected);
    }
    const after = await user();
    expect({ ...after, updatedAt: null }).toEqual({ ...before, updatedAt: null });
    expect((await put('/users/current', { email: 'alice.ng@example.com', version: before.version })).json().email).toBe('alice.ng@example.com');
    // Read-only users edit their own details too.
    expect((await put('/users/current', { userLabel: null }, 'luc_read')).statusCode).toBe(200);
  });

  it('group unit settings: merged into the group’s defaults; only groups the caller sees; stale version 409', async () => {
    const ok = await put('/v0/groups/grp-newsroom/unitSettings', { delayMs: 2500, audioBitrateKbps: 192, totalKbps: 8000, cellularKbps: 4000 }, 'luc_admin');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      groupId: 'grp-newsroom',
      settings: { delayMs: 2500, transmissionMode: 'live', audioBitrateKbps: 192, totalKbps: 8000, cellularKbps: 4000 },
    });
    const group = () => ctx.s.app.services.db.group.findUniqueOrThrow({ where: { id: 'grp-newsroom' } });
    const before = await group();
    const cases: [unknown, { path: string; message: string }[]][] = [
      [{}, [{ path: 'body', message: 'This field is required' }]],
      [{ totalKbps: 1000, cellularKbps: 2000 }, [{ path: 'body.cellularKbps', message: 'Max Cellular Capping cannot be higher than Max Total Capping' }]],
      [{ delayMs: 500 }, [{ path: 'body.delayMs', message: 'Must be 1000 or more' }]],
      [{ transmissionMode: 'teleport' }, [{ path: 'body.transmissionMode', message: 'Invalid field' }]],
    ];
    for (const [b, expected] of cases) {
      const res = await put('/v0/groups/grp-newsroom/unitSettings', b, 'luc_admin');
      expect(res.statusCode).toBe(400);
      expect(fields(res)).toEqual(expected);
    }
    expect((await put('/v0/groups/grp-newsroom/unitSettings', { delayMs: 3000, version: before.version - 1 }, 'luc_admin')).statusCode).toBe(409);
    expect((await group()).version).toBe(before.version);
    expect((await group()).defaultConfiguration).toEqual(before.defaultConfiguration);
    // luc_partner has the manage role but only the first inventory's groups.
    expect((await put('/v0/groups/grp-football/unitSettings', { delayMs: 3000 }, 'luc_partner')).statusCode).toBe(404);
    expect((await put('/v0/groups/grp-football/unitSettings', { delayMs: 3000 }, 'super_user')).statusCode).toBe(200);
  });

  it('inventory-unit details: support staff set ownership and usage profile of a unit in one of its inventories', async () => {
    const ok = await put(
      '/internal/inventory-unit-details',
      { id: 'LU800-0002', inventoryId: 'inv-global', ownership: 'rent', usageProfileId: 'usp-news-data' },
      'staff',
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const r = await row('LU800-0002');
    expect(ok.json()).toEqual({ uniqueId: 'LU800-0002', inventoryId: 'inv-global', ownership: 'rent', usageProfileId: 'usp-news-data', version: r.version });
    expect((await detail('LU800-0002')).ownership).toBe('rent');
    const cases: [unknown, { path: string; message: string }[]][] = [
      [{ id: 'LU800-0002', inventoryId: 'inv-metro', ownership: 'lease' }, [{ path: 'body.inventoryId', message: 'Invalid field: not of the inventory' }]],
      [{ id: 'LU800-0002', inventoryId: 'inv-global', ownership: 'stolen' }, [{ path: 'body.ownership', message: 'Invalid field' }]],
      [
        { id: 'LU800-0002', inventoryId: 'inv-global', ownership: 'lease', usageProfileId: 'usp-nope' },
        [{ path: 'body.usageProfileId', message: 'Invalid field: not of the inventory' }],
      ],
    ];
    for (const [b, expected] of cases)
      expect(fields(await refused('LU800-0002', () => put('/internal/inventory-unit-details', b, 'staff'), 400))).toEqual(expected);
    expect(
      (
        await refused(
          'LU800-0002',
          () => put('/internal/inventory-unit-details', { id: 'LU800-0002', inventoryId: 'inv-global', ownership: 'lease', version: r.version - 1 }, 'staff'),
          409,
        )
      ).json().error.code,
    ).toBe('CONFLICT');
  });
});
