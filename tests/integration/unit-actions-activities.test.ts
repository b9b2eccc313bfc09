/**
 * Unit actions of spec 000 §7 (POST v2/units/{id}/...): who may call every action (401 / 403 / 404,
 * and the bodies refused with 400), the unit's services, and the activities the device runs (multi
 * camera, switcher, databridge, video return, IP pipe, intercom), against the real core on real
 * SQLite and PostgreSQL with the real simulator attached: every call's success path through the
 * device (connecting → running, disconnecting → gone), its validation and state rules with the spec's
 * words, and that a rejected request changes nothing. The stack and the helpers:
 * tests/support/unit-actions.ts.
 */
import { describe, expect, it } from 'vitest';
import { buildPath, catalogue, type EndpointDef } from '@fleet/contracts';
import { eventually, providers } from '../support/stack.js';
import { ACTION_IDS, unitActionsStack } from '../support/unit-actions.js';

describe.each(providers())('unit actions on %s', (provider) => {
  const { ctx, cookies, call, db, detail, online, device, untilApp, setService, snapshot } = unitActionsStack(provider);

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
      const res = await call(def.method, buildPath(def.path, { id: 'LU800-0001', serviceId: 'sla', n: '1' }), cookies.read, def.body ? {} : undefined);
      expect(res.statusCode, id).toBe(403);
      expect(res.json().error).toEqual({ code: 'FORBIDDEN', message: 'You are not allowed to access this application' });
    }
    const svc = await call('POST', '/v2/units/LU800-0001/services', cookies.regular, { serviceName: 'sla' });
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
  const partnerOrRegular = (def: EndpointDef) => (def.roles.includes('luc_regular') ? cookies.regular : cookies.partner);
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
    const added = await call('POST', `/v2/units/${unit}/services`, cookies.partner, { serviceName: 'tally', tier: 'pro2' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ serviceName: 'tally', serviceStatus: 'enabled', enabled: true, tier: 'pro2' });
    expect((await detail(unit)).services).toContainEqual({ serviceName: 'tally', serviceStatus: 'enabled' });
    // A disabled service is enabled again by adding it.
    await db().service.update({ where: { id: added.json().id }, data: { serviceStatus: 'disabled' } });
    const again = await call('POST', `/v2/units/${unit}/services`, cookies.superUser, { serviceName: 'tally' });
    expect(again.json()).toMatchObject({ id: added.json().id, serviceStatus: 'enabled' });

    const bad = await call('POST', `/v2/units/${unit}/services`, cookies.superUser, { serviceName: 'coffee', extra: 1 });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .error.fields.map((f: { path: string }) => f.path)
        .sort(),
    ).toEqual(['body', 'body.serviceName']);

    const removed = await call('DELETE', `/v2/units/${unit}/services/${added.json().id}`, cookies.superUser);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().map((x: { serviceName: string }) => x.serviceName)).not.toContain('tally');
    expect((await detail(unit)).services.map((x) => x.serviceName)).not.toContain('tally');
    const gone = await call('DELETE', `/v2/units/${unit}/services/tally`, cookies.superUser);
    expect(gone.statusCode).toBe(404);
  });

  // ── stream variants ──────────────────────────────────────────────────────────────────────────

  it('starts and stops multi-camera through connecting → running and disconnecting, with the licence rules', async () => {
    const unit = 'LU800-0001';
    await online(unit);
    device(unit).cameraConnected = true;
    await setService(unit, 'multi-camera', false);
    const before = await snapshot();
    const noLicense = await call('POST', `/v2/units/${unit}/stream/multiplecamera`, cookies.regular, {});
    expect(noLicense.statusCode).toBe(402);
    expect(noLicense.json().error).toEqual({ code: 'NO_MULTI_CAMERA_LICENSE', message: 'No Multi Camera license' });
    const tooMany = await call('POST', `/v2/units/${unit}/stream/multiplecamera`, cookies.regular, { numberOfFeeds: 5 });
    expect(tooMany.json().error.fields).toEqual([{ path: 'body.numberOfFeeds', message: 'Must be 4 or less' }]);
    const foreignChannel = await call('POST', `/v2/units/${unit}/stream/multiplecamera`, cookies.regular, { channelIds: ['MMH-0002-CH1'] });
    expect(foreignChannel.statusCode).toBe(402); // the licence is checked before the channels
    expect(await snapshot()).toBe(before);
    expect((await detail(unit)).applications.multiCamera).toBeUndefined();

    await setService(unit, 'multi-camera', true);
    const badChannel = await call('POST', `/v2/units/${unit}/stream/multiplecamera`, cookies.regular, { channelIds: ['MMH-0002-CH1'] });
    expect(badChannel.json().error.fields).toEqual([{ path: 'body.channelIds.0', message: "Invalid field: not in the unit's inventories" }]);
    device(unit).cameraConnected = false;
    const noCamera = await call('POST', `/v2/units/${unit}/stream/multiplecamera`, cookies.regular, {});
    expect(noCamera.statusCode).toBe(409);
    expect(noCamera.json().error).toEqual({ code: 'CAMERA_NOT_CONNECTED', message: 'Camera not connected' });
    device(unit).cameraConnected = true;
    await eventually(async () => ctx.s.app.services.telemetry.get(unit)?.cameraConnected === true);

    const start = await call('POST', `/v2/units/${unit}/stream/multiplecamera`, cookies.regular, { numberOfFeeds: 2, channelIds: ['MMH-0001-CH1'] });
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json()).toMatchObject({ uniqueId: unit, action: 'startMultiCamera', accepted: true, applications: { multiCamera: { state: 'connecting' } } });
    await untilApp(unit, 'multiCamera', 'running');
    // Busy: another stream variant is refused while multi-camera runs.
    await setService(unit, 'databridge', true);
    const busy = await call('POST', `/v2/units/${unit}/stream/databridge`, cookies.regular);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error).toEqual({ code: 'UNIT_BUSY', message: 'Unit is busy' });
    const again = await call('POST', `/v2/units/${unit}/stream/multiplecamera`, cookies.regular);
    expect(again.statusCode).toBe(200);

    const stop = await call('DELETE', `/v2/units/${unit}/stream/multiplecamera`, cookies.regular);
    expect(stop.statusCode).toBe(200);
    expect(stop.json()).toMatchObject({ action: 'stopMultiCamera', applications: { multiCamera: { state: 'disconnecting' } } });
    await untilApp(unit, 'multiCamera', undefined);
    expect((await call('DELETE', `/v2/units/${unit}/stream/multiplecamera`, cookies.regular)).statusCode).toBe(200);
  });

  it('refuses a 4K multi-camera stream without the PRO-4K licence and any stream with an invalid video licence', async () => {
    await online('LU800-0002');
    await setService('LU800-0002', 'multi-camera', true);
    const before = await snapshot();
    const fourK = await call('POST', '/v2/units/LU800-0002/stream/multiplecamera', cookies.regular, { resolution: 2160 });
    expect(fourK.statusCode).toBe(402);
    expect(fourK.json().error).toEqual({ code: 'PRO_4K_LICENSE_MISSING', message: 'PRO-4K licence missing' });
    await online('LU600H264-0001');
    const invalid = await call('POST', '/v2/units/LU600H264-0001/stream/switchermode', cookies.regular, { mode: 'switcher' });
    expect(invalid.statusCode).toBe(402);
    expect(invalid.json().error).toEqual({ code: 'UNIT_VIDEO_LICENSE_INVALID', message: 'Unit video license invalid' });
    const tooBig = await call('POST', '/v2/units/LU800-0002/stream/multiplecamera', cookies.regular, { resolution: 4320 });
    expect(tooBig.json().error.fields).toEqual([{ path: 'body.resolution', message: 'Must be 2160 or less' }]);
    expect(await snapshot()).toBe(before);
  });

  it('runs switcher and switcher-and-proxy; switcher-and-proxy needs a proxy channel', async () => {
    const unit = 'LU800-0001';
    await online(unit);
    await untilApp(unit, 'multiCamera', undefined);
    device(unit).cameraConnected = true;
    const noProxy = await call('POST', `/v2/units/${unit}/stream/switchermode`, cookies.regular, { mode: 'switcherAndProxy' });
    expect(noProxy.statusCode).toBe(400);
    expect(noProxy.json().error.fields).toEqual([{ path: 'body.proxyChannelId', message: 'This field is required' }]);
    const badMode = await call('POST', `/v2/units/${unit}/stream/switchermode`, cookies.regular, { mode: 'highQuality' });
    expect(badMode.json().error.fields).toEqual([{ path: 'body.mode', message: 'Invalid field' }]);
    const start = await call('POST', `/v2/units/${unit}/stream/switchermode`, cookies.regular, {
      mode: 'switcherAndProxy',
      highQualityChannelId: 'MMH-0001-CH1',
      proxyChannelId: 'MMH-0001-CH2',
      inputSdi: 1,
    });
    expect(start.statusCode, start.body).toBe(200);
    await untilApp(unit, 'switcherAndProxy', 'running');
    const stop = await call('DELETE', `/v2/units/${unit}/stream/switchermode`, cookies.regular);
    expect(stop.json().applications.switcherAndProxy.state).toBe('disconnecting');
    await untilApp(unit, 'switcherAndProxy', undefined);
    const plain = await call('POST', `/v2/units/${unit}/stream/switchermode`, cookies.regular, { mode: 'switcher' });
    expect(plain.statusCode).toBe(200);
    await untilApp(unit, 'switcher', 'running');
    await call('DELETE', `/v2/units/${unit}/stream/switchermode`, cookies.regular);
    await untilApp(unit, 'switcher', undefined);
  });

  it('runs databridge (transparent bridge) through a gateway, with its licence rule', async () => {
    const unit = 'LU800-0001';
    await online(unit);
    await setService(unit, 'databridge', false);
    const off = await call('POST', `/v2/units/${unit}/stream/databridge`, cookies.regular);
    expect(off.statusCode).toBe(402);
    expect(off.json().error).toEqual({ code: 'DATABRIDGE_LICENSE_DISABLED', message: 'Databridge license not enabled' });
    await setService(unit, 'databridge', true);
    const unknownGateway = await call('POST', `/v2/units/${unit}/stream/databridge`, cookies.regular, { gatewayId: 'dbg-nope' });
    expect(unknownGateway.json().error.fields).toEqual([{ path: 'body.gatewayId', message: "Invalid field: not in the unit's inventories" }]);
    const start = await call('POST', `/v2/units/${unit}/stream/databridge`, cookies.regular);
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json().applications.databridge.state).toBe('connecting');
    await untilApp(unit, 'databridge', 'running');
    expect((await detail(unit)).status).toBe('transparent_bridge');
    const stop = await call('DELETE', `/v2/units/${unit}/stream/databridge`, cookies.regular);
    // Databridge and video return stop through `stopping` (spec 000 §4).
    expect(stop.json().applications.databridge.state).toBe('stopping');
    await online(unit);
  });

  it('runs video return from a video return channel, with its licence rule', async () => {
    const unit = 'LU800-0003';
    await online(unit);
    await setService(unit, 'video-return', false);
    const off = await call('POST', `/v2/units/${unit}/vrChannels/stream`, cookies.regular, { vrChannelId: 'VRC-0001' });
    expect(off.statusCode).toBe(402);
    expect(off.json().error).toEqual({ code: 'NO_VIDEO_RETURN_LICENSE', message: 'No Video Return licenses' });
    await setService(unit, 'video-return', true);
    const none = await call('POST', `/v2/units/${unit}/vrChannels/stream`, cookies.regular);
    expect(none.json().error.fields).toEqual([{ path: 'body.vrChannelId', message: 'This field is required' }]);
    const foreign = await call('POST', `/v2/units/${unit}/vrChannels/stream`, cookies.regular, { vrChannelId: 'VRC-0004' });
    expect(foreign.json().error.fields).toEqual([{ path: 'body.vrChannelId', message: "Invalid field: not in the unit's inventories" }]);
    const start = await call('POST', `/v2/units/${unit}/vrChannels/stream`, cookies.regular, { vrChannelId: 'VRC-0001' });
    expect(start.statusCode, start.body).toBe(200);
    await untilApp(unit, 'videoReturn', 'running');
    const stop = await call('DELETE', `/v2/units/${unit}/vrChannels/stream`, cookies.regular);
    expect(stop.json().applications.videoReturn.state).toBe('stopping');
    await untilApp(unit, 'videoReturn', undefined);
    // A unit family without video return has no such licence.
    await online('LULITE-0001');
    const lite = await call('POST', '/v2/units/LULITE-0001/vrChannels/stream', cookies.regular, { vrChannelId: 'VRC-0001' });
    expect(lite.json().error.code).toBe('NO_VIDEO_RETURN_LICENSE');
  });

  // ── IP pipe ──────────────────────────────────────────────────────────────────────────────────

  it('connects the IP pipe (connecting → connected), disconnects it (disconnecting → not connected), and fails against an offline server', async () => {
    const unit = 'LU800-0003';
    await online(unit);
    await db().server.update({ where: { id: 'MMH-0001' }, data: { status: 'online' } });
    const foreign = await call('POST', `/v2/units/${unit}/ippipe/connection`, cookies.regular, { serverId: 'MMH-0002' });
    expect(foreign.json().error.fields).toEqual([{ path: 'body.serverId', message: "Invalid field: not in the unit's inventories" }]);
    const up = await call('POST', `/v2/units/${unit}/ippipe/connection`, cookies.regular, { serverId: 'MMH-0001' });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().ipPipeState).toBe('connecting');
    await untilApp(unit, 'l2ControlPipe', 'running');
    const down = await call('DELETE', `/v2/units/${unit}/ippipe/connection`, cookies.regular);
    expect(down.json().ipPipeState).toBe('disconnecting');
    await untilApp(unit, 'l2ControlPipe', undefined);
    expect((await call('DELETE', `/v2/units/${unit}/ippipe/connection`, cookies.regular)).json().ipPipeState).toBe('not_connected');

    await db().server.update({ where: { id: 'MMH-0001' }, data: { status: 'offline' } });
    const failing = await call('POST', `/v2/units/${unit}/ippipe/connection`, cookies.regular);
    expect(failing.json().ipPipeState).toBe('connecting');
    await untilApp(unit, 'l2ControlPipe', 'failed');
    const cleared = await call('DELETE', `/v2/units/${unit}/ippipe/connection`, cookies.regular);
    expect(cleared.json().ipPipeState).toBe('not_connected');
    await db().server.update({ where: { id: 'MMH-0001' }, data: { status: 'online' } });
    // A unit without the IP pipe capability.
    await online('LUSMART-0001');
    const smart = await call('POST', '/v2/units/LUSMART-0001/ippipe/connection', cookies.regular);
    expect(smart.json().error).toEqual({ code: 'FEATURE_DISABLED', message: 'Feature disabled' });
  });

  // ── intercom ─────────────────────────────────────────────────────────────────────────────────

  it('opens intercom sessions 1 (audio room) and 2 (target channel) with the intercom server rule', async () => {
    const unit = 'LU300-0001';
    await online(unit);
    await db().audioRoom.update({ where: { id: 'aud-0001' }, data: { participants: [{ kind: 'unit', id: unit }] } });
    await db().unit.update({ where: { id: unit }, data: { selectedChannelId: null } });
    const before = await snapshot();
    const missing = await call('POST', `/v2/units/${unit}/intercom/session/1`, cookies.regular, { mode: 'audioRoom' });
    expect(missing.statusCode).toBe(409);
    expect(missing.json().error).toEqual({ code: 'INTERCOM_SERVER_MISMATCH', message: 'Intercom server missing or different from the audio room' });
    const badSession = await call('POST', `/v2/units/${unit}/intercom/session/3`, cookies.regular, {});
    expect(badSession.statusCode).toBe(400);
    expect(badSession.json().error.fields).toEqual([{ path: 'params.n', message: 'Invalid field' }]);
    expect(await snapshot()).toBe(before);

    // The unit's intercom server is the server of its selected channel: a different one is refused too.
    await db().unit.update({ where: { id: unit }, data: { selectedChannelId: 'VRS-0001-CH1' } });
    const different = await call('POST', `/v2/units/${unit}/intercom/session/1`, cookies.regular, { audioRoomId: 'aud-0001' });
    expect(different.json().error.code).toBe('INTERCOM_SERVER_MISMATCH');
    await db().unit.update({ where: { id: unit }, data: { selectedChannelId: 'MMH-0001-CH1' } });
    const room = await call('POST', `/v2/units/${unit}/intercom/session/1`, cookies.regular);
    expect(room.statusCode, room.body).toBe(200);
    expect(room.json()).toMatchObject({ session: 1, mode: 'audioRoom', intercomState: 'connecting' });
    await untilApp(unit, 'audioRoom', 'running');

    const target = await call('POST', `/v2/units/${unit}/intercom/session/2`, cookies.regular, { mode: 'targetChannel', channelId: 'MMH-0001-CH2' });
    expect(target.statusCode, target.body).toBe(200);
    expect(target.json()).toMatchObject({ session: 2, mode: 'targetChannel', intercomState: 'connecting' });
    await untilApp(unit, 'ifb', 'running');
    const foreign = await call('POST', `/v2/units/${unit}/intercom/session/2`, cookies.regular, { mode: 'targetChannel', channelId: 'MMH-0002-CH1' });
    expect(foreign.json().error.fields).toEqual([{ path: 'body.channelId', message: "Invalid field: not in the unit's inventories" }]);

    const close1 = await call('DELETE', `/v2/units/${unit}/intercom/session/1`, cookies.regular);
    expect(close1.json()).toMatchObject({ session: 1, mode: 'audioRoom', intercomState: 'disconnecting' });
    await untilApp(unit, 'audioRoom', undefined);
    expect((await detail(unit)).applications.ifb?.state).toBe('running');
    await call('DELETE', `/v2/units/${unit}/intercom/session/2`, cookies.regular);
    await untilApp(unit, 'ifb', undefined);
    // Extenders have no intercom.
    await online('XTND-0001');
    const xtnd = await call('POST', '/v2/units/XTND-0001/intercom/session/1', cookies.regular);
    expect(xtnd.json().error.code).toBe('FEATURE_DISABLED');
  });

  it('answers the invalid-JSON and wrong-type bodies of this area with 400 and changes nothing', async () => {
    const before = await snapshot();
    for (const id of ACTION_IDS) {
      const def: EndpointDef = catalogue[id];
      if (!def.body) continue;
      const url = `/api${buildPath(def.path, { id: 'LU800-0001', serviceId: 'sla', n: '1' })}`;
      const cookie = def.roles.includes('luc_regular') ? cookies.regular : cookies.superUser;
      for (const payload of ['{not json', '[]', '"x"', '{"unknown":1}']) {
        const res = await ctx.s.app.inject({ method: def.method, url, headers: { cookie, 'content-type': 'application/json' }, payload });
        expect(res.statusCode, `${id} ${payload} ${res.body}`).toBe(400);
      }
    }
    expect(await snapshot()).toBe(before);
  });
});
