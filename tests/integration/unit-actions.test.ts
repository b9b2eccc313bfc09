/**
 * Unit actions (POST v2/units/{id}/...), deletes, social media and CDN streams of spec 000 §7,
 * against the real core on real SQLite and PostgreSQL with the real simulator attached: every
 * call's success path through the device (connecting → running, disconnecting → gone), its
 * validation and state rules with the spec's words, 401 / 403 / 404, and that a rejected request
 * changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildPath, catalogue, unitActionEndpoints, type EndpointDef, type RealtimeEvent, type UnitDetail } from '@fleet/contracts';
import { eventually, providers, startTestStack, type TestStack, coreCall, type Method } from '../support/stack.js';
import { UNIT_DEVICE_COLUMNS } from '../support/db-snapshot.js';

const ACTION_IDS = Object.keys(unitActionEndpoints) as (keyof typeof unitActionEndpoints)[];

describe.each(providers())('unit actions on %s', (provider) => {
  let s: TestStack;
  let regular: string;
  let read: string;
  let superUser: string;
  let partner: string;
  const events: RealtimeEvent[] = [];

  beforeAll(async () => {
    s = await startTestStack({ provider });
    [regular, read, superUser, partner] = await Promise.all([s.login('luc_regular'), s.login('luc_read'), s.login('super_user'), s.login('luc_partner')]);
    const hub = s.app.services.hub;
    const publish = hub.publish.bind(hub);
    vi.spyOn(hub, 'publish').mockImplementation((topics, event) => {
      events.push(event);
      publish(topics, event);
    });
  });
  afterAll(async () => s?.close());

  const call = (method: Method, url: string, cookie: string | undefined, payload?: unknown) => coreCall(s, method, url, cookie, payload);
  const db = () => s.app.services.db;
  const detail = async (id: string): Promise<UnitDetail> => (await call('GET', `/v2/units/${id}`, superUser)).json();
  const online = (id: string) => eventually(async () => ((await detail(id)).status === 'idle' ? true : null));
  const device = (id: string) => {
    const d = s.sim?.device(id);
    if (!d) throw new Error(`no simulated device ${id}`);
    return d;
  };
  const untilApp = (id: string, key: string, state: string | undefined) =>
    eventually(async () => ((await detail(id)).applications[key as 'video']?.state === state ? true : null));
  const setService = async (unitId: string, serviceName: string, enabled: boolean) => {
    if (enabled) {
      const res = await call('POST', `/v2/units/${unitId}/services`, superUser, { serviceName });
      expect(res.statusCode, res.body).toBe(200);
    } else {
      const res = await call('DELETE', `/v2/units/${unitId}/services/${serviceName}`, superUser);
      expect([200, 404]).toContain(res.statusCode);
    }
  };
  /** Everything a request of this area could change, telemetry and live status excluded. */
  const snapshot = async () => {
    const [units, files, services, actions, channels, users, links] = await Promise.all([
      db().unit.findMany({ orderBy: { id: 'asc' }, omit: UNIT_DEVICE_COLUMNS }),
      db().file.findMany({ orderBy: { id: 'asc' } }),
      db().service.findMany({ orderBy: { id: 'asc' } }),
      db().remoteAction.findMany({ orderBy: { id: 'asc' } }),
      db().channel.findMany({ orderBy: { id: 'asc' }, select: { id: true, fileTransfer: true, version: true } }),
      db().user.findMany({ orderBy: { id: 'asc' }, select: { id: true, contact: true, version: true } }),
      db().unitGroup.findMany({ orderBy: [{ unitId: 'asc' }, { groupId: 'asc' }] }),
    ]);
    return JSON.stringify({ units, files, services, actions, channels, users, links }, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
  };

  it('answers 401 to every call of this area without a session', async () => {
    for (const id of ACTION_IDS) {
      const def: EndpointDef = catalogue[id];
      const url = buildPath(def.path, { id: 'LU800-0001', serviceId: 'sla', n: '1' });
      const res = await call(def.method, url, undefined);
      expect(res.statusCode, id).toBe(401);
      expect(res.json().error.code, id).toBe('UNAUTHENTICATED');
    }
  });

  it('refuses the write calls to read-only users (403), the services calls to non-managers, and changes nothing', async () => {
    const before = await snapshot();
    for (const id of ACTION_IDS) {
      const def: EndpointDef = catalogue[id];
      if (def.roles.includes('luc_read')) continue;
      const res = await call(def.method, buildPath(def.path, { id: 'LU800-0001', serviceId: 'sla', n: '1' }), read, def.body ? {} : undefined);
      expect(res.statusCode, id).toBe(403);
      expect(res.json().error).toEqual({ code: 'FORBIDDEN', message: 'You are not allowed to access this application' });
    }
    const svc = await call('POST', '/v2/units/LU800-0001/services', regular, { serviceName: 'sla' });
    expect(svc.statusCode).toBe(403);
    expect(await snapshot()).toBe(before);
  });

  it('answers 404 for unknown units and for units outside the caller’s inventories and groups', async () => {
    const before = await snapshot();
    for (const id of ACTION_IDS) {
      const def: EndpointDef = catalogue[id];
      if (def.scope !== 'unit') continue;
      const body = def.body && !def.body.safeParse(undefined).success ? validBodyFor(id) : undefined;
      for (const unit of ['NO-SUCH-UNIT', 'LU800-0005']) {
        const res = await call(def.method, buildPath(def.path, { id: unit, serviceId: 'sla', n: '1' }), partnerOrRegular(def), body);
        expect(res.statusCode, `${id} ${unit} ${res.body}`).toBe(404);
        expect(res.json().error.code).toBe('NOT_FOUND');
      }
    }
    expect(await snapshot()).toBe(before);
  });
  const partnerOrRegular = (def: EndpointDef) => (def.roles.includes('luc_regular') ? regular : partner);
  function validBodyFor(id: string): unknown {
    switch (id) {
      case 'startSwitcherStream':
        return { mode: 'switcher' };
      case 'uploadUnitFiles':
      case 'deleteUnitFiles':
        return { paths: ['/media/sd/clip.mp4'] };
      case 'startFetchLogs':
        return { description: 'logs please' };
      case 'addUnitService':
        return { serviceName: 'sla' };
      default:
        return {};
    }
  }

  // ── services ─────────────────────────────────────────────────────────────────────────────────

  it('adds and removes a unit service (by name or id), keeping the unit’s service summary', async () => {
    const unit = 'LU800-0003';
    await setService(unit, 'tally', false);
    const added = await call('POST', `/v2/units/${unit}/services`, partner, { serviceName: 'tally', tier: 'pro2' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ serviceName: 'tally', serviceStatus: 'enabled', enabled: true, tier: 'pro2' });
    expect((await detail(unit)).services).toContainEqual({ serviceName: 'tally', serviceStatus: 'enabled' });
    // A disabled service is enabled again by adding it.
    await db().service.update({ where: { id: added.json().id }, data: { serviceStatus: 'disabled' } });
    const again = await call('POST', `/v2/units/${unit}/services`, superUser, { serviceName: 'tally' });
    expect(again.json()).toMatchObject({ id: added.json().id, serviceStatus: 'enabled' });

    const bad = await call('POST', `/v2/units/${unit}/services`, superUser, { serviceName: 'coffee', extra: 1 });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .error.fields.map((f: { path: string }) => f.path)
        .sort(),
    ).toEqual(['body', 'body.serviceName']);

    const removed = await call('DELETE', `/v2/units/${unit}/services/${added.json().id}`, superUser);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().map((x: { serviceName: string }) => x.serviceName)).not.toContain('tally');
    expect((await detail(unit)).services.map((x) => x.serviceName)).not.toContain('tally');
    const gone = await call('DELETE', `/v2/units/${unit}/services/tally`, superUser);
    expect(gone.statusCode).toBe(404);
  });

  // ── stream variants ──────────────────────────────────────────────────────────────────────────

  it('starts and stops multi-camera through connecting → running and disconnecting, with the licence rules', async () => {
    const unit = 'LU800-0001';
    await online(unit);
    device(unit).cameraConnected = true;
    await setService(unit, 'multi-camera', false);
    const before = await snapshot();
    const noLicense = await call('POST', `/v2/units/${unit}/stream/multiplecamera`, regular, {});
    expect(noLicense.statusCode).toBe(402);
    expect(noLicense.json().error).toEqual({ code: 'NO_MULTI_CAMERA_LICENSE', message: 'No Multi Camera license' });
    const tooMany = await call('POST', `/v2/units/${unit}/stream/multiplecamera`, regular, { numberOfFeeds: 5 });
    expect(tooMany.json().error.fields).toEqual([{ path: 'body.numberOfFeeds', message: 'Must be 4 or less' }]);
    const foreignChannel = await call('POST', `/v2/units/${unit}/stream/multiplecamera`, regular, { channelIds: ['MMH-0002-CH1'] });
    expect(foreignChannel.statusCode).toBe(402); // the licence is checked before the channels
    expect(await snapshot()).toBe(before);
    expect((await detail(unit)).applications.multiCamera).toBeUndefined();

    await setService(unit, 'multi-camera', true);
    const badChannel = await call('POST', `/v2/units/${unit}/stream/multiplecamera`, regular, { channelIds: ['MMH-0002-CH1'] });
    expect(badChannel.json().error.fields).toEqual([{ path: 'body.channelIds.0', message: 'Invalid field' }]);
    device(unit).cameraConnected = false;
    const noCamera = await call('POST', `/v2/units/${unit}/stream/multiplecamera`, regular, {});
    expect(noCamera.statusCode).toBe(409);
    expect(noCamera.json().error).toEqual({ code: 'CAMERA_NOT_CONNECTED', message: 'Camera not connected' });
    device(unit).cameraConnected = true;
    await eventually(async () => s.app.services.telemetry.get(unit)?.cameraConnected === true);

    const start = await call('POST', `/v2/units/${unit}/stream/multiplecamera`, regular, { numberOfFeeds: 2, channelIds: ['MMH-0001-CH1'] });
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json()).toMatchObject({ uniqueId: unit, action: 'startMultiCamera', accepted: true, applications: { multiCamera: { state: 'connecting' } } });
    await untilApp(unit, 'multiCamera', 'running');
    // Busy: another stream variant is refused while multi-camera runs.
    await setService(unit, 'databridge', true);
    const busy = await call('POST', `/v2/units/${unit}/stream/databridge`, regular);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error).toEqual({ code: 'UNIT_BUSY', message: 'Unit is busy' });
    const again = await call('POST', `/v2/units/${unit}/stream/multiplecamera`, regular);
    expect(again.statusCode).toBe(200);

    const stop = await call('DELETE', `/v2/units/${unit}/stream/multiplecamera`, regular);
    expect(stop.statusCode).toBe(200);
    expect(stop.json()).toMatchObject({ action: 'stopMultiCamera', applications: { multiCamera: { state: 'disconnecting' } } });
    await untilApp(unit, 'multiCamera', undefined);
    expect((await call('DELETE', `/v2/units/${unit}/stream/multiplecamera`, regular)).statusCode).toBe(200);
  });

  it('refuses a 4K multi-camera stream without the PRO-4K licence and any stream with an invalid video licence', async () => {
    await online('LU800-0002');
    await setService('LU800-0002', 'multi-camera', true);
    const before = await snapshot();
    const fourK = await call('POST', '/v2/units/LU800-0002/stream/multiplecamera', regular, { resolution: 2160 });
    expect(fourK.statusCode).toBe(402);
    expect(fourK.json().error).toEqual({ code: 'PRO_4K_LICENSE_MISSING', message: 'PRO-4K licence missing' });
    await online('LU600H264-0001');
    const invalid = await call('POST', '/v2/units/LU600H264-0001/stream/switchermode', regular, { mode: 'switcher' });
    expect(invalid.statusCode).toBe(402);
    expect(invalid.json().error).toEqual({ code: 'UNIT_VIDEO_LICENSE_INVALID', message: 'Unit video license invalid' });
    const tooBig = await call('POST', '/v2/units/LU800-0002/stream/multiplecamera', regular, { resolution: 4320 });
    expect(tooBig.json().error.fields).toEqual([{ path: 'body.resolution', message: 'Must be 2160 or less' }]);
    expect(await snapshot()).toBe(before);
  });

  it('runs switcher and switcher-and-proxy; switcher-and-proxy needs a proxy channel', async () => {
    const unit = 'LU800-0001';
    await online(unit);
    await untilApp(unit, 'multiCamera', undefined);
    device(unit).cameraConnected = true;
    const noProxy = await call('POST', `/v2/units/${unit}/stream/switchermode`, regular, { mode: 'switcherAndProxy' });
    expect(noProxy.statusCode).toBe(400);
    expect(noProxy.json().error.fields).toEqual([{ path: 'body.proxyChannelId', message: 'This field is required' }]);
    const badMode = await call('POST', `/v2/units/${unit}/stream/switchermode`, regular, { mode: 'highQuality' });
    expect(badMode.json().error.fields).toEqual([{ path: 'body.mode', message: 'Invalid field' }]);
    const start = await call('POST', `/v2/units/${unit}/stream/switchermode`, regular, {
      mode: 'switcherAndProxy',
      highQualityChannelId: 'MMH-0001-CH1',
      proxyChannelId: 'MMH-0001-CH2',
      inputSdi: 1,
    });
    expect(start.statusCode, start.body).toBe(200);
    await untilApp(unit, 'switcherAndProxy', 'running');
    const stop = await call('DELETE', `/v2/units/${unit}/stream/switchermode`, regular);
    expect(stop.json().applications.switcherAndProxy.state).toBe('disconnecting');
    await untilApp(unit, 'switcherAndProxy', undefined);
    const plain = await call('POST', `/v2/units/${unit}/stream/switchermode`, regular, { mode: 'switcher' });
    expect(plain.statusCode).toBe(200);
    await untilApp(unit, 'switcher', 'running');
    await call('DELETE', `/v2/units/${unit}/stream/switchermode`, regular);
    await untilApp(unit, 'switcher', undefined);
  });

  it('runs databridge (transparent bridge) through a gateway, with its licence rule', async () => {
    const unit = 'LU800-0001';
    await online(unit);
    await setService(unit, 'databridge', false);
    const off = await call('POST', `/v2/units/${unit}/stream/databridge`, regular);
    expect(off.statusCode).toBe(402);
    expect(off.json().error).toEqual({ code: 'DATABRIDGE_LICENSE_DISABLED', message: 'Databridge license not enabled' });
    await setService(unit, 'databridge', true);
    const unknownGateway = await call('POST', `/v2/units/${unit}/stream/databridge`, regular, { gatewayId: 'dbg-nope' });
    expect(unknownGateway.json().error.fields).toEqual([{ path: 'body.gatewayId', message: 'Invalid field' }]);
    const start = await call('POST', `/v2/units/${unit}/stream/databridge`, regular);
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json().applications.databridge.state).toBe('connecting');
    await untilApp(unit, 'databridge', 'running');
    expect((await detail(unit)).status).toBe('transparent_bridge');
    const stop = await call('DELETE', `/v2/units/${unit}/stream/databridge`, regular);
    // Databridge and video return stop through `stopping` (spec 000 §4).
    expect(stop.json().applications.databridge.state).toBe('stopping');
    await online(unit);
  });

  it('runs video return from a video return channel, with its licence rule', async () => {
    const unit = 'LU800-0003';
    await online(unit);
    await setService(unit, 'video-return', false);
    const off = await call('POST', `/v2/units/${unit}/vrChannels/stream`, regular, { vrChannelId: 'VRC-0001' });
    expect(off.statusCode).toBe(402);
    expect(off.json().error).toEqual({ code: 'NO_VIDEO_RETURN_LICENSE', message: 'No Video Return licenses' });
    await setService(unit, 'video-return', true);
    const none = await call('POST', `/v2/units/${unit}/vrChannels/stream`, regular);
    expect(none.json().error.fields).toEqual([{ path: 'body.vrChannelId', message: 'This field is required' }]);
    const foreign = await call('POST', `/v2/units/${unit}/vrChannels/stream`, regular, { vrChannelId: 'VRC-0004' });
    expect(foreign.json().error.fields).toEqual([{ path: 'body.vrChannelId', message: 'Invalid field' }]);
    const start = await call('POST', `/v2/units/${unit}/vrChannels/stream`, regular, { vrChannelId: 'VRC-0001' });
    expect(start.statusCode, start.body).toBe(200);
    await untilApp(unit, 'videoReturn', 'running');
    const stop = await call('DELETE', `/v2/units/${unit}/vrChannels/stream`, regular);
    expect(stop.json().applications.videoReturn.state).toBe('stopping');
    await untilApp(unit, 'videoReturn', undefined);
    // A unit family without video return has no such licence.
    await online('LULITE-0001');
    const lite = await call('POST', '/v2/units/LULITE-0001/vrChannels/stream', regular, { vrChannelId: 'VRC-0001' });
    expect(lite.json().error.code).toBe('NO_VIDEO_RETURN_LICENSE');
  });

  // ── IP pipe ──────────────────────────────────────────────────────────────────────────────────

  it('connects the IP pipe (connecting → connected), disconnects it (disconnecting → not connected), and fails against an offline server', async () => {
    const unit = 'LU800-0003';
    await online(unit);
    await db().server.update({ where: { id: 'MMH-0001' }, data: { status: 'online' } });
    const foreign = await call('POST', `/v2/units/${unit}/ippipe/connection`, regular, { serverId: 'MMH-0002' });
    expect(foreign.json().error.fields).toEqual([{ path: 'body.serverId', message: 'Invalid field' }]);
    const up = await call('POST', `/v2/units/${unit}/ippipe/connection`, regular, { serverId: 'MMH-0001' });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().ipPipeState).toBe('connecting');
    await untilApp(unit, 'l2ControlPipe', 'running');
    const down = await call('DELETE', `/v2/units/${unit}/ippipe/connection`, regular);
    expect(down.json().ipPipeState).toBe('disconnecting');
    await untilApp(unit, 'l2ControlPipe', undefined);
    expect((await call('DELETE', `/v2/units/${unit}/ippipe/connection`, regular)).json().ipPipeState).toBe('not_connected');

    await db().server.update({ where: { id: 'MMH-0001' }, data: { status: 'offline' } });
    const failing = await call('POST', `/v2/units/${unit}/ippipe/connection`, regular);
    expect(failing.json().ipPipeState).toBe('connecting');
    await untilApp(unit, 'l2ControlPipe', 'failed');
    const cleared = await call('DELETE', `/v2/units/${unit}/ippipe/connection`, regular);
    expect(cleared.json().ipPipeState).toBe('not_connected');
    await db().server.update({ where: { id: 'MMH-0001' }, data: { status: 'online' } });
    // A unit without the IP pipe capability.
    await online('LUSMART-0001');
    const smart = await call('POST', '/v2/units/LUSMART-0001/ippipe/connection', regular);
    expect(smart.json().error).toEqual({ code: 'FEATURE_DISABLED', message: 'Feature disabled' });
  });

  // ── intercom ─────────────────────────────────────────────────────────────────────────────────

  it('opens intercom sessions 1 (audio room) and 2 (target channel) with the intercom server rule', async () => {
    const unit = 'LU300-0001';
    await online(unit);
    await db().audioRoom.update({ where: { id: 'aud-0001' }, data: { participants: [{ kind: 'unit', id: unit }] } });
    await db().unit.update({ where: { id: unit }, data: { selectedChannelId: null } });
    const before = await snapshot();
    const missing = await call('POST', `/v2/units/${unit}/intercom/session/1`, regular, { mode: 'audioRoom' });
    expect(missing.statusCode).toBe(409);
    expect(missing.json().error).toEqual({ code: 'INTERCOM_SERVER_MISMATCH', message: 'Intercom server missing or different from the audio room' });
    const badSession = await call('POST', `/v2/units/${unit}/intercom/session/3`, regular, {});
    expect(badSession.statusCode).toBe(400);
    expect(badSession.json().error.fields).toEqual([{ path: 'params.n', message: 'Invalid field' }]);
    expect(await snapshot()).toBe(before);

    // The unit's intercom server is the server of its selected channel: a different one is refused too.
    await db().unit.update({ where: { id: unit }, data: { selectedChannelId: 'VRS-0001-CH1' } });
    const different = await call('POST', `/v2/units/${unit}/intercom/session/1`, regular, { audioRoomId: 'aud-0001' });
    expect(different.json().error.code).toBe('INTERCOM_SERVER_MISMATCH');
    await db().unit.update({ where: { id: unit }, data: { selectedChannelId: 'MMH-0001-CH1' } });
    const room = await call('POST', `/v2/units/${unit}/intercom/session/1`, regular);
    expect(room.statusCode, room.body).toBe(200);
    expect(room.json()).toMatchObject({ session: 1, mode: 'audioRoom', intercomState: 'connecting' });
    await untilApp(unit, 'audioRoom', 'running');

    const target = await call('POST', `/v2/units/${unit}/intercom/session/2`, regular, { mode: 'targetChannel', channelId: 'MMH-0001-CH2' });
    expect(target.statusCode, target.body).toBe(200);
    expect(target.json()).toMatchObject({ session: 2, mode: 'targetChannel', intercomState: 'connecting' });
    await untilApp(unit, 'ifb', 'running');
    const foreign = await call('POST', `/v2/units/${unit}/intercom/session/2`, regular, { mode: 'targetChannel', channelId: 'MMH-0002-CH1' });
    expect(foreign.json().error.fields).toEqual([{ path: 'body.channelId', message: 'Invalid field' }]);

    const close1 = await call('DELETE', `/v2/units/${unit}/intercom/session/1`, regular);
    expect(close1.json()).toMatchObject({ session: 1, mode: 'audioRoom', intercomState: 'disconnecting' });
    await untilApp(unit, 'audioRoom', undefined);
    expect((await detail(unit)).applications.ifb?.state).toBe('running');
    await call('DELETE', `/v2/units/${unit}/intercom/session/2`, regular);
    await untilApp(unit, 'ifb', undefined);
    // Extenders have no intercom.
    await online('XTND-0001');
    const xtnd = await call('POST', '/v2/units/XTND-0001/intercom/session/1', regular);
    expect(xtnd.json().error.code).toBe('FEATURE_DISABLED');
  });

  // ── files ────────────────────────────────────────────────────────────────────────────────────

  it('uploads a store-and-forward file: pending → uploading → uploaded, with transfer events', async () => {
    const unit = 'LU800-0001';
    await online(unit);
    const recorded = await db().file.findMany({ where: { unitId: unit, kind: 'recorded' }, orderBy: { id: 'asc' } });
    const part = recorded.find((f) => /_part\d+\./.test(f.fileName));
    expect(part).toBeDefined();
    const before = await snapshot();
    const wrongType = await call('POST', `/v2/units/${unit}/storages/files/upload`, regular, { paths: ['/media/sd/notes.txt'] });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.fields).toEqual([{ path: 'body.paths.0', message: 'File type not supported' }]);
    const unknown = await call('POST', `/v2/units/${unit}/storages/files/upload`, regular, { paths: ['/media/sd/nothing.mp4'] });
    expect(unknown.json().error.fields).toEqual([{ path: 'body.paths.0', message: 'Invalid field' }]);
    const empty = await call('POST', `/v2/units/${unit}/storages/files/upload`, regular, { paths: [] });
    expect(empty.json().error.fields).toEqual([{ path: 'body.paths', message: 'This field is required' }]);
    const tooMany = await call('POST', `/v2/units/${unit}/storages/files/upload`, regular, {
      paths: Array.from({ length: 11 }, (_, i) => `/media/sd/c${i}.mp4`),
    });
    expect(tooMany.json().error.fields).toEqual([{ path: 'body.paths', message: 'Maximum number of elements reached' }]);
    expect(await snapshot()).toBe(before);

    events.length = 0;
    const res = await call('POST', `/v2/units/${unit}/storages/files/upload`, regular, { paths: [part!.path], channelId: 'MMH-0001-CH1' });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = res.json().files;
    expect(entry).toMatchObject({ fileName: part!.fileName, path: part!.path, status: 'pending', progress: 0, channelId: 'MMH-0001-CH1' });
    const dup = await call('POST', `/v2/units/${unit}/storages/files/upload`, regular, { paths: [part!.path] });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('FILE_UPLOAD_IN_PROGRESS');
    const midway = await call('POST', `/v2/units/${unit}/storages/files`, regular, { paths: [part!.path] });
    expect(midway.json().error.code).toBe('FILE_UPLOAD_IN_PROGRESS');

    await eventually(async () => (await db().file.findUnique({ where: { id: entry.fileId } }))?.status === 'uploaded');
    const done = await db().file.findUnique({ where: { id: entry.fileId } });
    expect(done).toMatchObject({ kind: 'uploaded', status: 'uploaded', progress: 100, isTransferring: false });
    const mine = events.filter((e) => 'fileId' in e && e.fileId === entry.fileId).map((e) => e.type);
    expect(mine).toEqual(['file.transferStarted', 'file.transferCompleted']);
    expect(events.find((e) => e.type === 'file.transferCompleted' && e.fileId === entry.fileId)).toMatchObject({ ok: true, unitId: unit });
    // The device forwarded (status forwarding) and stopped once the queue was empty.
    await untilApp(unit, 'forward', undefined);
  });

  it('marks uploads failed when the unit goes offline during the transfer', async () => {
    const unit = 'LU300-0001';
    await online(unit);
    const rec = await db().file.findFirst({ where: { unitId: unit, kind: 'recorded' } });
    const res = await call('POST', `/v2/units/${unit}/storages/files/upload`, regular, { paths: [rec!.path] });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().files[0].fileId as string;
    device(unit).shutDown(0);
    await eventually(async () => (await db().file.findUnique({ where: { id } }))?.status === 'failed');
    const offline = await call('POST', `/v2/units/${unit}/storages/files/upload`, regular, { paths: [rec!.path] });
    expect(offline.statusCode).toBe(409);
    expect(offline.json().error).toEqual({ code: 'UNIT_OFFLINE', message: 'Selected channel busy or offline' });
  });

  it('deletes files by path; read-only users may not, with the spec’s message', async () => {
    const unit = 'LU800-0001';
    await online(unit);
    const rec = await db().file.findFirst({ where: { unitId: unit, kind: 'recorded', NOT: { fileName: { contains: '_part' } } } });
    const before = await snapshot();
    const ro = await call('POST', `/v2/units/${unit}/storages/files`, read, { paths: [rec!.path] });
    expect(ro.statusCode).toBe(403);
    expect(ro.json().error).toEqual({ code: 'READ_ONLY_FILE_DELETE', message: 'Deleting uploaded files is not allowed for read-only users' });
    const unknown = await call('POST', `/v2/units/${unit}/storages/files`, regular, { paths: [rec!.path, '/media/sd/none.mp4'] });
    expect(unknown.json().error.fields).toEqual([{ path: 'body.paths.1', message: 'Invalid field' }]);
    const dots = await call('POST', `/v2/units/${unit}/storages/files`, regular, { paths: ['/media/../etc/passwd'] });
    expect(dots.statusCode).toBe(400);
    expect(await snapshot()).toBe(before);
    const ok = await call('POST', `/v2/units/${unit}/storages/files`, regular, { paths: [rec!.path] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ uniqueId: unit, deleted: [rec!.path] });
    expect(await db().file.count({ where: { unitId: unit, path: rec!.path } })).toBe(0);
  });

  // ── pairing ──────────────────────────────────────────────────────────────────────────────────

  it('unpairs a unit and revokes its pairing code', async () => {
    const unit = 'LUSMART-0001';
    await online(unit);
    const row = await db().unit.findUniqueOrThrow({ where: { id: unit } });
    const config = {
      ...(row.configuration as Record<string, unknown>),
      pairing: { pairedWith: 'phone-1' },
      pairingCode: '123456',
      pairingCodeExpiresAt: new Date(Date.now() + 60_000).toISOString(),
    };
    await db().unit.update({ where: { id: unit }, data: { configuration: config } });
    const res = await call('DELETE', `/v2/units/${unit}/pairing`, regular);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ uniqueId: unit, paired: false });
    const after = await db().unit.findUniqueOrThrow({ where: { id: unit } });
    expect(after.configuration).not.toHaveProperty('pairingCode');
    expect(after.configuration).not.toHaveProperty('pairing');
    expect(after.version).toBe(row.version + 1);
  });

  // ── send logs ────────────────────────────────────────────────────────────────────────────────

  it('sends logs (support case) with the spec’s rules and messages', async () => {
    const unit = 'LU800-0003';
    await online(unit);
    await db().channel.updateMany({ where: { serverId: 'MMH-0001' }, data: { status: 'idle', fileTransfer: {} } });
    const before = await snapshot();
    const noDescription = await call('POST', `/v2/units/${unit}/fetchlogs/stream`, regular, { channelId: 'MMH-0001-CH1' });
    expect(noDescription.statusCode).toBe(400);
    expect(noDescription.json().error.fields).toEqual([{ path: 'body.description', message: 'This field is required' }]);
    const blank = await call('POST', `/v2/units/${unit}/fetchlogs/stream`, regular, { description: '   ', channelId: 'MMH-0001-CH1' });
    expect(blank.json().error.fields).toEqual([{ path: 'body.description', message: 'This field is required' }]);
    const noEmail = await call('POST', `/v2/units/${unit}/fetchlogs/stream`, partner, { description: 'no video', channelId: 'MMH-0001-CH1' });
    expect(noEmail.statusCode).toBe(403);
    expect(noEmail.json().error).toEqual({ code: 'SUPPORT_CASE_NO_EMAIL', message: 'Users without an e-mail address cannot open a support case' });
    const input = await call('POST', `/v2/units/${unit}/fetchlogs/stream`, regular, { description: 'no video', channelId: 'MMH-0001-CH4' });
    expect(input.json().error).toEqual({ code: 'CHANNEL_NO_LOGS', message: 'Channel does not support logs sending' });
    await db().channel.update({ where: { id: 'MMH-0001-CH2' }, data: { status: 'offline' } });
    const offline = await call('POST', `/v2/units/${unit}/fetchlogs/stream`, regular, { description: 'no video', channelId: 'MMH-0001-CH2' });
    expect(offline.json().error).toEqual({ code: 'CHANNEL_BUSY_OR_OFFLINE_LOGS', message: 'Selected channel busy or offline when sending logs' });
    await db().channel.update({ where: { id: 'MMH-0001-CH2' }, data: { status: 'collecting' } });
    const busyChannel = await call('POST', `/v2/units/${unit}/fetchlogs/stream`, regular, { description: 'no video', channelId: 'MMH-0001-CH2' });
    expect(busyChannel.json().error.code).toBe('CHANNEL_BUSY_OR_OFFLINE_LOGS');
    await db().channel.update({ where: { id: 'MMH-0001-CH2' }, data: { status: 'idle' } });
    const noChannel = await call('POST', `/v2/units/${unit}/fetchlogs/stream`, regular, { description: 'no video' });
    expect(noChannel.json().error.fields).toEqual([{ path: 'body.channelId', message: 'This field is required' }]);
    // (The channel status changes above are this test's set-up; the snapshot leaves status out.)
    expect(await snapshot()).toBe(before);

    const res = await call('POST', `/v2/units/${unit}/fetchlogs/stream`, regular, {
      description: 'No video since 10:00',
      channelId: 'MMH-0001-CH1',
      timeZone: 'Europe/Paris',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ action: 'startFetchLogs', channelId: 'MMH-0001-CH1', applications: { fetchlogs: { state: 'connecting' } } });
    const supportCase = await db().remoteAction.findUniqueOrThrow({ where: { id: res.json().supportCaseId } });
    expect(supportCase).toMatchObject({ deviceType: 'unit', deviceId: unit, action: 'fetchlogs', status: 'running' });
    expect(supportCase.params).toMatchObject({ description: 'No video since 10:00', timeZone: 'Europe/Paris' });
    await untilApp(unit, 'fetchlogs', 'running');
    expect((await detail(unit)).status).toBe('fetchlogs');

    // Another unit, another channel of the same server: the server is busy with our logs.
    await online('DRONE-0001');
    const other = await call('POST', '/v2/units/DRONE-0001/fetchlogs/stream', regular, { description: 'x', channelId: 'MMH-0001-CH2' });
    expect(other.json().error).toEqual({ code: 'SERVER_BUSY_SENDING_LOGS', message: 'Server is busy sending logs of another channel' });
    // The unit itself is no longer idle.
    const twice = await call('POST', `/v2/units/${unit}/fetchlogs/stream`, regular, { description: 'again', channelId: 'MMH-0001-CH1' });
    expect(twice.json().error).toEqual({ code: 'SUPPORT_CASE_NOT_IDLE', message: 'A support case can be opened only when the unit is online and idle' });

    // When the logs are sent the activity ends and the support case is done.
    await eventually(async () => (await db().remoteAction.findUnique({ where: { id: supportCase.id } }))?.status === 'done', 10_000);
    await online(unit);
    const second = await call('POST', `/v2/units/${unit}/fetchlogs/stream`, regular, { description: 'again', channelId: 'MMH-0001-CH1' });
    expect(second.statusCode, second.body).toBe(200);
    const stop = await call('DELETE', `/v2/units/${unit}/fetchlogs/stream`, regular);
    expect(stop.statusCode).toBe(200);
    expect(stop.json().applications.fetchlogs?.state).toBe('disconnecting');
    expect((await db().remoteAction.findUniqueOrThrow({ where: { id: second.json().supportCaseId } })).status).toBe('failed');
    await online(unit);
  });

  it('refuses a support case while the unit streams', async () => {
    const unit = 'LU800-0001';
    await online(unit);
    device(unit).cameraConnected = true;
    await eventually(async () => s.app.services.telemetry.get(unit)?.cameraConnected === true);
    const start = await call('POST', `/v2/units/${unit}/stream`, regular);
    expect(start.statusCode, start.body).toBe(200);
    const res = await call('POST', `/v2/units/${unit}/fetchlogs/stream`, regular, { description: 'x', channelId: 'MMH-0001-CH1' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('SUPPORT_CASE_NOT_IDLE');
  });

  // ── social media and CDN (the unit above is streaming) ───────────────────────────────────────

  it('forwards the live stream to social media and to a CDN, and stops', async () => {
    const unit = 'LU800-0001';
    await untilApp(unit, 'video', 'running');
    await db().streamingDestination.create({
      data: { id: 'std-cdn-test', name: 'Akamai-Test', provider: 'Akamai', inventoryId: 'inv-global', urlPrimary: 'rtmp://cdn.example.net/live' },
    });
    const before = await snapshot();
    const notMine = await call('POST', `/v0/units/${unit}/stream/social_media`, regular, { destinationId: 'std-cdn-test' });
    expect(notMine.json().error.fields).toEqual([{ path: 'body.destinationId', message: 'Invalid field' }]);
    expect(await snapshot()).toBe(before);

    const social = await call('POST', `/v0/units/${unit}/stream/social_media`, regular);
    expect(social.statusCode, social.body).toBe(200);
    expect(social.json()).toMatchObject({ kind: 'social_media', active: true, destinationId: 'std-0001' });
    const cdn = await call('POST', `/v0/units/${unit}/stream/cdn`, regular, { destinationId: 'std-cdn-test' });
    expect(cdn.json()).toMatchObject({ kind: 'cdn', active: true, destinationId: 'std-cdn-test' });
    const stored = (await db().unit.findUniqueOrThrow({ where: { id: unit } })).configuration as { externalStreams: Record<string, { active: boolean }> };
    expect(stored.externalStreams.social_media?.active).toBe(true);
    expect(stored.externalStreams.cdn?.active).toBe(true);
    const stopSocial = await call('DELETE', `/v0/units/${unit}/stream/social_media`, regular);
    expect(stopSocial.json()).toMatchObject({ kind: 'social_media', active: false, destinationId: null });

    // Social media needs the inventory's social media property.
    const inventory = await db().inventory.findUniqueOrThrow({ where: { id: 'inv-global' } });
    await db().inventory.update({ where: { id: 'inv-global' }, data: { properties: { ...(inventory.properties as object), socialMedia: false } } });
    const disabled = await call('POST', `/v0/units/${unit}/stream/social_media`, regular);
    expect(disabled.json().error).toEqual({ code: 'FEATURE_DISABLED', message: 'Feature disabled' });
    await db().inventory.update({ where: { id: 'inv-global' }, data: { properties: inventory.properties as object } });

    // Stopping the live stream ends the CDN forwarding.
    await call('DELETE', `/v2/units/${unit}/stream`, regular);
    await untilApp(unit, 'video', undefined);
    await eventually(async () => {
      const c = (await db().unit.findUniqueOrThrow({ where: { id: unit } })).configuration as { externalStreams: Record<string, { active: boolean }> };
      return c.externalStreams.cdn?.active === false;
    });
    const notStreaming = await call('POST', `/v0/units/${unit}/stream/cdn`, regular);
    expect(notStreaming.statusCode).toBe(409);
    expect(notStreaming.json().error).toEqual({ code: 'UNIT_NOT_STREAMING', message: 'The unit is not streaming' });
  });

  // ── shutdown ─────────────────────────────────────────────────────────────────────────────────

  it('shuts a unit down: it is offline when the call answers; an offline unit cannot be shut down', async () => {
    const unit = 'SOLO-0001';
    await online(unit);
    const res = await call('POST', `/v2/units/${unit}/shutdown`, regular);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ uniqueId: unit, action: 'shutdown', accepted: true, status: 'offline', applications: {} });
    expect((await detail(unit)).status).toBe('offline');
    const again = await call('POST', `/v2/units/${unit}/shutdown`, regular);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('UNIT_OFFLINE');
  });

  // ── user contact ─────────────────────────────────────────────────────────────────────────────

  it('saves the caller’s contact details', async () => {
    const before = await snapshot();
    const bad = await call('POST', '/user/contact', regular, { phone: 'call me!', email: 'x@example.com' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toContainEqual({ path: 'body.phone', message: 'Must match the pattern' });
    expect(await snapshot()).toBe(before);
    const ok = await call('POST', '/user/contact', read, { phone: '+44 20 7946 0000', company: 'Demo Broadcasting' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ phone: '+44 20 7946 0000', company: 'Demo Broadcasting', canOpenSupportCase: true });
    const cleared = await call('POST', '/user/contact', read, { company: null });
    expect(cleared.json()).toMatchObject({ phone: '+44 20 7946 0000', company: null });
    const partnerContact = await call('POST', '/user/contact', partner, {});
    expect(partnerContact.json().canOpenSupportCase).toBe(false);
  });

  it('answers the invalid-JSON and wrong-type bodies of this area with 400 and changes nothing', async () => {
    const before = await snapshot();
    for (const id of ACTION_IDS) {
      const def: EndpointDef = catalogue[id];
      if (!def.body) continue;
      const url = `/api${buildPath(def.path, { id: 'LU800-0001', serviceId: 'sla', n: '1' })}`;
      const cookie = def.roles.includes('luc_regular') ? regular : superUser;
      for (const payload of ['{not json', '[]', '"x"', '{"unknown":1}']) {
        const res = await s.app.inject({ method: def.method, url, headers: { cookie, 'content-type': 'application/json' }, payload });
        expect(res.statusCode, `${id} ${payload} ${res.body}`).toBe(400);
      }
    }
    expect(await snapshot()).toBe(before);
  });
});
