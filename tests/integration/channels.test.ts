/**
 * Channel reads, admin channel calls and associations of spec 001 §7 Channels against the real
 * core on real SQLite (and PostgreSQL when DATABASE_URL_PG is set) with the real simulator: the
 * /channels list with its counters and filters, the manage-channel details, the group's channel
 * details, the admin create / update (sent to the server first) / delete, 4K as the hubs report it,
 * a server that does not answer, inventory associations, point-to-multipoint receivers; roles, scope,
 * that a rejected request changes nothing, and `channel.changed` / `channel.removed` on /ws. The
 * admin calls' rules (§5 names, §8 errors, the type, the version) are tested on the channel service
 * alone, beside it (apps/core/src/modules/channels/channels.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION, type ChannelDetails, type ChannelList } from '@fleet/contracts';
import { eventually, providers, startTestStack, type TestStack, coreCall, recordPublished, type Method, type Published } from '../support/stack.js';

const HUB = 'MMH-0001';
const PREVIEW = 'MMH-0001-CH1';
const SDI_OUTPUT = 'MMH-0001-CH2';

describe.each(providers())('channels on %s', (provider) => {
  let s: TestStack;
  let superUser: string;
  let admin: string; // luc_admin of inv-global
  let regular: string;
  let reader: string;
  const published: Published[] = [];

  beforeAll(async () => {
    s = await startTestStack({ provider });
    [superUser, admin, regular, reader] = await Promise.all([s.login('super_user'), s.login('luc_admin'), s.login('luc_regular'), s.login('luc_read')]);
    recordPublished(s.app, published);
    // The simulator reports every channel of the hub idle once it runs it.
    await eventually(async () => (await db().channel.findUnique({ where: { id: PREVIEW } }))?.status === 'idle');
  });
  afterAll(async () => s?.close());

  const call = (method: Method, url: string, cookie: string | undefined, payload?: unknown) => coreCall(s, method, url, cookie, payload);
  const db = () => s.app.services.db;
  // Device status reports bump a channel's version by themselves: the snapshot leaves status and version out.
  const snapshot = async () => {
    const [channels, inventories, groups] = await Promise.all([
      db().channel.findMany({ orderBy: { id: 'asc' }, omit: { status: true, allocatedToUnitUid: true, updatedAt: true, version: true } }),
      db().channelInventory.findMany({ orderBy: [{ channelId: 'asc' }, { inventoryId: 'asc' }] }),
      db().groupChannel.findMany({ orderBy: [{ channelId: 'asc' }, { groupId: 'asc' }] }),
    ]);
    return JSON.stringify({ channels, inventories, groups });
  };
  const details = async (id: string): Promise<ChannelDetails> => (await call('GET', `/v2/admin/channels/${id}`, superUser)).json();

  it('answers 401 without a session, 403 to a read-only user for a change and to a regular user for admin calls', async () => {
    const before = await snapshot();
    expect((await call('GET', '/channels/fetch', undefined)).statusCode).toBe(401);
    const ro = await call('POST', '/channels/updatePtmpChannels', reader, { uniqueID: PREVIEW, machines: [] });
    expect(ro.statusCode).toBe(403);
    expect(ro.json().error.code).toBe('FORBIDDEN');
    for (const [method, url] of [
      ['GET', '/v2/admin/channels'],
      ['POST', '/v2/admin/channels'],
      ['DELETE', `/v2/admin/channels/${PREVIEW}`],
    ] as const) {
      const res = await call(method, url, regular, method === 'POST' ? { name: 'x', serverId: HUB } : undefined);
      expect(res.statusCode, url).toBe(403);
    }
    expect(await snapshot()).toBe(before);
  });

  it('lists the caller’s channels with their counters; a read-only user sees them; filters narrow the rows, not the counters', async () => {
    const res = await call('GET', '/channels/fetch?group=grp-newsroom', reader);
    expect(res.statusCode, res.body).toBe(200);
    const list: ChannelList = res.json();
    const ids = list.channels.map((c) => c.channelId);
    expect(ids).toEqual(expect.arrayContaining([PREVIEW, SDI_OUTPUT]));
    const c = list.counters;
    expect(c.busy + c.idle + c.offline).toBe(list.channels.length);
    expect(list.channels.find((x) => x.channelId === SDI_OUTPUT)).toMatchObject({ type: 'output', isOutput: true, hasSdi: true, preview: false });
    expect(list.channels.find((x) => x.channelId === PREVIEW)).toMatchObject({ type: 'preview', isOutput: false, online: true, busy: false });
    const outputs: ChannelList = (await call('POST', '/channels/fetch', reader, { group: 'grp-newsroom', kind: 'output' })).json();
    expect(outputs.channels.every((x) => x.isOutput)).toBe(true);
    expect(outputs.channels.length).toBe(c.output);
    expect(outputs.counters).toEqual(c);
    expect((await call('GET', '/channels/fetch?type=bogus', reader)).statusCode).toBe(400);
    expect((await call('GET', '/channels/fetch?group=no-such-group', reader)).statusCode).toBe(404);
  });

  it('answers status, details (GET and POST), ips, capabilities, ingest association and the group’s channel details', async () => {
    const status = await call('GET', `/channels/${PREVIEW}/status`, reader);
    expect(status.json()).toMatchObject({ channelId: PREVIEW, status: 'idle', busy: false, offline: false });
    const got = await call('GET', `/channels/fetch_details?ids=${PREVIEW},${SDI_OUTPUT}`, reader);
    expect(got.statusCode, got.body).toBe(200);
    const posted = await call('POST', '/channels/fetch_details', reader, { ids: [PREVIEW, SDI_OUTPUT] });
    expect(posted.json()).toEqual(got.json());
    const [first] = (got.json() as { channels: ChannelDetails[] }).channels;
    expect(first!.general).toMatchObject({ name: first!.channel.channelName, preview: true, distributor: false });
    expect(first!.multipoint.uniqueID).toBe(PREVIEW);
    const empty = await call('POST', '/channels/fetch_details', reader, { ids: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields[0].message).toBe(VALIDATION.required);
    expect((await call('POST', '/channels/fetch_details', reader, { ids: [PREVIEW, 'NO-SUCH'] })).statusCode).toBe(404);
    expect((await call('GET', `/channels/${PREVIEW}/ips`, reader)).json()).toMatchObject({ channelId: PREVIEW, serverId: HUB });
    expect((await call('GET', `/channels/${PREVIEW}/capabilities`, reader)).statusCode).toBe(200);
    expect((await call('GET', '/channels/ING-0001-CH1/ingest_association', superUser)).json()).toMatchObject({ associated: true, serverId: 'ING-0001' });
    const group = await call('GET', '/v2/groups/grp-newsroom/channelDetails', reader);
    expect(group.statusCode, group.body).toBe(200);
    expect(group.json().status).toBe('idle');
    expect((await call('GET', '/channels/no-such/status', reader)).statusCode).toBe(404);
    const sdi: ChannelList = (await call('GET', '/channels/sdi?inventoryId=inv-global', reader)).json();
    expect(sdi.channels.length).toBeGreaterThan(0);
    expect(sdi.channels.every((x) => x.hasSdi)).toBe(true);
    const info = await call('POST', '/channels/mediaAccessOutputInfo', reader, { uniqueIds: [SDI_OUTPUT, 'NO-SUCH'] });
    expect(info.json().outputs).toEqual([expect.objectContaining({ uniqueId: SDI_OUTPUT, isOutput: true })]);
  });

  // The rules of the admin channel calls (names, type derived, version, output licence, 4K, busy channel, one
  // association per inventory) are in apps/core/src/modules/channels/channels.test.ts; here each call once over HTTP.
  it('creates a channel (a name of the wrong characters is refused at the field) and deletes it, announced', async () => {
    const before = await snapshot();
    const bad = await call('POST', '/v2/admin/channels', admin, { name: 'bad name!', serverId: HUB });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields[0]).toMatchObject({ path: 'body.name', message: VALIDATION.unitNameCharacters });
    expect(await snapshot()).toBe(before);
    published.length = 0;
    const res = await call('POST', '/v2/admin/channels', admin, {
      name: 'New_Channel-1',
      serverId: HUB,
      inventoryIds: ['inv-global'],
      groupIds: ['grp-newsroom'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const created: ChannelDetails = res.json();
    expect(created.channel).toMatchObject({ channelName: 'New_Channel-1', serverId: HUB, inventoryIds: ['inv-global'], groupIds: ['grp-newsroom'] });
    expect(published.some((p) => p.event.type === 'channel.changed' && p.event.channel.channelId === created.channel.channelId)).toBe(true);
    published.length = 0;
    const del = await call('DELETE', `/v2/admin/channels/${created.channel.channelId}`, admin);
    expect(del.statusCode, del.body).toBe(200);
    expect(await db().channel.findUnique({ where: { id: created.channel.channelId } })).toBeNull();
    expect(published.some((p) => p.event.type === 'channel.removed' && p.event.channelId === created.channel.channelId)).toBe(true);
  });

  it('4K by its causes as the hubs report them: an output channel of a hub without PRO-4K is refused, one of a hub with it takes it', async () => {
    // What each channel can do comes from its hub (serverInfo); the hubs' licences from their services.
    const output = 'MMH-0001-CH2';
    const metroOutput = 'MMH-0002-CH2';
    await eventually(
      async () => (await details(output)).channel.capabilities['fourK'] === true && (await details(metroOutput)).channel.capabilities['fourK'] === true,
      10_000,
    );
    await db().server.update({ where: { id: HUB }, data: { servicesData: { video: 'active' } } });
    await eventually(async () => (await call('GET', `/servers/${HUB}/services`, reader)).json().services.length === 1);
    const before = await snapshot();
    const refused = await call('PUT', `/v2/admin/channels/${output}`, admin, { fourK: true });
    expect(refused.statusCode, refused.body).toBe(402);
    expect(refused.json().error.message).toBe('PRO-4K license not available');
    expect(await snapshot()).toBe(before);
    // The Metro-TV hub holds PRO-4K (seeded services).
    expect((await call('GET', '/servers/MMH-0002/services', superUser)).json().services).toContainEqual({ serviceName: 'pro-4k', serviceStatus: 'active' });
    const taken = await call('PUT', `/v2/admin/channels/${metroOutput}`, superUser, { fourK: true });
    expect(taken.statusCode, taken.body).toBe(200);
    expect((await details(metroOutput)).general.fourK).toBe(true);
  });

  it('associates a channel with an inventory and removes it; lists the channel’s inventories and groups', async () => {
    const add = await call('PUT', `/v2/admin/inventories/inv-global-sports/channels/${PREVIEW}`, superUser);
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json().inventoryIds).toContain('inv-global-sports');
    const inventories = (await call('GET', `/v2/admin/channels/${PREVIEW}/inventories`, superUser)).json();
    expect(inventories.inventories.map((i: { id: string }) => i.id)).toContain('inv-global-sports');
    const removed = await call('DELETE', `/v2/admin/inventories/inv-global-sports/channels/${PREVIEW}`, superUser);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().inventoryIds).not.toContain('inv-global-sports');
    expect((await call('GET', `/v2/admin/channels/${PREVIEW}/groups`, superUser)).json().groups.length).toBeGreaterThan(0);
  });

  it('sets ptmp receivers through the device and lists the channel among the ptmp channels', async () => {
    const dupes = await call('POST', '/channels/updatePtmpChannels', regular, { uniqueID: PREVIEW, machines: [{ uid: 'LU800-0001' }, { uid: 'LU800-0001' }] });
    expect(dupes.statusCode).toBe(400);
    expect(dupes.json().error.fields[0].message).toBe(VALIDATION.fieldUnique);
    const res = await call('POST', '/channels/updatePtmpChannels', regular, { uniqueID: PREVIEW, machines: [{ uid: 'LU800-0001' }, { uid: 'LU800-0002' }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().machines).toEqual([{ uid: 'LU800-0001' }, { uid: 'LU800-0002' }]);
    const list = (await call('GET', '/channels/fetchPtmpChannels', reader)).json();
    expect(list.channels.map((c: { uniqueID: string }) => c.uniqueID)).toContain(PREVIEW);
    expect((await call('GET', `/v2/admin/channels/${PREVIEW}/ptmp`, admin)).json().machines).toHaveLength(2);
  });

  it('answers DEVICE_UNREACHABLE and stores nothing when the server is off', async () => {
    s.sim!.inject({ serverId: HUB, fault: { type: 'serverPower', on: false } });
    // The hub's channels go offline with it (a status change of its own): compare after that.
    await eventually(async () => (await details(PREVIEW)).channel.offline);
    const before = await snapshot();
    const res = await call('PUT', `/v2/admin/channels/${PREVIEW}`, admin, { recording: true });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe('Configuration not sent, retry');
    expect(await snapshot()).toBe(before);
    s.sim!.inject({ serverId: HUB, fault: { type: 'serverPower', on: true } });
    await eventually(async () => !(await details(PREVIEW)).channel.offline);
  });

  it('pages, searches and sorts the admin list (own inventories only for an admin)', async () => {
    const page = await call('GET', '/v2/admin/channels?limit=2&sortBy=name&sortDir=desc', admin);
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json();
    expect(body.items).toHaveLength(2);
    expect(body.limit).toBe(2);
    expect(body.items.every((c: { inventoryIds: string[] }) => c.inventoryIds.includes('inv-global'))).toBe(true);
    expect(body.items[0].channelName >= body.items[1].channelName).toBe(true);
    const found = (await call('GET', `/v2/admin/channels?searchKey=uniqueId&searchValue=${PREVIEW}`, admin)).json();
    expect(found.items.map((c: { channelId: string }) => c.channelId)).toEqual([PREVIEW]);
    expect((await call('GET', '/v2/admin/channels?limit=0', admin)).statusCode).toBe(400);
    expect((await call('GET', '/v2/admin/channels/MMH-0002-CH1', admin)).statusCode).toBe(404);
  });
});
