/**
 * Unit actions of spec 000 §7 beyond the activities: store-and-forward uploads and file deletes,
 * unpairing, sending logs (support cases), the social media and CDN streams, shutdown and the
 * caller's contact, against the real core on real SQLite and PostgreSQL with the real simulator
 * attached: the success path through the device, the validation and state rules with the spec's
 * words, and that a rejected request changes nothing. The stack and the helpers:
 * tests/support/unit-actions.ts.
 */
import { describe, expect, it } from 'vitest';
import { eventually, providers } from '../support/stack.js';
import { unitActionsStack } from '../support/unit-actions.js';

describe.each(providers())('unit actions on %s', (provider) => {
  const { ctx, cookies, events, call, db, detail, online, device, untilApp, snapshot } = unitActionsStack(provider);

  // ── files ────────────────────────────────────────────────────────────────────────────────────

  it('uploads a store-and-forward file: pending → uploading → uploaded, with transfer events', async () => {
    const unit = 'LU800-0001';
    await online(unit);
    const recorded = await db().file.findMany({ where: { unitId: unit, kind: 'recorded' }, orderBy: { id: 'asc' } });
    const part = recorded.find((f) => /_part\d+\./.test(f.fileName));
    expect(part).toBeDefined();
    const before = await snapshot();
    const wrongType = await call('POST', `/v2/units/${unit}/storages/files/upload`, cookies.regular, { paths: ['/media/sd/notes.txt'] });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.fields).toEqual([{ path: 'body.paths.0', message: 'File type not supported' }]);
    const unknown = await call('POST', `/v2/units/${unit}/storages/files/upload`, cookies.regular, { paths: ['/media/sd/nothing.mp4'] });
    expect(unknown.json().error.fields).toEqual([{ path: 'body.paths.0', message: 'Invalid field: no such file on the unit' }]);
    const empty = await call('POST', `/v2/units/${unit}/storages/files/upload`, cookies.regular, { paths: [] });
    expect(empty.json().error.fields).toEqual([{ path: 'body.paths', message: 'This field is required' }]);
    const tooMany = await call('POST', `/v2/units/${unit}/storages/files/upload`, cookies.regular, {
      paths: Array.from({ length: 11 }, (_, i) => `/media/sd/c${i}.mp4`),
    });
    expect(tooMany.json().error.fields).toEqual([{ path: 'body.paths', message: 'Maximum number of elements reached' }]);
    expect(await snapshot()).toBe(before);

    events.length = 0;
    const res = await call('POST', `/v2/units/${unit}/storages/files/upload`, cookies.regular, { paths: [part!.path], channelId: 'MMH-0001-CH1' });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = res.json().files;
    expect(entry).toMatchObject({ fileName: part!.fileName, path: part!.path, status: 'pending', progress: 0, channelId: 'MMH-0001-CH1' });
    const dup = await call('POST', `/v2/units/${unit}/storages/files/upload`, cookies.regular, { paths: [part!.path] });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('FILE_UPLOAD_IN_PROGRESS');
    const midway = await call('POST', `/v2/units/${unit}/storages/files`, cookies.regular, { paths: [part!.path] });
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
    const res = await call('POST', `/v2/units/${unit}/storages/files/upload`, cookies.regular, { paths: [rec!.path] });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().files[0].fileId as string;
    device(unit).shutDown(0);
    await eventually(async () => (await db().file.findUnique({ where: { id } }))?.status === 'failed');
    const offline = await call('POST', `/v2/units/${unit}/storages/files/upload`, cookies.regular, { paths: [rec!.path] });
    expect(offline.statusCode).toBe(409);
    expect(offline.json().error).toEqual({ code: 'UNIT_OFFLINE', message: 'Selected channel busy or offline' });
  });

  it('deletes files by path; read-only users may not, with the spec’s message', async () => {
    const unit = 'LU800-0001';
    await online(unit);
    const rec = await db().file.findFirst({ where: { unitId: unit, kind: 'recorded', NOT: { fileName: { contains: '_part' } } } });
    const before = await snapshot();
    const ro = await call('POST', `/v2/units/${unit}/storages/files`, cookies.read, { paths: [rec!.path] });
    expect(ro.statusCode).toBe(403);
    expect(ro.json().error).toEqual({ code: 'READ_ONLY_FILE_DELETE', message: 'Deleting uploaded files is not allowed for read-only users' });
    const unknown = await call('POST', `/v2/units/${unit}/storages/files`, cookies.regular, { paths: [rec!.path, '/media/sd/none.mp4'] });
    expect(unknown.json().error.fields).toEqual([{ path: 'body.paths.1', message: 'Invalid field: no such file on the unit' }]);
    const dots = await call('POST', `/v2/units/${unit}/storages/files`, cookies.regular, { paths: ['/media/../etc/passwd'] });
    expect(dots.statusCode).toBe(400);
    expect(await snapshot()).toBe(before);
    const ok = await call('POST', `/v2/units/${unit}/storages/files`, cookies.regular, { paths: [rec!.path] });
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
    const res = await call('DELETE', `/v2/units/${unit}/pairing`, cookies.regular);
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
    const noDescription = await call('POST', `/v2/units/${unit}/fetchlogs/stream`, cookies.regular, { channelId: 'MMH-0001-CH1' });
    expect(noDescription.statusCode).toBe(400);
    expect(noDescription.json().error.fields).toEqual([{ path: 'body.description', message: 'This field is required' }]);
    const blank = await call('POST', `/v2/units/${unit}/fetchlogs/stream`, cookies.regular, { description: '   ', channelId: 'MMH-0001-CH1' });
    expect(blank.json().error.fields).toEqual([{ path: 'body.description', message: 'This field is required' }]);
    const noEmail = await call('POST', `/v2/units/${unit}/fetchlogs/stream`, cookies.partner, { description: 'no video', channelId: 'MMH-0001-CH1' });
    expect(noEmail.statusCode).toBe(403);
    expect(noEmail.json().error).toEqual({ code: 'SUPPORT_CASE_NO_EMAIL', message: 'Users without an e-mail address cannot open a support case' });
    const input = await call('POST', `/v2/units/${unit}/fetchlogs/stream`, cookies.regular, { description: 'no video', channelId: 'MMH-0001-CH4' });
    expect(input.json().error).toEqual({ code: 'CHANNEL_NO_LOGS', message: 'Channel does not support logs sending' });
    await db().channel.update({ where: { id: 'MMH-0001-CH2' }, data: { status: 'offline' } });
    const offline = await call('POST', `/v2/units/${unit}/fetchlogs/stream`, cookies.regular, { description: 'no video', channelId: 'MMH-0001-CH2' });
    expect(offline.json().error).toEqual({ code: 'CHANNEL_BUSY_OR_OFFLINE_LOGS', message: 'Selected channel busy or offline when sending logs' });
    await db().channel.update({ where: { id: 'MMH-0001-CH2' }, data: { status: 'collecting' } });
    const busyChannel = await call('POST', `/v2/units/${unit}/fetchlogs/stream`, cookies.regular, { description: 'no video', channelId: 'MMH-0001-CH2' });
    expect(busyChannel.json().error.code).toBe('CHANNEL_BUSY_OR_OFFLINE_LOGS');
    await db().channel.update({ where: { id: 'MMH-0001-CH2' }, data: { status: 'idle' } });
    const noChannel = await call('POST', `/v2/units/${unit}/fetchlogs/stream`, cookies.regular, { description: 'no video' });
    expect(noChannel.json().error.fields).toEqual([{ path: 'body.channelId', message: 'This field is required' }]);
    // (The channel status changes above are this test's set-up; the snapshot leaves status out.)
    expect(await snapshot()).toBe(before);

    const res = await call('POST', `/v2/units/${unit}/fetchlogs/stream`, cookies.regular, {
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
    const other = await call('POST', '/v2/units/DRONE-0001/fetchlogs/stream', cookies.regular, { description: 'x', channelId: 'MMH-0001-CH2' });
    expect(other.json().error).toEqual({ code: 'SERVER_BUSY_SENDING_LOGS', message: 'Server is busy sending logs of another channel' });
    // The unit itself is no longer idle.
    const twice = await call('POST', `/v2/units/${unit}/fetchlogs/stream`, cookies.regular, { description: 'again', channelId: 'MMH-0001-CH1' });
    expect(twice.json().error).toEqual({ code: 'SUPPORT_CASE_NOT_IDLE', message: 'A support case can be opened only when the unit is online and idle' });

    // When the logs are sent the activity ends and the support case is done.
    await eventually(async () => (await db().remoteAction.findUnique({ where: { id: supportCase.id } }))?.status === 'done', 10_000);
    await online(unit);
    const second = await call('POST', `/v2/units/${unit}/fetchlogs/stream`, cookies.regular, { description: 'again', channelId: 'MMH-0001-CH1' });
    expect(second.statusCode, second.body).toBe(200);
    const stop = await call('DELETE', `/v2/units/${unit}/fetchlogs/stream`, cookies.regular);
    expect(stop.statusCode).toBe(200);
    expect(stop.json().applications.fetchlogs?.state).toBe('disconnecting');
    expect((await db().remoteAction.findUniqueOrThrow({ where: { id: second.json().supportCaseId } })).status).toBe('failed');
    await online(unit);
  });

  it('refuses a support case while the unit streams', async () => {
    const unit = 'LU800-0001';
    await online(unit);
    device(unit).cameraConnected = true;
    await eventually(async () => ctx.s.app.services.telemetry.get(unit)?.cameraConnected === true);
    const start = await call('POST', `/v2/units/${unit}/stream`, cookies.regular);
    expect(start.statusCode, start.body).toBe(200);
    const res = await call('POST', `/v2/units/${unit}/fetchlogs/stream`, cookies.regular, { description: 'x', channelId: 'MMH-0001-CH1' });
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
    const notMine = await call('POST', `/v0/units/${unit}/stream/social_media`, cookies.regular, { destinationId: 'std-cdn-test' });
    expect(notMine.json().error.fields).toEqual([{ path: 'body.destinationId', message: "Invalid field: not in the unit's inventories" }]);
    expect(await snapshot()).toBe(before);

    const social = await call('POST', `/v0/units/${unit}/stream/social_media`, cookies.regular);
    expect(social.statusCode, social.body).toBe(200);
    expect(social.json()).toMatchObject({ kind: 'social_media', active: true, destinationId: 'std-0001' });
    const cdn = await call('POST', `/v0/units/${unit}/stream/cdn`, cookies.regular, { destinationId: 'std-cdn-test' });
    expect(cdn.json()).toMatchObject({ kind: 'cdn', active: true, destinationId: 'std-cdn-test' });
    const stored = (await db().unit.findUniqueOrThrow({ where: { id: unit } })).configuration as { externalStreams: Record<string, { active: boolean }> };
    expect(stored.externalStreams.social_media?.active).toBe(true);
    expect(stored.externalStreams.cdn?.active).toBe(true);
    const stopSocial = await call('DELETE', `/v0/units/${unit}/stream/social_media`, cookies.regular);
    expect(stopSocial.json()).toMatchObject({ kind: 'social_media', active: false, destinationId: null });

    // Social media needs the inventory's social media property.
    const inventory = await db().inventory.findUniqueOrThrow({ where: { id: 'inv-global' } });
    await db().inventory.update({ where: { id: 'inv-global' }, data: { properties: { ...(inventory.properties as object), socialMedia: false } } });
    const disabled = await call('POST', `/v0/units/${unit}/stream/social_media`, cookies.regular);
    expect(disabled.json().error).toEqual({ code: 'FEATURE_DISABLED', message: 'Feature disabled' });
    await db().inventory.update({ where: { id: 'inv-global' }, data: { properties: inventory.properties as object } });

    // Stopping the live stream ends the CDN forwarding.
    await call('DELETE', `/v2/units/${unit}/stream`, cookies.regular);
    await untilApp(unit, 'video', undefined);
    await eventually(async () => {
      const c = (await db().unit.findUniqueOrThrow({ where: { id: unit } })).configuration as { externalStreams: Record<string, { active: boolean }> };
      return c.externalStreams.cdn?.active === false;
    });
    const notStreaming = await call('POST', `/v0/units/${unit}/stream/cdn`, cookies.regular);
    expect(notStreaming.statusCode).toBe(409);
    expect(notStreaming.json().error).toEqual({ code: 'UNIT_NOT_STREAMING', message: 'The unit is not streaming' });
  });

  // ── shutdown ─────────────────────────────────────────────────────────────────────────────────

  it('shuts a unit down: it is offline when the call answers; an offline unit cannot be shut down', async () => {
    const unit = 'SOLO-0001';
    await online(unit);
    const res = await call('POST', `/v2/units/${unit}/shutdown`, cookies.regular);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ uniqueId: unit, action: 'shutdown', accepted: true, status: 'offline', applications: {} });
    expect((await detail(unit)).status).toBe('offline');
    const again = await call('POST', `/v2/units/${unit}/shutdown`, cookies.regular);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('UNIT_OFFLINE');
  });

  // ── user contact ─────────────────────────────────────────────────────────────────────────────

  it('saves the caller’s contact details', async () => {
    const before = await snapshot();
    const bad = await call('POST', '/user/contact', cookies.regular, { phone: 'call me!', email: 'x@example.com' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toContainEqual({ path: 'body.phone', message: 'Must match the pattern' });
    expect(await snapshot()).toBe(before);
    const ok = await call('POST', '/user/contact', cookies.read, { phone: '+44 20 7946 0000', company: 'Demo Broadcasting' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ phone: '+44 20 7946 0000', company: 'Demo Broadcasting', canOpenSupportCase: true });
    const cleared = await call('POST', '/user/contact', cookies.read, { company: null });
    expect(cleared.json()).toMatchObject({ phone: '+44 20 7946 0000', company: null });
    const partnerContact = await call('POST', '/user/contact', cookies.partner, {});
    expect(partnerContact.json().canOpenSupportCase).toBe(false);
  });
});
