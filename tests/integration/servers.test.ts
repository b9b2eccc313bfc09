/**
 * Server calls of spec 001 §7 against the real core on real SQLite and PostgreSQL with the real
 * simulator: reads (detail, services, capabilities, specifications, ips, status, comment), the
 * comment, reset instance (offline, then back with its channels), multimedia hub and video return
 * server configuration with the §5 ranges and the §8 IFB mode, max channels, certificate and
 * "configuration not sent" errors, SMPTE network settings, IP pipe (connecting → connected as the
 * device reports it), the admin inventory server list and an ingest server's channels; roles,
 * scope, and that a rejected request changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ERROR_CATALOGUE,
  VALIDATION,
  buildPath,
  catalogue,
  serverEndpoints,
  type AdminServerPage,
  type ChannelList,
  type EndpointDef,
  type IpPipeSettings,
  type ServerConfiguration,
  type ServerDetail,
  type ServerFault,
} from '@fleet/contracts';
import { buildApp } from '@fleet/core';
import { createDb } from '@fleet/db';
import { startSimulator } from '@fleet/stack';
import {
  DEMO_PASSWORD,
  devicesSettled,
  eventually,
  fleetUp,
  providers,
  startTestStack,
  type TestStack,
  coreCall,
  recordPublished,
  type Method,
  type Published,
} from '../support/stack.js';

const IDS = Object.keys(serverEndpoints) as (keyof typeof serverEndpoints)[];
const HUB = 'MMH-0001';
const FOREIGN_HUB = 'MMH-0002';

describe.each(providers())('server calls on %s', (provider) => {
  let s: TestStack;
  let admin: string; // luc_admin: inventory inv-global only
  let superUser: string;
  let regular: string;
  let reader: string;
  const published: Published[] = [];

  beforeAll(async () => {
    s = await startTestStack({ provider, simulator: false });
    // Servers reset and connect their IP pipe quickly here (the defaults take seconds).
    s.sim = startSimulator(s.app, {
      seed: 1,
      timings: { bootMs: [5, 20], initiallyOffShare: 0, meanTimeBetweenOutagesMs: 0, telemetryIntervalMs: 100 },
      serverTimings: { resetMs: [150, 250], ipPipeConnectMs: [50, 100] },
    });
    await fleetUp(s.app, s.sim);
    [admin, superUser, regular, reader] = await Promise.all([s.login('luc_admin'), s.login('super_user'), s.login('luc_regular'), s.login('luc_read')]);
    recordPublished(s.app, published);
    await eventually(async () => (await detail(HUB)).status === 'online');
  });
  afterAll(async () => {
    // The stack stops only the simulator it started itself.
    s?.sim?.stop();
    await s?.close();
  });

  const call = (method: Method, url: string, cookie: string | undefined, payload?: unknown) => coreCall(s, method, url, cookie, payload);
  const db = () => s.app.services.db;
  const detail = async (id: string): Promise<ServerDetail> => (await call('GET', `/servers/${id}`, superUser)).json();
  const snapshot = async () =>
    JSON.stringify(
      await db().server.findMany({
        orderBy: { id: 'asc' },
        select: {
          id: true,
          comment: true,
          ifbMode: true,
          maxChannels: true,
          webrtcPort: true,
          publishingMode: true,
          genlockOffset: true,
          configuration: true,
          inventoryId: true,
        },
      }),
    );
  const fieldMessages = (res: { json(): unknown }) => (res.json() as { error: { fields?: { path: string; message: string }[] } }).error.fields ?? [];
  const changedEvents = (id: string) =>
    published
      .filter((p) => p.event.type === 'server.changed' && p.event.server.id === id)
      .map((p) => ({ topics: p.topics, server: (p.event as { server: ServerDetail }).server }));
  const injectFault = (serverId: string, fault: ServerFault) => {
    s.sim?.inject({ serverId, fault });
  };

  it('answers 401 without a session, 403 to roles outside each call, changing nothing', async () => {
    const before = await snapshot();
    for (const id of IDS) {
      const def: EndpointDef = catalogue[id];
      const url = buildPath(def.path, { id: def.path.includes('inventories') ? 'inv-global' : HUB });
      expect((await call(def.method, url, undefined)).statusCode, id).toBe(401);
      const writes = def.method !== 'GET';
      const admins = def.path.startsWith('/v2/admin');
      const outsider = admins ? regular : writes ? reader : undefined;
      if (!outsider) continue;
      const res = await call(def.method, url, outsider, def.body ? { comment: 'x' } : undefined);
      expect(res.statusCode, id).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    expect(await snapshot()).toBe(before);
  });

  it('answers 404 for unknown and foreign servers and for a server of another type', async () => {
    for (const id of ['NO-SUCH-HUB', FOREIGN_HUB]) {
      expect((await call('GET', `/servers/${id}`, admin)).statusCode).toBe(404);
      expect((await call('PUT', `/servers/${id}/comment`, admin, { comment: 'x' })).statusCode).toBe(404);
    }
    expect((await call('GET', `/vrservers/${HUB}/configuration`, admin)).statusCode).toBe(404);
    expect((await call('GET', `/mmhservers/VRS-0001/configuration`, admin)).statusCode).toBe(404);
    expect((await call('GET', `/ingestservers/${HUB}/channels`, admin)).statusCode).toBe(404);
    expect((await call('GET', '/v2/admin/inventories/inv-metro/servers', admin)).statusCode).toBe(404);
    expect((await call('GET', `/servers/${FOREIGN_HUB}`, superUser)).statusCode).toBe(200);
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
    expect((await call('GET', `/servers/${HUB}/status`, reader)).json().upTime).toEqual(expect.any(Number));
    for (const part of ['services', 'capabilities', 'specifications', 'ips', 'status', 'comment']) {
      const res = await call('GET', `/servers/${HUB}/${part}`, reader);
      expect(res.statusCode, part).toBe(200);
      expect(res.json().serverId).toBe(HUB);
    }
    expect((await call('GET', `/servers/${HUB}/status`, reader)).json()).toMatchObject({ status: 'online', online: true });
    expect((await call('GET', `/servers/${HUB}/specifications`, reader)).json()).toMatchObject({ serverType: 'mmh_server' });
    // What the hub reported about itself as it came up: addresses, hardware, features.
    const ips = await eventually(async () => {
      const x = (await call('GET', `/servers/${HUB}/ips`, reader)).json() as { ips: { name: string; address: string }[] };
      return x.ips.length > 0 ? x.ips : null;
    });
    expect(ips.map((ip) => ip.name)).toEqual(['public', 'private']);
    expect((await call('GET', `/servers/${HUB}/specifications`, reader)).json().specifications).toMatchObject({
      cpuCores: expect.any(Number),
      model: expect.any(String),
    });
    expect((await call('GET', `/servers/${HUB}/capabilities`, reader)).json().capabilities).toMatchObject({ smpte2110: true, ifb: true, videoReturn: false });
    expect((await call('GET', `/servers/${HUB}/services`, reader)).json().services.map((x: { serviceName: string }) => x.serviceName)).toEqual(
      expect.arrayContaining(['video', 'sla', 'hevc']),
    );
    // A channel is reached at its server's addresses; a video return channel at its own receiving address.
    expect((await call('GET', `/channels/${HUB}-CH1/ips`, reader)).json().ips).toEqual(ips);
    const vr = await db().videoReturnChannel.findFirstOrThrow({ where: { serverId: { not: null } }, orderBy: { id: 'asc' } });
    const vrIps = await eventually(async () => {
      const x = (await call('GET', `/v2/vrChannels/${vr.id}/ips`, superUser)).json() as { ips: string[] };
      return x.ips.length > 0 ? x.ips : null;
    });
    expect(vrIps[0]).toMatch(/^203\.0\.113\.\d+:\d+$/);
  });

  it('changes the comment: stored, announced to the inventory and the channels’ groups; too long or stale is refused', async () => {
    published.length = 0;
    const res = await call('PUT', `/servers/${HUB}/comment`, regular, { comment: 'Rack 4, row B' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ comment: 'Rack 4, row B' });
    expect((await call('GET', `/servers/${HUB}/comment`, reader)).json().comment).toBe('Rack 4, row B');
    const events = changedEvents(HUB);
    expect(events.at(-1)?.server.comment).toBe('Rack 4, row B');
    expect(events.at(-1)?.topics).toEqual(expect.arrayContaining(['inventory:inv-global', 'group:grp-newsroom']));

    const before = await snapshot();
    const long = await call('PUT', `/servers/${HUB}/comment`, regular, { comment: 'x'.repeat(256) });
    expect(long.statusCode).toBe(400);
    expect(fieldMessages(long)).toEqual([{ path: 'body.comment', message: VALIDATION.max255 }]);
    const stale = await call('PUT', `/servers/${HUB}/comment`, regular, { comment: 'old', version: 0 });
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
      const res = await call('POST', `/mmhservers/${HUB}/configuration`, regular, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldMessages(res), JSON.stringify(body)).toEqual([{ path: `body.${path}`, message }]);
    }
    const vrIfb = await call('POST', '/vrservers/VRS-0001/configuration', regular, { ifbMode: 'V2' });
    expect(vrIfb.statusCode).toBe(400);
    expect(await snapshot()).toBe(before);
  });

  it('changes the configuration once the device accepts it; a later read and server.changed show it', async () => {
    published.length = 0;
    const res = await call('POST', `/mmhservers/${HUB}/configuration`, regular, {
      ifbMode: 'V2',
      maxChannels: 8,
      webrtcPort: 8443,
      publishingMode: 'manual',
      genlockOffset: -20,
      registrationServer: 'reg.example.net',
      registrationServerPort: 5061,
    });
    expect(res.statusCode, res.body).toBe(200);
    const cfg: ServerConfiguration = (await call('GET', `/mmhservers/${HUB}/configuration`, reader)).json();
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
    const vr = await call('POST', '/vrservers/VRS-0001/configuration', regular, { webrtcPort: 9443 });
    expect(vr.statusCode, vr.body).toBe(200);
    expect((await call('GET', '/vrservers/VRS-0001/configuration', reader)).json()).toMatchObject({ webrtcPort: 9443, ifbMode: null });
  });

  it('refuses an IFB mode change with the §8 reasons and max channels below the allocated ones', async () => {
    const channel = `${HUB}-CH1`;
    // Not idle: a channel collecting.
    injectFault(HUB, { type: 'channelStatus', channelId: channel, status: 'collecting' });
    await eventually(async () => (await db().channel.findUniqueOrThrow({ where: { id: channel } })).status === 'collecting');
    await eventually(async () => (await call('GET', `/mmhservers/${HUB}/configuration`, reader)).json().allocatedChannels === 1);
    let before = await snapshot();
    const busy = await call('POST', `/mmhservers/${HUB}/configuration`, regular, { ifbMode: 'V1' });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error).toMatchObject({ code: 'IFB_MODE_SERVER_NOT_IDLE', message: ERROR_CATALOGUE.IFB_MODE_SERVER_NOT_IDLE.message });
    const below = await call('POST', `/mmhservers/${HUB}/configuration`, regular, { maxChannels: 0 });
    expect(below.json().error.code).toBe('MAX_CHANNELS_BELOW_ALLOCATED');
    expect(await snapshot()).toBe(before);
    injectFault(HUB, { type: 'channelStatus', channelId: channel, status: 'idle' });
    await eventually(async () => (await call('GET', `/mmhservers/${HUB}/configuration`, reader)).json().allocatedChannels === 0);

    // No SIP server on the inventory, no primary inventory.
    const inv = await db().inventory.findUniqueOrThrow({ where: { id: 'inv-global' } });
    await db().inventory.update({ where: { id: 'inv-global' }, data: { sipServer: null } });
    before = await snapshot();
    expect((await call('POST', `/mmhservers/${HUB}/configuration`, regular, { ifbMode: 'V1' })).json().error.code).toBe('IFB_MODE_NO_SIP_SERVER');
    await db().inventory.update({ where: { id: 'inv-global' }, data: { sipServer: inv.sipServer } });
    await db().server.update({ where: { id: HUB }, data: { inventoryId: null } });
    before = await snapshot();
    expect((await call('POST', `/mmhservers/${HUB}/configuration`, superUser, { ifbMode: 'V1' })).json().error.code).toBe('IFB_MODE_NO_PRIMARY_INVENTORY');
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
    await eventually(async () => (await call('GET', `/mmhservers/${HUB}/configuration`, reader)).json().certificates.length === 2);
    let before = await snapshot();
    const unknown = await call('POST', `/mmhservers/${HUB}/configuration`, regular, { removeCertificateId: 'crt-9' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Certificate not found');
    injectFault(HUB, { type: 'serverBusy', busy: true });
    await eventually(async () => (await detail(HUB)).status === 'busy');
    const busy = await call('POST', `/mmhservers/${HUB}/configuration`, regular, { removeCertificateId: 'crt-2' });
    expect(busy.json().error.code).toBe('CERTIFICATE_DELETION_DEVICE_BUSY');
    expect(await snapshot()).toBe(before);
    injectFault(HUB, { type: 'serverBusy', busy: false });
    await eventually(async () => (await detail(HUB)).status === 'online');
    // Spec 001 §8 "certificate deletion failed": the server could not delete it; nothing changes.
    injectFault(HUB, { type: 'certificateDeletion', fails: true });
    before = await snapshot();
    const failed = await call('POST', `/mmhservers/${HUB}/configuration`, regular, { removeCertificateId: 'crt-2' });
    expect(failed.statusCode, failed.body).toBe(409);
    expect(failed.json().error).toMatchObject({ code: 'CERTIFICATE_DELETION_FAILED', message: 'Certificate deletion failed' });
    expect(await snapshot()).toBe(before);
    injectFault(HUB, { type: 'certificateDeletion', fails: false });
    before = await snapshot();
    const ok = await call('POST', `/mmhservers/${HUB}/configuration`, regular, { removeCertificateId: 'crt-2' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().certificates.map((c: { id: string }) => c.id)).toEqual(['crt-1']);
  });

  it('changes SMPTE network settings; refuses bad addresses and masks with the spec’s words', async () => {
    const before = await snapshot();
    const bad = await call('PUT', `/mmhservers/${HUB}/configuration/smpte`, regular, {
      primary: { ip: '10.0.0.300', subnetMask: '255.0.255.0' },
    });
    expect(bad.statusCode).toBe(400);
    expect(fieldMessages(bad)).toEqual([
      { path: 'body.primary.ip', message: VALIDATION.invalidIp },
      { path: 'body.primary.subnetMask', message: VALIDATION.invalidSubnet },
    ]);
    expect(await snapshot()).toBe(before);
    const ok = await call('PUT', `/mmhservers/${HUB}/configuration/smpte`, regular, {
      primary: { ip: '10.0.0.5', subnetMask: '255.255.255.0', gateway: '10.0.0.1' },
      secondary: { ip: '10.1.0.5', subnetMask: '255.255.0.0' },
      ptpDomain: 12,
      genlockOffset: 100,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await call('GET', `/mmhservers/${HUB}/configuration/smpte`, reader)).json()).toMatchObject({
      primary: { ip: '10.0.0.5', subnetMask: '255.255.255.0', gateway: '10.0.0.1' },
      secondary: { ip: '10.1.0.5', gateway: null },
      ptpDomain: 12,
      genlockOffset: 100,
    });
  });

  it('creates and updates IP pipe settings: the device connects the pipe and the state is stored and announced', async () => {
    const before = await snapshot();
    const missing = await call('PUT', `/mmhservers/${HUB}/configuration/ippipe`, regular, { enabled: true, port: 7000, servers: [] });
    expect(missing.json().error.code).toBe('IP_PIPE_SETTINGS_MISSING');
    const bad = await call('POST', `/mmhservers/${HUB}/configuration/ippipe`, regular, { enabled: true, port: 0, bitrateKbps: 1000, servers: [] });
    expect(fieldMessages(bad)).toEqual([
      { path: 'body.port', message: VALIDATION.minValue(1) },
      { path: 'body.bitrateKbps', message: VALIDATION.maxValue(999) },
    ]);
    expect(await snapshot()).toBe(before);

    published.length = 0;
    const created = await call('POST', `/mmhservers/${HUB}/configuration/ippipe`, regular, {
      enabled: true,
      port: 7000,
      bitrateKbps: 800,
      servers: ['pipe-1.example.net', 'pipe-2.example.net'],
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ configured: true, state: 'connecting', serverCount: 2 });
    const connected = await eventually(async () => {
      const p: IpPipeSettings = (await call('GET', `/mmhservers/${HUB}/configuration/ippipe`, reader)).json();
      return p.state === 'connected' ? p : null;
    });
    expect(connected).toMatchObject({ port: 7000, bitrateKbps: 800, servers: ['pipe-1.example.net', 'pipe-2.example.net'], limit: 1000 });
    expect(changedEvents(HUB).some((e) => e.server.ipPipeState === 'connected')).toBe(true);
    const page = (await call('GET', `/mmhservers/${HUB}/configuration/ippipe?offset=1&limit=1`, reader)).json();
    expect(page).toMatchObject({ servers: ['pipe-2.example.net'], serverCount: 2 });

    expect((await call('POST', `/mmhservers/${HUB}/configuration/ippipe`, regular, { enabled: true, port: 7000, servers: [] })).json().error.code).toBe(
      'IP_PIPE_SETTINGS_EXIST',
    );
    const off = await call('PUT', `/mmhservers/${HUB}/configuration/ippipe`, regular, { enabled: false, port: 7001, servers: [] });
    expect(off.json()).toMatchObject({ state: 'not_connected', port: 7001, enabled: false });
  });

  it('a configuration change to an offline server is not sent and changes nothing', async () => {
    injectFault('VRS-0001', { type: 'serverPower', on: false });
    await eventually(async () => (await detail('VRS-0001')).status === 'offline');
    const before = await snapshot();
    const res = await call('POST', '/vrservers/VRS-0001/configuration', regular, { webrtcPort: 1234 });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe('Configuration not sent, retry');
    expect(await snapshot()).toBe(before);
    injectFault('VRS-0001', { type: 'serverPower', on: true });
    await eventually(async () => (await detail('VRS-0001')).status === 'online');
  });

  it('resets the instance: the server goes offline with its channels, then comes back; status updates reach /ws', async () => {
    published.length = 0;
    const res = await call('PUT', `/servers/${HUB}/resetinstance`, regular);
    expect(res.statusCode, res.body).toBe(200);
    await eventually(() =>
      Promise.resolve(published.some((p) => p.event.type === 'server.status' && p.event.serverId === HUB && p.event.status === 'offline')),
    );
    await eventually(() => Promise.resolve(published.some((p) => p.event.type === 'server.status' && p.event.serverId === HUB && p.event.status === 'online')));
    expect(published.some((p) => p.event.type === 'channel.status' && p.event.channelId === `${HUB}-CH1` && p.event.status === 'offline')).toBe(true);
    expect(changedEvents(HUB).map((e) => e.server.status)).toEqual(expect.arrayContaining(['offline', 'online']));
    expect((await detail(HUB)).status).toBe('online');
    // A new instance comes back on another public address (the private one stays); later reads show it.
    const publicOf = async () => ((await call('GET', `/servers/${HUB}/ips`, reader)).json() as { ips: { name: string; address: string }[] }).ips;
    const before = await publicOf();
    expect((await call('PUT', `/servers/${HUB}/resetinstance`, regular)).statusCode).toBe(200);
    const after = await eventually(async () => {
      const now = await publicOf();
      return now.find((ip) => ip.name === 'public')?.address !== before.find((ip) => ip.name === 'public')?.address ? now : null;
    });
    expect(after.find((ip) => ip.name === 'private')).toEqual(before.find((ip) => ip.name === 'private'));
    // The server is back whole (online and running on its new instance) and every report of the reset applied before the next test.
    await eventually(async () => {
      const d = await detail(HUB);
      return d.status === 'online' && d.state === 'running';
    });
    await devicesSettled(s.app);
  });

  it('answers what the server reports of itself: device id and cloud instance (a new one after a reset), running or stopped, its tally and audio hardware, inherited by its channels; changes reach /ws', async () => {
    const hwOfChannel = async () => {
      const res = await call('GET', `/channels/fetch_details?ids=${HUB}-CH1`, superUser);
      const [c] = (res.json() as { channels: { channel: { tallyHwStatus: string | null; audioHwStatus: string | null } }[] }).channels;
      return c?.channel;
    };
    const up = await eventually(async () => {
      const d = await detail(HUB);
      return d.status === 'online' && d.state === 'running' && d.tallyHwStatus === 'connected' && d.cloudInstance !== null ? d : null;
    });
    expect(up).toMatchObject({
      deviceId: expect.stringMatching(/^LU-SRV-[0-9A-F]{12}$/),
      cloudInstance: expect.stringMatching(/^i-[0-9a-f]{17}$/),
      audioHwStatus: 'connected',
    });
    expect((await call('GET', `/servers/${HUB}/status`, reader)).json()).toMatchObject({ state: 'running' });
    expect(await hwOfChannel()).toMatchObject({ tallyHwStatus: 'connected', audioHwStatus: 'connected' });
    // A video return server has neither interface.
    expect(await eventually(async () => ((await detail('VRS-0001')).state === 'running' ? detail('VRS-0001') : null))).toMatchObject({
      tallyHwStatus: null,
      audioHwStatus: null,
    });

    // The tally interface unplugged: the detail, the server.changed event and the channels say so.
    published.length = 0;
    injectFault(HUB, { type: 'interfaceHw', hw: 'tally', connected: false });
    await eventually(async () => (await detail(HUB)).tallyHwStatus === 'disconnected');
    expect(changedEvents(HUB).map((e) => e.server.tallyHwStatus)).toContain('disconnected');
    expect(await hwOfChannel()).toMatchObject({ tallyHwStatus: 'disconnected', audioHwStatus: 'connected' });
    injectFault(HUB, { type: 'interfaceHw', hw: 'tally', connected: true });
    await eventually(async () => (await detail(HUB)).tallyHwStatus === 'connected');

    // A reset instance: stopped (nothing seen of the hardware) while down, then running on a new cloud instance, the same device id.
    // The simulator's clock is held while the server is down (a reset lasts 150-250 ms here), so the down state is reported and
    // applied on its own (the CI of 65c5f4c, loaded: the server was running again and no server.changed of the reset had been told).
    published.length = 0;
    const clock = s.sim!.clock;
    const mode = clock.mode();
    clock.setMode({ kind: 'stepped' });
    try {
      expect((await call('PUT', `/servers/${HUB}/resetinstance`, regular)).statusCode).toBe(200);
      await eventually(async () => (changedEvents(HUB).some((e) => e.server.status === 'offline') ? true : null));
    } finally {
      clock.setMode(mode);
    }
    const after = await eventually(async () => {
      const d = await detail(HUB);
      return d.state === 'running' && d.cloudInstance !== up.cloudInstance ? d : null;
    });
    expect(after).toMatchObject({ deviceId: up.deviceId, tallyHwStatus: 'connected', audioHwStatus: 'connected' });
    expect(changedEvents(HUB).map((e) => e.server)).toEqual(
      expect.arrayContaining([expect.objectContaining({ status: 'offline', state: 'stopped', tallyHwStatus: null, audioHwStatus: null })]),
    );
    // Stored: a core started again answers them before its server reports. The report is stored after the live state
    // answers it (the fresh-clone run of db6dc80 read the row a moment before), so the row is awaited until it holds what the
    // detail answers.
    const stored = await eventually(async () => {
      const [row, live] = await Promise.all([
        db().server.findUnique({ where: { id: HUB }, select: { deviceId: true, cloudInstance: true, state: true } }),
        detail(HUB),
      ]);
      return row && row.cloudInstance === live.cloudInstance && row.state === live.state ? row : null;
    });
    expect(stored).toEqual({ deviceId: up.deviceId, cloudInstance: stored.cloudInstance, state: 'running' });
    expect(stored.cloudInstance).not.toBe(up.cloudInstance);
  });

  it('lists an inventory’s servers for admins: type filter, search, sort and paging', async () => {
    const all: AdminServerPage = (await call('GET', '/v2/admin/inventories/inv-global/servers', admin)).json();
    expect(all.items.map((x) => x.id)).toEqual(['ING-0001', 'MMH-0001', 'VRS-0001']);
    expect(all).toMatchObject({ total: 3, offset: 0, limit: 50 });
    const hubs: AdminServerPage = (await call('GET', '/v2/admin/inventories/inv-global/servers?type=vr_server', admin)).json();
    expect(hubs.items.map((x) => x.id)).toEqual(['VRS-0001']);
    const search: AdminServerPage = (await call('GET', '/v2/admin/inventories/inv-global/servers?searchKey=uniqueId&searchValue=mmh', admin)).json();
    expect(search.items.map((x) => x.id)).toEqual(['MMH-0001']);
    const paged: AdminServerPage = (await call('GET', '/v2/admin/inventories/inv-global/servers?sortBy=uniqueId&sortDir=desc&limit=1&offset=1', admin)).json();
    expect(paged).toMatchObject({ total: 3, items: [{ id: 'MMH-0001' }] });
    const bad = await call('GET', '/v2/admin/inventories/inv-global/servers?type=toaster&limit=0', admin);
    expect(bad.statusCode).toBe(400);
    expect((await call('GET', '/v2/admin/inventories/inv-metro/servers', superUser)).json().items.map((x: ServerDetail) => x.id)).toContain(FOREIGN_HUB);
  });

  it('hands a channel created on a running hub to its device, which reports it idle; the hub’s detail counts it', async () => {
    await db().channel.create({ data: { id: `${HUB}-CH9`, name: `${HUB}-CH9`, serverId: HUB, status: 'offline', type: 'preview', swVersion: '10.1' } });
    await eventually(async () => (await db().channel.findUniqueOrThrow({ where: { id: `${HUB}-CH9` } })).status === 'idle');
    expect((await detail(HUB)).channelCount).toBe(5);
    await db().channel.delete({ where: { id: `${HUB}-CH9` } });
    await eventually(async () => (await detail(HUB)).channelCount === 4);
  });

  it('a core started again on the same database answers the stored comment, configuration, SMPTE and IP pipe settings', async () => {
    const handle = await createDb({ url: s.url });
    const again = await buildApp({ config: s.config, db: handle.prisma, logger: false });
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

  it('lists an ingest server’s channels with their counters', async () => {
    const list: ChannelList = (await call('GET', '/ingestservers/ING-0001/channels', reader)).json();
    expect(list.channels.map((c) => c.channelId)).toEqual(['ING-0001-CH1', 'ING-0001-CH2', 'ING-0001-CH3']);
    expect(list.counters.input).toBe(3);
    expect(list.counters.idle + list.counters.busy + list.counters.offline).toBe(3);
  });
});
