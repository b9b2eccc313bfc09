/**
 * Shares (spec 001 §3 Publisher, Subscriber / folder, Share link; §5 rules; §9 "Max 10 share links")
 * against the real core on real SQLite and PostgreSQL: publishers of the caller's groups (list,
 * create with a core-made share key, update, regenerate the key, delete), share links (at most 10,
 * description mandatory, start in the future, duration required), the subscriber folder tree per
 * inventory (root not editable), subscribers (a publisher's key, moves between folders); roles
 * (SHARES_ROLES), scope (unknown and foreign both 404), a rejected request changing nothing, and
 * the realtime events.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPath,
  catalogue,
  ERROR_CATALOGUE,
  groupTopic,
  inventoryTopic,
  shareEndpoints,
  VALIDATION,
  type EndpointDef,
  type Publisher,
  type PublisherPage,
  type Subscriber,
  type SubscriberFolder,
  type SubscriberFolderTree,
  type SubscriberPage,
  RULES,
} from '@fleet/contracts';
import { providers, startTestStack, type TestStack, coreCall, recordPublished, type Method, type Published } from '../support/stack.js';
import { connect, until } from './realtime-client.js';

const IDS = Object.keys(shareEndpoints) as (keyof typeof shareEndpoints)[];
const inFuture = (ms = 86_400_000) => new Date(Date.now() + ms).toISOString();

describe.each(providers())('shares on %s', (provider) => {
  let s: TestStack;
  let mga: string; // luc_media_group_admin: inventory inv-global and its groups
  let admin: string; // luc_admin: a manage role without shares
  let superUser: string;
  const published: Published[] = [];

  beforeAll(async () => {
    s = await startTestStack({ provider });
    [mga, admin, superUser] = await Promise.all([s.login('luc_media_group_admin'), s.login('luc_admin'), s.login('super_user')]);
    recordPublished(s.app, published);
  });
  afterAll(async () => s?.close());

  const call = (method: Method, url: string, cookie: string | undefined, payload?: unknown) => coreCall(s, method, url, cookie, payload);
  const db = () => s.app.services.db;
  const snapshot = async () =>
    JSON.stringify([
      await db().publisher.findMany({ orderBy: { id: 'asc' } }),
      await db().shareLink.findMany({ orderBy: { id: 'asc' } }),
      await db().subscriberFolder.findMany({ orderBy: { id: 'asc' } }),
      await db().subscriber.findMany({ orderBy: { id: 'asc' } }),
    ]);
  const fields = (res: { json(): { error: { fields?: { path: string; message: string }[] } } }) => res.json().error.fields;
  const lastEvent = (type: string) => published.filter((p) => p.event.type === type).at(-1);
  const createPublisher = (body: Record<string, unknown>, cookie = mga) => call('POST', '/v2/shares/publishers', cookie, body);

  it('answers 401 without a session and 403 to roles without shares, changing nothing', async () => {
    const before = await snapshot();
    for (const id of IDS) {
      const def: EndpointDef = catalogue[id];
      const url = buildPath(def.path, { id: def.path.includes('/inventories/') ? 'inv-global' : 'pub-0001', linkId: 'shl-0001' });
      const body = def.body
        ? { name: 'X', groupId: 'grp-newsroom', description: 'x', startTime: inFuture(), durationMinutes: 5, shareKey: 'PUB-METRO00001' }
        : undefined;
      expect((await call(def.method, url, undefined, body)).statusCode, id).toBe(401);
      expect((await call(def.method, url, admin, body)).statusCode, id).toBe(403);
    }
    expect(await snapshot()).toBe(before);
  });

  it("lists the publishers of the caller's groups with their links, searches, sorts and pages; another group's is 404", async () => {
    const page: PublisherPage = (await call('GET', '/v2/shares/publishers', mga)).json();
    expect(page.items.map((p) => p.id)).toEqual(['pub-0001']);
    expect(page.items[0]).toMatchObject({ name: 'Newsroom-Share', groupId: 'grp-newsroom', inventoryId: 'inv-global', createdByName: 'super_user' });
    expect(page.items[0]!.shareLinks.map((l) => l.description)).toEqual(['Evening bulletin', 'Election night']);
    const link = page.items[0]!.shareLinks[0]!;
    expect(new Date(link.endTime).getTime() - new Date(link.startTime).getTime()).toBe(link.durationMinutes * 60_000);
    const all: PublisherPage = (await call('GET', '/v2/shares/publishers?sortBy=name&sortDir=desc', superUser)).json();
    expect(all.items.map((p) => p.name)).toEqual(['Newsroom-Share', 'Metro-Share', 'Football-Share']);
    const found: PublisherPage = (await call('GET', '/v2/shares/publishers?searchValue=metro&limit=1', superUser)).json();
    expect(found).toMatchObject({ total: 1, limit: 1 });
    expect(found.items.map((p) => p.id)).toEqual(['pub-0003']);
    expect((await call('GET', '/v2/shares/publishers?groupId=grp-metro-live', mga)).statusCode).toBe(404);
    expect((await call('GET', '/v2/shares/publishers?groupId=grp-no-such', mga)).statusCode).toBe(404);
  });

  it('creates a publisher with a core-made unique share key, records who and when, and announces it', async () => {
    const res = await createPublisher({ groupId: 'grp-field-crews', name: 'Crews-Share', description: 'Field crews' });
    expect(res.statusCode).toBe(201);
    const created: Publisher = res.json();
    expect(created).toMatchObject({
      name: 'Crews-Share',
      description: 'Field crews',
      groupId: 'grp-field-crews',
      groupName: expect.any(String),
      inventoryId: 'inv-global',
      createdByName: 'luc_media_group_admin',
      shareLinks: [],
      version: 0,
    });
    expect(created.shareKey).toMatch(/^[A-Z2-9]{12}$/);
    const second: Publisher = (await createPublisher({ groupId: 'grp-field-crews', name: 'Crews-Share-2' })).json();
    expect(second.shareKey).not.toBe(created.shareKey);
    const event = lastEvent('share.changed');
    expect(event?.event).toMatchObject({ kind: 'publisher', id: second.id, inventoryId: 'inv-global', groupId: 'grp-field-crews' });
    expect(event?.topics).toEqual(expect.arrayContaining(['inventory:inv-global', 'group:grp-field-crews']));
    await call('DELETE', `/v2/shares/publishers/${second.id}`, mga);
  });

  it("refuses a publisher's name and description outside §5 with the spec's messages, and a foreign group as 404, changing nothing", async () => {
    const before = await snapshot();
    expect(fields(await createPublisher({ groupId: 'grp-newsroom', name: '' }))).toEqual([{ path: 'body.name', message: VALIDATION.required }]);
    expect(fields(await createPublisher({ groupId: 'grp-newsroom' }))).toEqual([{ path: 'body.name', message: VALIDATION.required }]);
    expect(fields(await createPublisher({ groupId: 'grp-newsroom', name: 'x'.repeat(33) }))).toEqual([
      { path: 'body.name', message: VALIDATION.betweenChars(1, 32) },
    ]);
    expect(fields(await createPublisher({ groupId: 'grp-newsroom', name: 'Ok', description: 'd'.repeat(33) }))).toEqual([
      { path: 'body.description', message: VALIDATION.maxChars(32) },
    ]);
    expect((await createPublisher({ groupId: 'grp-metro-live', name: 'Foreign' })).statusCode).toBe(404);
    expect((await createPublisher({ groupId: 'grp-no-such', name: 'Nowhere' })).statusCode).toBe(404);
    const update = await call('PUT', '/v2/shares/publishers/pub-0001', mga, { name: 'y'.repeat(33) });
    expect(fields(update)).toEqual([{ path: 'body.name', message: VALIDATION.betweenChars(1, 32) }]);
    expect(await snapshot()).toBe(before);
    // Exactly 32 characters is allowed.
    const ok = await createPublisher({ groupId: 'grp-newsroom', name: 'n'.repeat(32), description: 'd'.repeat(32) });
    expect(ok.statusCode).toBe(201);
    await call('DELETE', `/v2/shares/publishers/${(ok.json() as Publisher).id}`, mga);
  });

  it('updates with the version read (409 on a stale one), regenerates the key, deletes; foreign publishers are 404', async () => {
    const created: Publisher = (await createPublisher({ groupId: 'grp-newsroom', name: 'Edit-Me' })).json();
    const updated: Publisher = (
      await call('PUT', `/v2/shares/publishers/${created.id}`, mga, { name: 'Edited', description: 'new', version: created.version })
    ).json();
    expect(updated).toMatchObject({ name: 'Edited', description: 'new', version: created.version + 1, shareKey: created.shareKey });
    const stale = await call('PUT', `/v2/shares/publishers/${created.id}`, mga, { name: 'Stale', version: created.version });
    expect(stale.statusCode).toBe(409);
    const rekeyed: Publisher = (await call('PUT', `/v2/shares/publishers/${created.id}/shareKey`, mga, { version: updated.version })).json();
    expect(rekeyed.shareKey).not.toBe(created.shareKey);
    expect(rekeyed.name).toBe('Edited');
    const before = await snapshot();
    for (const [method, url, body] of [
      ['PUT', '/v2/shares/publishers/pub-0003', { name: 'Mine' }],
      ['PUT', '/v2/shares/publishers/pub-0003/shareKey', {}],
      ['DELETE', '/v2/shares/publishers/pub-0003', undefined],
      ['POST', '/v2/shares/publishers/pub-0003/links', { description: 'x', startTime: inFuture(), durationMinutes: 5 }],
      ['DELETE', '/v2/shares/publishers/pub-0003/links/shl-0003', undefined],
      ['PUT', '/v2/shares/publishers/pub-no-such', { name: 'Mine' }],
    ] as const) {
      expect((await call(method, url, mga, body)).statusCode, url).toBe(404);
    }
    expect(await snapshot()).toBe(before);
    const deleted = await call('DELETE', `/v2/shares/publishers/${created.id}`, mga);
    expect(deleted.json()).toEqual({ id: created.id, groupId: 'grp-newsroom', deleted: true });
    expect(lastEvent('share.removed')?.event).toMatchObject({ kind: 'publisher', id: created.id });
    expect(await db().publisher.findUnique({ where: { id: created.id } })).toBeNull();
  });

  it("offers the group's channels and video return channels as sources, and stores a publisher's sources only from its group", async () => {
    const offered = (await call('GET', '/v2/shares/groups/grp-newsroom/sources', mga)).json() as { channels: { id: string }[]; vrChannels: { id: string }[] };
    expect(offered.channels.map((c) => c.id)).toContain('MMH-0001-CH1');
    expect(offered.vrChannels.map((c) => c.id)).toEqual(['VRC-0001']);
    expect(offered.channels.map((c) => c.id)).not.toContain('MMH-0002-CH1');
    expect((await call('GET', '/v2/shares/groups/grp-metro-live/sources', mga)).statusCode).toBe(404);
    // The seeded publisher's source reads with its name.
    const seeded = ((await call('GET', '/v2/shares/publishers', mga)).json() as PublisherPage).items.find((p) => p.id === 'pub-0001')!;
    expect(seeded.sources.channels).toEqual([{ id: 'MMH-0001-CH1', name: expect.any(String) }]);
    expect(seeded.sources.channels[0]!.name).not.toBe('MMH-0001-CH1');

    const before = await snapshot();
    const foreign = await createPublisher({
      groupId: 'grp-newsroom',
      name: 'Sources',
      sources: { channelIds: ['MMH-0002-CH1'], vrChannelIds: ['VRC-0001', 'VRC-0001'] },
    });
    expect(fields(foreign)).toEqual([
      { path: 'body.sources.channelIds.0', message: RULES.notOfGroup },
      { path: 'body.sources.vrChannelIds.1', message: VALIDATION.fieldUnique },
    ]);
    expect(await snapshot()).toBe(before);
    const created: Publisher = (
      await createPublisher({ groupId: 'grp-newsroom', name: 'Sources', sources: { channelIds: ['MMH-0001-CH1'], vrChannelIds: ['VRC-0001'] } })
    ).json();
    expect(created.sources).toMatchObject({ channels: [{ id: 'MMH-0001-CH1' }], vrChannels: [{ id: 'VRC-0001' }] });
    const snap = await snapshot();
    expect(fields(await call('PUT', `/v2/shares/publishers/${created.id}`, mga, { sources: { vrChannelIds: ['VRC-0004'] } }))).toEqual([
      { path: 'body.sources.vrChannelIds.0', message: RULES.notOfGroup },
    ]);
    expect(await snapshot()).toBe(snap);
    const cleared: Publisher = (await call('PUT', `/v2/shares/publishers/${created.id}`, mga, { sources: { channelIds: [] } })).json();
    expect(cleared.sources).toEqual({ channels: [], vrChannels: [] });
    await call('DELETE', `/v2/shares/publishers/${created.id}`, mga);
  });

  it('adds share links (end = start + duration) up to 10 and refuses the 11th, an empty description, a past start and no duration', async () => {
    const pub: Publisher = (await createPublisher({ groupId: 'grp-newsroom', name: 'Links' })).json();
    const url = `/v2/shares/publishers/${pub.id}/links`;
    const before = await snapshot();
    expect(fields(await call('POST', url, mga, { description: '', startTime: inFuture(), durationMinutes: 30 }))).toEqual([
      { path: 'body.description', message: VALIDATION.required },
    ]);
    expect(fields(await call('POST', url, mga, { description: '  ', startTime: inFuture(), durationMinutes: 30 }))).toEqual([
      { path: 'body.description', message: VALIDATION.required },
    ]);
    expect(fields(await call('POST', url, mga, { description: 'Past', startTime: new Date(Date.now() - 60_000).toISOString(), durationMinutes: 30 }))).toEqual([
      { path: 'body.startTime', message: VALIDATION.shareLinkStartInFuture },
    ]);
    expect(fields(await call('POST', url, mga, { description: 'No duration', startTime: inFuture() }))).toEqual([
      { path: 'body.durationMinutes', message: VALIDATION.required },
    ]);
    expect(fields(await call('POST', url, mga, { description: 'No start', durationMinutes: 5 }))).toEqual([
      { path: 'body.startTime', message: VALIDATION.required },
    ]);
    expect(fields(await call('POST', url, mga, { description: 'Zero', startTime: inFuture(), durationMinutes: 0 }))).toEqual([
      { path: 'body.durationMinutes', message: VALIDATION.minValue(1) },
    ]);
    expect(await snapshot()).toBe(before);

    const start = inFuture(3_600_000);
    const first = await call('POST', url, mga, { description: 'Link 1', startTime: start, durationMinutes: 90 });
    expect(first.statusCode).toBe(201);
    const link = (first.json() as Publisher).shareLinks[0]!;
    expect(link).toMatchObject({
      description: 'Link 1',
      durationMinutes: 90,
      startTime: new Date(start).toISOString(),
      endTime: new Date(new Date(start).getTime() + 90 * 60_000).toISOString(),
    });
    expect(lastEvent('share.changed')?.event).toMatchObject({ kind: 'publisher', id: pub.id });
    for (let i = 2; i <= 10; i++)
      expect((await call('POST', url, mga, { description: `Link ${i}`, startTime: inFuture(), durationMinutes: 10 })).statusCode).toBe(201);
    const full = await snapshot();
    const eleventh = await call('POST', url, mga, { description: 'Link 11', startTime: inFuture(), durationMinutes: 10 });
    expect(eleventh.statusCode).toBe(ERROR_CATALOGUE.SHARE_LINKS_LIMIT.status);
    expect(eleventh.json().error).toMatchObject({ code: 'SHARE_LINKS_LIMIT', message: 'At most 10 share links' });
    expect(await snapshot()).toBe(full);
    // Removing one makes room again; an unknown link is 404.
    const after: Publisher = (await call('DELETE', `${url}/${link.id}`, mga)).json();
    expect(after.shareLinks).toHaveLength(9);
    expect(after.shareLinks.map((l) => l.id)).not.toContain(link.id);
    expect((await call('DELETE', `${url}/${link.id}`, mga)).statusCode).toBe(404);
    expect((await call('DELETE', `${url}/shl-0001`, mga)).statusCode).toBe(404); // another publisher's link
    expect((await call('POST', url, mga, { description: 'Again', startTime: inFuture(), durationMinutes: 10 })).statusCode).toBe(201);
    await call('DELETE', `/v2/shares/publishers/${pub.id}`, mga);
  });

  it('reads the folder tree root first, makes a root for an inventory without one, and never edits the root', async () => {
    const tree: SubscriberFolderTree = (await call('GET', '/v2/shares/inventories/inv-global/folders', mga)).json();
    expect(tree.folders[0]).toMatchObject({ id: 'sbf-root', isRoot: true, parentId: null });
    expect(tree.folders.map((f) => f.name)).toEqual(['Root', 'Agencies', 'Partners']);
    expect(tree.folders.find((f) => f.id === 'sbf-partners')).toMatchObject({ parentId: 'sbf-root', subscriberCount: 1 });
    expect((await call('GET', '/v2/shares/inventories/inv-metro/folders', mga)).statusCode).toBe(404);
    // An inventory made later gets its root on the first read (once).
    await db().inventory.create({ data: { id: 'inv-shares-new', name: 'Shares-New' } });
    // Two first reads at the same moment make one root.
    const [fresh, again] = (await Promise.all([0, 1].map(() => call('GET', '/v2/shares/inventories/inv-shares-new/folders', superUser)))).map(
      (r) => r.json() as SubscriberFolderTree,
    );
    expect(fresh!.folders).toEqual([expect.objectContaining({ isRoot: true, parentId: null, subscriberCount: 0 })]);
    expect(again!.folders).toEqual(fresh!.folders);
    expect(await db().subscriberFolder.count({ where: { inventoryId: 'inv-shares-new' } })).toBe(1);

    const before = await snapshot();
    for (const body of [{ name: 'Renamed' }, { parentId: 'sbf-partners' }]) {
      const res = await call('PUT', '/v2/shares/folders/sbf-root', mga, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'ROOT_FOLDER_NOT_EDITABLE', message: 'Editing root subscriber folders not allowed' });
    }
    expect((await call('DELETE', '/v2/shares/folders/sbf-root', mga)).json().error.message).toBe('Editing root subscriber folders not allowed');
    expect(await snapshot()).toBe(before);
  });

  it('creates, renames, moves and deletes folders (sub-folders go, subscribers move up), refusing bad names and parents', async () => {
    const base = '/v2/shares/inventories/inv-global/folders';
    const before = await snapshot();
    expect(fields(await call('POST', base, mga, { name: '' }))).toEqual([{ path: 'body.name', message: VALIDATION.required }]);
    expect(fields(await call('POST', base, mga, { name: 'f'.repeat(33) }))).toEqual([{ path: 'body.name', message: VALIDATION.betweenChars(1, 32) }]);
    expect(fields(await call('POST', base, mga, { name: 'Foreign parent', parentId: 'sbf-metro-desk' }))).toEqual([
      { path: 'body.parentId', message: RULES.unknownFolder },
    ]);
    expect((await call('POST', '/v2/shares/inventories/inv-metro/folders', mga, { name: 'X' })).statusCode).toBe(404);
    expect((await call('PUT', '/v2/shares/folders/sbf-metro-desk', mga, { name: 'Mine' })).statusCode).toBe(404);
    expect(await snapshot()).toBe(before);

    const top: SubscriberFolder = (await call('POST', base, mga, { name: 'Top' })).json();
    expect(top).toMatchObject({ name: 'Top', parentId: 'sbf-root', isRoot: false, subscriberCount: 0 });
    expect(lastEvent('share.changed')?.event).toMatchObject({ kind: 'folder', id: top.id, inventoryId: 'inv-global' });
    const child: SubscriberFolder = (await call('POST', base, mga, { name: 'Child', parentId: top.id })).json();
    const grandchild: SubscriberFolder = (await call('POST', base, mga, { name: 'Grandchild', parentId: child.id })).json();
    // Not under itself or below it.
    const snap = await snapshot();
    expect(fields(await call('PUT', `/v2/shares/folders/${top.id}`, mga, { parentId: grandchild.id }))).toEqual([
      { path: 'body.parentId', message: RULES.folderUnderItself },
    ]);
    expect(fields(await call('PUT', `/v2/shares/folders/${top.id}`, mga, { parentId: top.id }))).toEqual([
      { path: 'body.parentId', message: RULES.folderUnderItself },
    ]);
    expect(await snapshot()).toBe(snap);
    const renamed: SubscriberFolder = (
      await call('PUT', `/v2/shares/folders/${child.id}`, mga, { name: 'Child-Renamed', parentId: 'sbf-partners', version: child.version })
    ).json();
    expect(renamed).toMatchObject({ name: 'Child-Renamed', parentId: 'sbf-partners', version: child.version + 1 });
    expect((await call('PUT', `/v2/shares/folders/${child.id}`, mga, { name: 'Stale', version: child.version })).statusCode).toBe(409);

    // Delete the moved folder: its grandchild goes too, their subscribers move up to its parent (Partners).
    const key = (await db().publisher.findUniqueOrThrow({ where: { id: 'pub-0001' } })).shareKey;
    const a: Subscriber = (
      await call('POST', '/v2/shares/inventories/inv-global/subscribers', mga, { name: 'In-Child', shareKey: key, folderId: child.id })
    ).json();
    const b: Subscriber = (
      await call('POST', '/v2/shares/inventories/inv-global/subscribers', mga, { name: 'In-Grandchild', shareKey: key, folderId: grandchild.id })
    ).json();
    const gone = await call('DELETE', `/v2/shares/folders/${child.id}`, mga);
    expect(gone.json()).toEqual({ id: child.id, inventoryId: 'inv-global', deleted: true, movedSubscribers: 2 });
    expect(lastEvent('share.removed')?.event).toMatchObject({ kind: 'folder', id: child.id });
    const tree: SubscriberFolderTree = (await call('GET', '/v2/shares/inventories/inv-global/folders', mga)).json();
    expect(tree.folders.map((f) => f.id)).not.toContain(grandchild.id);
    const moved: SubscriberPage = (await call('GET', '/v2/shares/inventories/inv-global/subscribers?folderId=sbf-partners', mga)).json();
    expect(moved.items.map((x) => x.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    for (const id of [a.id, b.id]) await call('DELETE', `/v2/shares/subscribers/${id}`, mga);
    await call('DELETE', `/v2/shares/folders/${top.id}`, mga);
  });

  it("creates subscribers with a publisher's key (another organisation's too), refuses an unknown key as 'Invalid field', moves and deletes them", async () => {
    const url = '/v2/shares/inventories/inv-global/subscribers';
    const before = await snapshot();
    expect(fields(await call('POST', url, mga, { name: 'Nokey', shareKey: 'NO-SUCH-KEY' }))).toEqual([
      { path: 'body.shareKey', message: RULES.unknownShareKey },
    ]);
    expect(fields(await call('POST', url, mga, { name: '', shareKey: 'PUB-METRO00001' }))).toEqual([{ path: 'body.name', message: VALIDATION.required }]);
    expect(fields(await call('POST', url, mga, { name: 's'.repeat(33), shareKey: 'PUB-METRO00001' }))).toEqual([
      { path: 'body.name', message: VALIDATION.betweenChars(1, 32) },
    ]);
    expect(fields(await call('POST', url, mga, { name: 'Nokey' }))).toEqual([{ path: 'body.shareKey', message: VALIDATION.required }]);
    expect(fields(await call('POST', url, mga, { name: 'Bad folder', shareKey: 'PUB-METRO00001', folderId: 'sbf-metro-desk' }))).toEqual([
      { path: 'body.folderId', message: RULES.unknownFolder },
    ]);
    expect(await snapshot()).toBe(before);

    const created = await call('POST', url, mga, { name: 'Metro-Feed', shareKey: 'PUB-METRO00001' });
    expect(created.statusCode).toBe(201);
    const sub: Subscriber = created.json();
    expect(sub).toMatchObject({ name: 'Metro-Feed', folderId: 'sbf-root', inventoryId: 'inv-global', shareKey: 'PUB-METRO00001' });
    expect(lastEvent('share.changed')?.event).toMatchObject({ kind: 'subscriber', id: sub.id });
    const moved: Subscriber = (
      await call('PUT', `/v2/shares/subscribers/${sub.id}`, mga, { folderId: 'sbf-partners', name: 'Metro-Feed-2', version: sub.version })
    ).json();
    expect(moved).toMatchObject({ folderId: 'sbf-partners', name: 'Metro-Feed-2', version: sub.version + 1 });
    const inRoot: SubscriberPage = (await call('GET', `${url}?folderId=sbf-root`, mga)).json();
    expect(inRoot.items.map((x) => x.id)).not.toContain(sub.id);
    const searched: SubscriberPage = (await call('GET', `${url}?searchValue=metro-feed`, mga)).json();
    expect(searched.items.map((x) => x.id)).toEqual([sub.id]);
    const snap = await snapshot();
    expect(fields(await call('PUT', `/v2/shares/subscribers/${sub.id}`, mga, { shareKey: 'NO-SUCH-KEY' }))).toEqual([
      { path: 'body.shareKey', message: RULES.unknownShareKey },
    ]);
    expect((await call('PUT', `/v2/shares/subscribers/${sub.id}`, mga, { name: 'Stale', version: sub.version })).statusCode).toBe(409);
    expect((await call('PUT', '/v2/shares/subscribers/sub-0004', mga, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call('DELETE', '/v2/shares/subscribers/sub-0004', mga)).statusCode).toBe(404);
    expect((await call('GET', '/v2/shares/inventories/inv-metro/subscribers', mga)).statusCode).toBe(404);
    expect((await call('GET', `${url}?folderId=sbf-metro-desk`, mga)).statusCode).toBe(404);
    expect(await snapshot()).toBe(snap);
    expect((await call('DELETE', `/v2/shares/subscribers/${sub.id}`, mga)).json()).toEqual({ id: sub.id, inventoryId: 'inv-global', deleted: true });
    expect(lastEvent('share.removed')?.event).toMatchObject({ kind: 'subscriber', id: sub.id });
    expect(await db().subscriber.findUnique({ where: { id: sub.id } })).toBeNull();
  });

  it("reaches a console over /ws: a subscriber made in the caller's inventory arrives, another organisation's does not", async () => {
    const base = await s.app.listen({ host: '127.0.0.1', port: 0 });
    const client = await connect(base, { cookie: mga });
    try {
      await client.next((m) => m.op === 'hello');
      client.send({ op: 'subscribe', topics: [inventoryTopic('inv-global'), groupTopic('grp-newsroom')] });
      await client.next((m) => m.op === 'subscribed');
      const metro: Subscriber = (
        await call('POST', '/v2/shares/inventories/inv-metro/subscribers', superUser, { name: 'Ws-Metro', shareKey: 'PUB-METRO00001' })
      ).json();
      const mine: Subscriber = (
        await call('POST', '/v2/shares/inventories/inv-global/subscribers', superUser, { name: 'Ws-Global', shareKey: 'PUB-METRO00001' })
      ).json();
      const shareEvents = () => client.events.filter((e) => e.event.type === 'share.changed');
      await until(() => shareEvents().some((e) => e.event.type === 'share.changed' && e.event.id === mine.id), 5000, 'share.changed over /ws');
      expect(shareEvents().find((e) => e.event.type === 'share.changed' && e.event.id === mine.id)?.event).toMatchObject({
        kind: 'subscriber',
        inventoryId: 'inv-global',
      });
      expect(shareEvents().some((e) => e.event.type === 'share.changed' && e.event.id === metro.id)).toBe(false);
      for (const id of [metro.id, mine.id]) await call('DELETE', `/v2/shares/subscribers/${id}`, superUser);
    } finally {
      client.ws.close();
    }
  });
});
