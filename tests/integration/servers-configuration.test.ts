/**
 * Server calls of spec 001 §7 against the real core on real SQLite and PostgreSQL with the real
 * simulator: roles and scope, reads (detail, services, capabilities, specifications, ips, status,
 * comment), the comment, multimedia hub and video return server configuration with the §5 ranges and
 * the §8 IFB mode, max channels, certificate and "configuration not sent" errors, SMPTE network
 * settings, IP pipe (connecting → connected as the device reports it), all of it stored (a core started
 * again answers it), and that a rejected request changes nothing. The stack and the helpers:
 * tests/support/servers.ts.
 */
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, VALIDATION, buildPath, catalogue, type EndpointDef, type IpPipeSettings, type ServerConfiguration } from '@fleet/contracts';
import { buildApp } from '@fleet/core';
import { createDb } from '@fleet/db';
import { FOREIGN_HUB, HUB, IDS, serversStack } from '../support/servers.js';
import { DEMO_PASSWORD, eventually, providers } from '../support/stack.js';

describe.each(providers())('server calls on %s', (provider) => {
  const { ctx, cookies, published, call, db, detail, snapshot, fieldMessages, changedEvents, injectFault } = serversStack(provider);

  it('answers 401 without a session, 403 to roles outside each call, changing nothing', async () => {
    const before = await snapshot();
    for (const id of IDS) {
      const def: EndpointDef = catalogue[id];
      const url = buildPath(def.path, { id: def.path.includes('inventories') ? 'inv-global' : HUB });
      expect((await call(def.method, url, undefined)).statusCode, id).toBe(401);
      const writes = def.method !== 'GET';
      const admins = def.path.startsWith('/v2/admin');
      const outsider = admins ? cookies.regular : writes ? cookies.reader : undefined;
      if (!outsider) continue;
      const res = await call(def.method, url, outsider, def.body ? { comment: 'x' } : undefined);
      expect(res.statusCode, id).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    expect(await snapshot()).toBe(before);
  });

  it('answers 404 for unknown and foreign servers and for a server of another type', async () => {
    for (const id of ['NO-SUCH-HUB', FOREIGN_HUB]) {
      expect((await call('GET', `/servers/${id}`, cookies.admin)).statusCode).toBe(404);
      expect((await call('PUT', `/servers/${id}/comment`, cookies.admin, { comment: 'x' })).statusCode).toBe(404);
    }
    expect((await call('GET', `/vrservers/${HUB}/configuration`, cookies.admin)).statusCode).toBe(404);
    expect((await call('GET', `/mmhservers/VRS-0001/configuration`, cookies.admin)).statusCode).toBe(404);
    expect((await call('GET', `/ingestservers/${HUB}/channels`, cookies.admin)).statusCode).toBe(404);
    expect((await call('GET', '/v2/admin/inventories/inv-metro/servers', cookies.admin)).statusCode).toBe(404);
    expect((await call('GET', `/servers/${FOREIGN_HUB}`, cookies.superUser)).statusCode).toBe(200);
  });

  it('reads a server: detail with live status and cpu/storage, services, capabilities, specifications, ips, status, comment; a read-only user may read', async () => {
    const d = await eventually(async () => {
      const x = await detail(HUB);
      return x.serverUsage.cpu !== null ? x : null;
    });
    expect(d).toMatchObject({ id: HUB, uniqueId: HUB, serverType: 'mmh_server', status: 'online', inventoryId: 'inv-global', channelCount: 4 });
    expect(d.serverUsage.storage).not.toBeNull();
    // Up time as the server reports it (seconds since it came up), in the detail and the status read.
    expect(d.upTime).toEqual(expect.any(Number));
    expect((await call('GET', `/servers/${HUB}/status`, cookies.reader)).json().upTime).toEqual(expect.any(Number));
    for (const part of ['services', 'capabilities', 'specifications', 'ips', 'status', 'comment']) {
      const res = await call('GET', `/servers/${HUB}/${part}`, cookies.reader);
      expect(res.statusCode, part).toBe(200);
      expect(res.json().serverId).toBe(HUB);
    }
    expect((await call('GET', `/servers/${HUB}/status`, cookies.reader)).json()).toMatchObject({ status: 'online', online: true });
    expect((await call('GET', `/servers/${HUB}/specifications`, cookies.reader)).json()).toMatchObject({ serverType: 'mmh_server' });
    // What the hub reported about itself as it came up: addresses, hardware, features.
    const ips = await eventually(async () => {
      const x = (await call('GET', `/servers/${HUB}/ips`, cookies.reader)).json() as { ips: { name: string; address: string }[] };
      return x.ips.length > 0 ? x.ips : null;
    });
    expect(ips.map((ip) => ip.name)).toEqual(['public', 'private']);
    expect((await call('GET', `/servers/${HUB}/specifications`, cookies.reader)).json().specifications).toMatchObject({
      cpuCores: expect.any(Number),
      model: expect.any(String),
    });
    expect((await call('GET', `/servers/${HUB}/capabilities`, cookies.reader)).json().capabilities).toMatchObject({
      smpte2110: true,
      ifb: true,
      videoReturn: false,
    });
    expect((await call('GET', `/servers/${HUB}/services`, cookies.reader)).json().services.map((x: { serviceName: string }) => x.serviceName)).toEqual(
      expect.arrayContaining(['video', 'sla', 'hevc']),
    );
    // A channel is reached at its server's addresses; a video return channel at its own receiving address.
    expect((await call('GET', `/channels/${HUB}-CH1/ips`, cookies.reader)).json().ips).toEqual(ips);
    const vr = await db().videoReturnChannel.findFirstOrThrow({ where: { serverId: { not: null } }, orderBy: { id: 'asc' } });
    const vrIps = await eventually(async () => {
      const x = (await call('GET', `/v2/vrChannels/${vr.id}/ips`, cookies.superUser)).json() as { ips: string[] };
      return x.ips.length > 0 ? x.ips : null;
    });
    expect(vrIps[0]).toMatch(/^203\.0\.113\.\d+:\d+$/);
  });

  it('changes the comment: stored, announced to the inventory and the channels’ groups; too long or stale is refused', async () => {
    published.length = 0;
    const res = await call('PUT', `/servers/${HUB}/comment`, cookies.regular, { comment: 'Rack 4, row B' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ comment: 'Rack 4, row B' });
    expect((await call('GET', `/servers/${HUB}/comment`, cookies.reader)).json().comment).toBe('Rack 4, row B');
    const events = changedEvents(HUB);
    expect(events.at(-1)?.server.comment).toBe('Rack 4, row B');
    expect(events.at(-1)?.topics).toEqual(expect.arrayContaining(['inventory:inv-global', 'group:grp-newsroom']));

    const before = await snapshot();
    const long = await call('PUT', `/servers/${HUB}/comment`, cookies.regular, { comment: 'x'.repeat(256) });
    expect(long.statusCode).toBe(400);
    expect(fieldMessages(long)).toEqual([{ path: 'body.comment', message: VALIDATION.max255 }]);
    const stale = await call('PUT', `/servers/${HUB}/comment`, cookies.regular, { comment: 'old', version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('CONFLICT');
    expect(await snapshot()).toBe(before);
  });

  it('validates the configuration form with the spec’s messages, changing nothing', async () => {
    const before = await snapshot();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ genlockOffset: -512 }, 'genlockOffset', VALIDATION.minValue(-511)],
      [{ genlockOffset: 512 }, 'genlockOffset', VALIDATION.maxValue(511)],
      [{ genlockOffset: 1.5 }, 'genlockOffset', VALIDATION.integer],
      [{ webrtcPort: 0 }, 'webrtcPort', VALIDATION.minValue(1)],
      [{ webrtcPort: 65354 }, 'webrtcPort', VALIDATION.maxValue(65353)],
      [{ registrationServerPort: 0 }, 'registrationServerPort', VALIDATION.minValue(1)],
      [{ registrationServerPort: 65536 }, 'registrationServerPort', VALIDATION.maxValue(65535)],
      [{ webrtcPort: 'abc' }, 'webrtcPort', VALIDATION.number],
    ];
    for (const [body, path, message] of cases) {
      const res = await call('POST', `/mmhservers/${HUB}/configuration`, cookies.regular, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldMessages(res), JSON.stringify(body)).toEqual([{ path: `body.${path}`, message }]);
    }
    const vrIfb = await call('POST', '/vrservers/VRS-0001/configuration', cookies.regular, { ifbMode: 'V2' });
    expect(vrIfb.statusCode).toBe(400);
    expect(await snapshot()).toBe(before);
  });

  it('changes the configuration once the device accepts it; a later read and server.changed show it', async () => {
    published.length = 0;
    const res = await call('POST', `/mmhservers/${HUB}/configuration`, cookies.regular, {
      ifbMode: 'V2',
      maxChannels: 8,
      webrtcPort: 8443,
      publishingMode: 'manual',
      genlockOffset: -20,
      registrationServer: 'reg.example.net',
      registrationServerPort: 5061,
    });
    expect(res.statusCode, res.body).toBe(200);
    const cfg: ServerConfiguration = (await call('GET', `/mmhservers/${HUB}/configuration`, cookies.reader)).json();
    expect(cfg).toMatchObject({
      ifbMode: 'V2',
      maxChannels: 8,
      webrtcPort: 8443,
      publishingMode: 'manual',
      genlockOffset: -20,
      registrationServer: 'reg.example.net',
      registrationServerPort: 5061,
    });
    expect(changedEvents(HUB).at(-1)?.server).toMatchObject({ ifbMode: 'V2', maxChannels: 8, publishingMode: 'manual' });
    const vr = await call('POST', '/vrservers/VRS-0001/configuration', cookies.regular, { webrtcPort: 9443 });
    expect(vr.statusCode, vr.body).toBe(200);
    expect((await call('GET', '/vrservers/VRS-0001/configuration', cookies.reader)).json()).toMatchObject({ webrtcPort: 9443, ifbMode: null });
  });

  it('refuses an IFB mode change with the §8 reasons and max channels below the allocated ones', async () => {
    const channel = `${HUB}-CH1`;
    // Not idle: a channel collecting.
    injectFault(HUB, { type: 'channelStatus', channelId: channel, status: 'collecting' });
    await eventually(async () => (await db().channel.findUniqueOrThrow({ where: { id: channel } })).status === 'collecting');
    await eventually(async () => (await call('GET', `/mmhservers/${HUB}/configuration`, cookies.reader)).json().allocatedChannels === 1);
    // What runs on the hub (spec 001 §3 Server applications) follows: video while a channel collects, announced.
    await eventually(async () => (await detail(HUB)).applications.video?.state === 'running');
    expect(changedEvents(HUB).some((e) => e.server.applications.video?.state === 'running')).toBe(true);
    let before = await snapshot();
    const busy = await call('POST', `/mmhservers/${HUB}/configuration`, cookies.regular, { ifbMode: 'V1' });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error).toMatchObject({ code: 'IFB_MODE_SERVER_NOT_IDLE', message: ERROR_CATALOGUE.IFB_MODE_SERVER_NOT_IDLE.message });
    const below = await call('POST', `/mmhservers/${HUB}/configuration`, cookies.regular, { maxChannels: 0 });
    expect(below.json().error.code).toBe('MAX_CHANNELS_BELOW_ALLOCATED');
    expect(await snapshot()).toBe(before);
    injectFault(HUB, { type: 'channelStatus', channelId: channel, status: 'idle' });
    await eventually(async () => (await call('GET', `/mmhservers/${HUB}/configuration`, cookies.reader)).json().allocatedChannels === 0);
    await eventually(async () => (await detail(HUB)).applications.video === undefined);

    // No SIP server on the inventory, no primary inventory.
    const inv = await db().inventory.findUniqueOrThrow({ where: { id: 'inv-global' } });
    await db().inventory.update({ where: { id: 'inv-global' }, data: { sipServer: null } });
    before = await snapshot();
    expect((await call('POST', `/mmhservers/${HUB}/configuration`, cookies.regular, { ifbMode: 'V1' })).json().error.code).toBe('IFB_MODE_NO_SIP_SERVER');
    await db().inventory.update({ where: { id: 'inv-global' }, data: { sipServer: inv.sipServer } });
    await db().server.update({ where: { id: HUB }, data: { inventoryId: null } });
    before = await snapshot();
    expect((await call('POST', `/mmhservers/${HUB}/configuration`, cookies.superUser, { ifbMode: 'V1' })).json().error.code).toBe(
      'IFB_MODE_NO_PRIMARY_INVENTORY',
    );
    expect(await snapshot()).toBe(before);
    await db().server.update({ where: { id: HUB }, data: { inventoryId: 'inv-global' } });
  });

  it('deletes a certificate, not an unknown one, not while the server is busy', async () => {
    const row = await db().server.findUniqueOrThrow({ where: { id: HUB } });
    const configuration = {
      ...(row.configuration as object),
      certificates: [
        { id: 'crt-1', name: 'hub.example.net', expiresAt: null },
        { id: 'crt-2', name: 'old', expiresAt: null },
      ],
    };
    await db().server.update({ where: { id: HUB }, data: { configuration } });
    await eventually(async () => (await call('GET', `/mmhservers/${HUB}/configuration`, cookies.reader)).json().certificates.length === 2);
    let before = await snapshot();
    const unknown = await call('POST', `/mmhservers/${HUB}/configuration`, cookies.regular, { removeCertificateId: 'crt-9' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Certificate not found');
    injectFault(HUB, { type: 'serverBusy', busy: true });
    await eventually(async () => (await detail(HUB)).status === 'busy');
    const busy = await call('POST', `/mmhservers/${HUB}/configuration`, cookies.regular, { removeCertificateId: 'crt-2' });
    expect(busy.json().error.code).toBe('CERTIFICATE_DELETION_DEVICE_BUSY');
    expect(await snapshot()).toBe(before);
    injectFault(HUB, { type: 'serverBusy', busy: false });
    await eventually(async () => (await detail(HUB)).status === 'online');
    // Spec 001 §8 "certificate deletion failed": the server could not delete it; nothing changes.
    injectFault(HUB, { type: 'certificateDeletion', fails: true });
    before = await snapshot();
    const failed = await call('POST', `/mmhservers/${HUB}/configuration`, cookies.regular, { removeCertificateId: 'crt-2' });
    expect(failed.statusCode, failed.body).toBe(409);
    expect(failed.json().error).toMatchObject({ code: 'CERTIFICATE_DELETION_FAILED', message: 'Certificate deletion failed' });
    expect(await snapshot()).toBe(before);
    injectFault(HUB, { type: 'certificateDeletion', fails: false });
    before = await snapshot();
    const ok = await call('POST', `/mmhservers/${HUB}/configuration`, cookies.regular, { removeCertificateId: 'crt-2' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().certificates.map((c: { id: string }) => c.id)).toEqual(['crt-1']);
  });

  it('changes SMPTE network settings; refuses bad addresses and masks with the spec’s words', async () => {
    const before = await snapshot();
    const bad = await call('PUT', `/mmhservers/${HUB}/configuration/smpte`, cookies.regular, {
      primary: { ip: '10.0.0.300', subnetMask: '255.0.255.0' },
    });
    expect(bad.statusCode).toBe(400);
    expect(fieldMessages(bad)).toEqual([
      { path: 'body.primary.ip', message: VALIDATION.invalidIp },
      { path: 'body.primary.subnetMask', message: VALIDATION.invalidSubnet },
    ]);
    expect(await snapshot()).toBe(before);
    const ok = await call('PUT', `/mmhservers/${HUB}/configuration/smpte`, cookies.regular, {
      primary: { ip: '10.0.0.5', subnetMask: '255.255.255.0', gateway: '10.0.0.1' },
      secondary: { ip: '10.1.0.5', subnetMask: '255.255.0.0' },
      ptpDomain: 12,
      genlockOffset: 100,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await call('GET', `/mmhservers/${HUB}/configuration/smpte`, cookies.reader)).json()).toMatchObject({
      primary: { ip: '10.0.0.5', subnetMask: '255.255.255.0', gateway: '10.0.0.1' },
      secondary: { ip: '10.1.0.5', gateway: null },
      ptpDomain: 12,
      genlockOffset: 100,
    });
  });

  it('creates and updates IP pipe settings: the device connects the pipe and the state is stored and announced', async () => {
    const before = await snapshot();
    const missing = await call('PUT', `/mmhservers/${HUB}/configuration/ippipe`, cookies.regular, { enabled: true, port: 7000, servers: [] });
    expect(missing.json().error.code).toBe('IP_PIPE_SETTINGS_MISSING');
    const bad = await call('POST', `/mmhservers/${HUB}/configuration/ippipe`, cookies.regular, { enabled: true, port: 0, bitrateKbps: 1000, servers: [] });
    expect(fieldMessages(bad)).toEqual([
      { path: 'body.port', message: VALIDATION.minValue(1) },
      { path: 'body.bitrateKbps', message: VALIDATION.maxValue(999) },
    ]);
    expect(await snapshot()).toBe(before);

    published.length = 0;
    const created = await call('POST', `/mmhservers/${HUB}/configuration/ippipe`, cookies.regular, {
      enabled: true,
      port: 7000,
      bitrateKbps: 800,
      servers: ['pipe-1.example.net', 'pipe-2.example.net'],
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ configured: true, state: 'connecting', serverCount: 2 });
    const connected = await eventually(async () => {
      const p: IpPipeSettings = (await call('GET', `/mmhservers/${HUB}/configuration/ippipe`, cookies.reader)).json();
      return p.state === 'connected' ? p : null;
    });
    expect(connected).toMatchObject({ port: 7000, bitrateKbps: 800, servers: ['pipe-1.example.net', 'pipe-2.example.net'], limit: 1000 });
    expect(changedEvents(HUB).some((e) => e.server.ipPipeState === 'connected')).toBe(true);
    const page = (await call('GET', `/mmhservers/${HUB}/configuration/ippipe?offset=1&limit=1`, cookies.reader)).json();
    expect(page).toMatchObject({ servers: ['pipe-2.example.net'], serverCount: 2 });

    expect((await call('POST', `/mmhservers/${HUB}/configuration/ippipe`, cookies.regular, { enabled: true, port: 7000, servers: [] })).json().error.code).toBe(
      'IP_PIPE_SETTINGS_EXIST',
    );
    const off = await call('PUT', `/mmhservers/${HUB}/configuration/ippipe`, cookies.regular, { enabled: false, port: 7001, servers: [] });
    expect(off.json()).toMatchObject({ state: 'not_connected', port: 7001, enabled: false });
  });

  it('a configuration change to an offline server is not sent and changes nothing', async () => {
    injectFault('VRS-0001', { type: 'serverPower', on: false });
    await eventually(async () => (await detail('VRS-0001')).status === 'offline');
    const before = await snapshot();
    const res = await call('POST', '/vrservers/VRS-0001/configuration', cookies.regular, { webrtcPort: 1234 });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe('Configuration not sent, retry');
    expect(await snapshot()).toBe(before);
    injectFault('VRS-0001', { type: 'serverPower', on: true });
    await eventually(async () => (await detail('VRS-0001')).status === 'online');
  });

  it('a core started again on the same database answers the stored comment, configuration, SMPTE and IP pipe settings', async () => {
    const handle = await createDb({ url: ctx.s.url });
    const again = await buildApp({ config: ctx.s.config, db: handle.prisma, logger: false });
    try {
      const login = await again.inject({ method: 'POST', url: '/mock/auth/login', payload: { username: 'luc_read', password: DEMO_PASSWORD } });
      const cookie = `fleet_session=${login.cookies.find((c) => c.name === 'fleet_session')!.value}`;
      const get = async (url: string) => (await again.inject({ method: 'GET', url: `/api${url}`, headers: { cookie } })).json();
      expect(await get(`/servers/${HUB}/comment`)).toMatchObject({ comment: 'Rack 4, row B' });
      expect(await get(`/mmhservers/${HUB}/configuration`)).toMatchObject({
        ifbMode: 'V2',
        maxChannels: 8,
        webrtcPort: 8443,
        publishingMode: 'manual',
        registrationServerPort: 5061,
        certificates: [{ id: 'crt-1' }],
      });
      expect(await get(`/mmhservers/${HUB}/configuration/smpte`)).toMatchObject({ primary: { ip: '10.0.0.5' }, ptpDomain: 12, genlockOffset: 100 });
      expect(await get(`/mmhservers/${HUB}/configuration/ippipe`)).toMatchObject({ configured: true, enabled: false, port: 7001 });
    } finally {
      await again.close();
      await handle.close();
    }
  });
});
