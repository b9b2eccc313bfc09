import { describe, expect, it } from 'vitest';
import { DEFAULT_ALERT_SETTINGS, DEFAULT_ALERT_TYPE_SETTINGS } from '@fleet/contracts';
import { REDACTED } from '@fleet/contracts/recording-file';
import { makeUserAccount } from '@fleet/contracts/testing';
import { answer, capture, configuration, event, unit } from './fleet-capture.fixtures.js';

describe('the settings, alerts, users and audio rooms a recording saw', () => {
  it("takes a unit's configuration from its answers and events, the last word standing, without what was redacted", () => {
    const fleet = capture(
      answer(1, '/api/v2/units/U1/configurationV2', configuration()),
      // An answer its schema refuses is not one.
      answer(2, '/api/v2/units/U1/configurationV2', { unitUniqueId: 'U1', delay: 1 }),
      event(3, {
        type: 'unit.configuration',
        unitId: 'U1',
        setting: 'delay',
        configuration: configuration({ delay: 5000, version: 5, metadata: [{ key: REDACTED, value: 'x' }] }),
      }),
    );
    const c = fleet.unitConfigurations.get('U1')!;
    expect(c.columns).toMatchObject({ storeAndForwardVideoQuality: 'high_h264', filenamePrefix: 'news', alertsConfigMode: 'manual', version: 5 });
    expect(c.configuration).toMatchObject({
      delay: 5000,
      videoReturn: { enabled: true, output: 'sdi' },
      vrChannels: { selected: 'V1' },
      ipInput: { enabled: true, protocol: 'srt', port: 9000, latencyMs: 120 },
      network: { interfaces: { '2': { enabled: true, apns: [], forceScanNow: false } } },
      wifi: { ssid: 'field', security: null },
    });
    // The first answer's metadata stands: the event's key was redacted. No passphrase is ever taken.
    expect(c.configuration.metadata).toEqual([{ key: 'desk', value: 'news' }]);
    expect(c.configuration.ipInput).not.toHaveProperty('passphrase');
    expect(c.configuration.ipInput).not.toHaveProperty('hasPassphrase');
  });

  it("takes a server's configuration tabs: configuration, SMPTE, IP pipe (its server list only when whole)", () => {
    const cfg = {
      serverId: 'S1',
      serverType: 'mmh_server',
      ifbMode: 'V2',
      maxChannels: 8,
      allocatedChannels: 1,
      webrtcPort: 8443,
      publishingMode: 'automatic',
      genlockOffset: 0,
    };
    const pipe = {
      serverId: 'S1',
      configured: true,
      enabled: true,
      port: 5000,
      bitrateKbps: 500,
      servers: ['a', 'b'],
      serverCount: 2,
      offset: 0,
      limit: 1000,
      state: 'connected',
    };
    const fleet = capture(
      answer(1, '/api/mmhservers/S1/configuration', { ...cfg, registrationServer: 'sip.example', registrationServerPort: 5060, certificates: [], version: 1 }),
      answer(
        2,
        '/api/mmhservers/S1/configuration',
        { ...cfg, maxChannels: 6, registrationServer: REDACTED, registrationServerPort: 5061, certificates: [], version: 2 },
        200,
        'POST',
      ),
      answer(3, '/api/mmhservers/S1/configuration/smpte', {
        serverId: 'S1',
        primary: { ip: '10.0.0.2', subnetMask: '255.255.255.0', gateway: null },
        secondary: null,
        ptpDomain: 3,
        genlockOffset: 5,
        version: 3,
      }),
      answer(4, '/api/mmhservers/S1/configuration/ippipe', { ...pipe, version: 3 }),
      answer(5, '/api/mmhservers/S1/configuration/ippipe', { ...pipe, servers: ['a'], limit: 1, enabled: false, version: 4 }),
      answer(6, '/api/vrservers/S2/configuration', {
        ...cfg,
        serverId: 'S2',
        serverType: 'vr_server',
        ifbMode: null,
        registrationServer: null,
        registrationServerPort: null,
        certificates: [],
        version: 1,
      }),
    );
    const s1 = fleet.serverConfigurations.get('S1')!;
    expect(s1.columns).toEqual({ ifbMode: 'V2', maxChannels: 6, webrtcPort: 8443, publishingMode: 'automatic', genlockOffset: 5, version: 4 });
    expect(s1.configuration).toEqual({
      // The redacted registration server is left out: the first answer's stands.
      registrationServer: 'sip.example',
      registrationServerPort: 5061,
      certificates: [],
      smpte: { primary: { ip: '10.0.0.2', subnetMask: '255.255.255.0', gateway: null }, secondary: null, ptpDomain: 3 },
      ipPipe: { enabled: false, port: 5000, bitrateKbps: 500, state: 'connected', servers: ['a', 'b'] },
    });
    // A video return server's answer has no IFB mode to tell.
    expect(fleet.serverConfigurations.get('S2')!.columns).not.toHaveProperty('ifbMode');
  });

  it("takes alerts and alerts configurations: active alerts, a group's, a unit's (not its possible one), the default", () => {
    const active = {
      unitId: 'U1',
      unitName: 'Cam-1',
      type: 'battery',
      level: 'critical',
      message: 'Low',
      value: 5,
      acknowledged: false,
      raisedAt: '2026-01-01T00:00:00.000Z',
    };
    const unitAlerts = (mode: string, source: string, email: string) => ({
      uniqueId: 'U1',
      mode,
      groupId: null,
      source,
      alerts: DEFAULT_ALERT_TYPE_SETTINGS,
      settings: DEFAULT_ALERT_SETTINGS,
      soundSettings: { critical: true, warning: true },
      recipients: [{ alertType: 'all', email, verified: true }],
    });
    const groupAlerts = {
      groupId: 'G1',
      mode: 'manual',
      sourceGroupId: null,
      source: 'group',
      alerts: DEFAULT_ALERT_TYPE_SETTINGS,
      ownAlerts: DEFAULT_ALERT_TYPE_SETTINGS,
      version: 2,
    };
    const recipient = { alertType: 'battery', verified: false, state: 'pending', verificationExpiresAt: null };
    const fleet = capture(
      answer(1, '/api/alerts/active', [
        { ...active, id: 'A1' },
        { ...active, id: 'A2' },
      ]),
      event(2, { type: 'alert.cleared', alertId: 'A2', alertType: 'battery', unitId: 'U1', serverId: null, channelId: null }),
      event(3, {
        type: 'alert.raised',
        alert: {
          id: 'A3',
          type: 'serverCpu',
          level: 'warning',
          message: 'Hot',
          unitId: null,
          serverId: 'S1',
          channelId: null,
          raisedAt: '2026-01-01T00:00:01.000Z',
        },
      }),
      answer(4, '/api/v2/units/U1/alerts/configuration', unitAlerts('manual', 'unit', 'ops@example.com')),
      answer(5, '/api/v2/units/U1/alerts/possibleconfiguration?mode=automatic', unitAlerts('automatic', 'default', 'other@example.com')),
      answer(6, '/api/v2/groups/G1/alerts/configuration', { ...groupAlerts, recipients: [{ ...recipient, email: 'a@example.com' }] }),
      event(7, {
        type: 'groupAlerts.changed',
        groupId: 'G1',
        configuration: { ...groupAlerts, mode: 'automatic', recipients: [{ ...recipient, email: REDACTED }] },
      }),
      answer(8, '/api/alerts/configuration/default', {
        modes: ['automatic'],
        defaultMode: 'automatic',
        alerts: DEFAULT_ALERT_TYPE_SETTINGS,
        settings: DEFAULT_ALERT_SETTINGS,
        soundSettings: { critical: false, warning: false },
      }),
    );
    expect(fleet.alerts.get('A1')?.columns).toMatchObject({ unitId: 'U1', type: 'battery', level: 'critical', value: 5, active: true });
    expect(fleet.alerts.get('A1')?.columns).not.toHaveProperty('unitName');
    expect(fleet.alerts.get('A2')?.columns).toMatchObject({ active: false, clearedAt: new Date(2).toISOString() });
    expect(fleet.alerts.get('A3')?.columns).toMatchObject({ serverId: 'S1', type: 'serverCpu', active: true });
    const unit = fleet.alertConfigurations.get('unit:U1')!;
    expect(unit).toMatchObject({ scope: 'unit', ownerId: 'U1', recipients: [{ alertType: 'all', email: 'ops@example.com', verified: true }] });
    expect(unit.columns).toMatchObject({ soundSettings: { critical: true, warning: true } });
    expect(fleet.unitConfigurations.get('U1')?.columns).toEqual({ alertsConfigMode: 'manual' });
    // The group's mode is the event's; its mailing list the answer's (the event's held a redacted address).
    expect(fleet.alertConfigurations.get('group:G1')).toMatchObject({
      groupMode: 'automatic',
      recipients: [{ alertType: 'battery', email: 'a@example.com', verified: false }],
    });
    expect(fleet.alertConfigurations.get('default')?.columns).toMatchObject({ soundSettings: { critical: false, warning: false } });
  });

  it("takes an inventory's alerts configuration from a unit's answer that showed it, when the unit is in one inventory", () => {
    const fromInventory = (uniqueId: string, groupId: string | null, email: string) => ({
      uniqueId,
      mode: 'automatic',
      groupId,
      source: 'inventory',
      alerts: DEFAULT_ALERT_TYPE_SETTINGS,
      settings: DEFAULT_ALERT_SETTINGS,
      soundSettings: { critical: true, warning: false },
      recipients: [{ alertType: 'all', email, verified: true }],
    });
    const fleet = capture(
      // The answer comes before the unit list that says which inventory the unit is in.
      answer(1, '/api/v2/units/U1/alerts/configuration', fromInventory('U1', null, 'desk@example.com')),
      // Through a group (its thresholds merged in), and from a unit in two inventories: not taken.
      answer(2, '/api/v2/units/U2/alerts/configuration', fromInventory('U2', 'G1', 'group@example.com')),
      answer(3, '/api/v2/units/U3/alerts/configuration', fromInventory('U3', null, 'two@example.com')),
      answer(4, '/api/devices/fetch', [
        unit({ inventoryIds: ['I1'] }),
        unit({ uniqueId: 'U2', name: 'Cam-2', inventoryIds: ['I2'] }),
        unit({ uniqueId: 'U3', name: 'Cam-3', inventoryIds: ['I2', 'I3'] }),
      ]),
    );
    expect(fleet.alertConfigurations.get('inventory:I1')).toMatchObject({
      scope: 'inventory',
      ownerId: 'I1',
      columns: { soundSettings: { critical: true, warning: false } },
      recipients: [{ alertType: 'all', email: 'desk@example.com', verified: true }],
    });
    expect([...fleet.alertConfigurations.keys()].filter((k) => k.startsWith('inventory:'))).toEqual(['inventory:I1']);
  });

  it('takes users and audio rooms from their pages, details and events, without what was redacted', () => {
    const { groups: _groups, ...user } = makeUserAccount({
      id: 'P1',
      username: 'ana',
      email: 'ana@example.com',
      firstName: 'Ana',
      lastName: 'Lee',
      inventories: [{ id: 'I1', name: 'News' }],
      groupCount: 1,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      version: 1,
    });
    const room = {
      id: 'R1',
      inventoryId: 'I1',
      name: 'Desk',
      intercom: false,
      serverId: null,
      serverName: null,
      active: false,
      participants: [{ kind: 'unit', id: 'U1', name: 'Cam-1' }],
      participantCount: 1,
      version: 1,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    const fleet = capture(
      answer(1, '/api/v2/users', { items: [user, { ...user, id: 'P2', username: 'bo' }], total: 2, offset: 0, limit: 50 }),
      answer(2, '/api/v2/users/P1', { ...user, groups: [{ id: 'G1', name: 'Crew', inventoryId: 'I1', inventoryName: 'News' }] }),
      event(3, { type: 'user.changed', user: { ...user, firstName: 'Anna', email: REDACTED, version: 2 } }),
      event(4, { type: 'user.removed', userId: 'P2' }),
      answer(5, '/api/v2/inventories/I1/audioRooms', { items: [room, { ...room, id: 'R2', name: 'Gone' }], total: 2, offset: 0, limit: 100 }),
      answer(6, '/api/v2/audioRooms/R1/active', { ...room, active: true, name: REDACTED, version: 2 }, 200, 'PUT'),
      event(7, { type: 'audioRoom.removed', audioRoomId: 'R2', inventoryId: 'I1' }),
    );
    const p1 = fleet.users.get('P1')!;
    expect(p1.columns).toMatchObject({ username: 'ana', email: 'ana@example.com', firstName: 'Anna', userType: 'luc_regular', version: 2 });
    // No answer carries a password: none is captured.
    expect(Object.keys(p1.columns).some((k) => /pass(word)?hash|^password$/i.test(k))).toBe(false);
    expect(p1).toMatchObject({ inventoryIds: ['I1'], groupIds: ['G1'] });
    // P2 was on the page, then removed.
    expect(fleet.users.has('P2')).toBe(false);
    expect(fleet.groups.get('G1')?.columns).toEqual({ name: 'Crew', inventoryId: 'I1' });
    expect(fleet.audioRooms.get('R1')?.columns).toEqual({
      name: 'Desk',
      inventoryId: 'I1',
      serverId: null,
      intercom: false,
      active: true,
      participants: [{ kind: 'unit', id: 'U1', name: 'Cam-1' }],
      version: 2,
    });
    expect(fleet.audioRooms.has('R2')).toBe(false);
  });

  it('takes the signed-in user as a user from a whole users/current answer, and only its inventories and groups from a partial one', () => {
    const me = {
      id: 'P9',
      username: 'desk',
      email: null,
      firstName: 'Desk',
      lastName: 'Editor',
      userType: 'luc_admin',
      userLabel: 'night shift',
      roles: ['luc_admin'],
      inventories: [{ id: 'I1', name: 'News' }],
      groups: [{ id: 'G1', name: 'Crew', inventoryId: 'I1' }],
      passwordExpiresAt: null,
      props: { loggedUserRoles: ['luc_admin'], services: [], wsLibrary: 'ws', activeFeatures: [], hasGraphics: false, ifbStatus: 'off', wsBatchSize: null },
    };
    const whole = capture(answer(1, '/api/users/current', me));
    expect(whole.users.get('P9')).toMatchObject({
      columns: { username: 'desk', firstName: 'Desk', lastName: 'Editor', userType: 'luc_admin', userLabel: 'night shift', roles: ['luc_admin'] },
      inventoryIds: ['I1'],
      groupIds: ['G1'],
    });
    // Its session's props are not a user's columns.
    expect(Object.keys(whole.users.get('P9')!.columns)).not.toContain('props');
    const partial = capture(answer(1, '/api/users/current', { id: 'P9', groups: me.groups, inventories: me.inventories }));
    expect(partial.users.size).toBe(0);
    expect(partial.groups.get('G1')?.columns).toEqual({ name: 'Crew', inventoryId: 'I1' });
  });
});
