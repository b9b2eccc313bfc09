/**
 * Stories of an inventory (spec 000 §2 Stories, §3 Story, §5 story field rules; spec 001 §7
 * "stories with count") and their integration settings (NRCS sync, test mapping), against the real
 * core on real SQLite and PostgreSQL: every call's success, its validation rules with the spec's
 * exact messages, 404 for unknown or foreign ids, 401 without a session, 403 for roles outside the
 * declaration, the optimistic version (409), that a rejected request changes nothing, and the
 * story.changed / story.removed events on the inventory's topics.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPath,
  catalogue,
  DEFAULT_STORY_MAPPING,
  LIMITS,
  storyEndpoints,
  VALIDATION,
  type EndpointDef,
  type Story,
  type StoryIntegration,
  type StoryMappingResult,
  type StoryPage,
  RULES,
} from '@fleet/contracts';
import { providers, startTestStack, type TestStack, coreCall, recordPublished, type Method, type Published } from '../support/stack.js';

const IDS = Object.keys(storyEndpoints) as (keyof typeof storyEndpoints)[];
const INV = 'inv-global';
const base = `/v2/inventories/${INV}/stories`;

describe.each(providers())('stories on %s', (provider) => {
  let s: TestStack;
  let regular: string;
  let reader: string;
  let admin: string;
  let superUser: string;
  const published: Published[] = [];

  beforeAll(async () => {
    s = await startTestStack({ provider, simulator: false });
    [regular, reader, admin, superUser] = await Promise.all([s.login('luc_regular'), s.login('luc_read'), s.login('luc_admin'), s.login('super_user')]);
    recordPublished(s.app, published);
  });
  afterAll(async () => s?.close());

  const call = (method: Method, url: string, cookie: string | undefined, payload?: unknown) => coreCall(s, method, url, cookie, payload);
  const db = () => s.app.services.db;
  const snapshot = async () => {
    const [stories, links, integrations] = await Promise.all([
      db().story.findMany({ orderBy: { id: 'asc' } }),
      db().storyUnit.findMany({ orderBy: [{ storyId: 'asc' }, { unitId: 'asc' }] }),
      db().storyIntegration.findMany({ orderBy: { inventoryId: 'asc' } }),
    ]);
    return JSON.stringify({ stories, links, integrations });
  };
  const create = async (body: Record<string, unknown>, cookie = regular): Promise<Story> => {
    const res = await call('POST', base, cookie, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const fieldsOf = (res: { json(): unknown }) => (res.json() as { error: { fields?: { path: string; message: string }[] } }).error.fields;

  it('answers 401 without a session and 403 to roles outside each call, changing nothing', async () => {
    const before = await snapshot();
    const params = { inventoryId: INV, storyId: 'sty-1', unitId: 'LU800-0001' };
    for (const id of IDS) {
      const def: EndpointDef = catalogue[id];
      const url = buildPath(def.path, params);
      expect((await call(def.method, url, undefined, def.body ? {} : undefined)).statusCode, id).toBe(401);
      const writes = def.method !== 'GET' || id === 'getStoryIntegration';
      if (writes) {
        const res = await call(def.method, url, reader, def.body ? { slugline: 'x', version: 0, sample: {} } : undefined);
        expect(res.statusCode, id).toBe(403);
        expect(res.json().error.code).toBe('FORBIDDEN');
      }
      if (id.includes('Integration') || id === 'testStoryMapping') {
        const res = await call(def.method, url, regular, def.body ? { version: 0, sample: {} } : undefined);
        expect(res.statusCode, id).toBe(403);
      }
    }
    expect(await snapshot()).toBe(before);
  });

  it('lists the stories of an inventory with their count, searched, sorted and paged', async () => {
    const res = await call('GET', base, reader);
    expect(res.statusCode, res.body).toBe(200);
    const page: StoryPage = res.json();
    expect(page.total).toBe(4);
    expect(page).toMatchObject({ offset: 0, limit: LIMITS.unitSearchDefaultPageSize });
    expect(page.items.map((x) => x.id).sort()).toEqual(['sty-1', 'sty-2', 'sty-3', 'sty-4']);
    const first = page.items.find((x) => x.id === 'sty-1')!;
    expect(first.units.map((u) => u.uniqueId)).toEqual(expect.arrayContaining(['LU800-0001', 'LU800-0002']));
    expect(first).toMatchObject({ inventoryId: INV, createdBy: 'luc_regular' });
    expect(new Date(first.lastModified).toString()).not.toBe('Invalid Date');

    const bySlug: StoryPage = (await call('GET', `${base}?sortBy=slugline&sortDir=asc`, reader)).json();
    const sluglines = bySlug.items.map((x) => x.slugline);
    expect(sluglines).toEqual([...sluglines].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const paged: StoryPage = (await call('GET', `${base}?sortBy=slugline&sortDir=asc&offset=1&limit=2`, reader)).json();
    expect(paged).toMatchObject({ total: 4, offset: 1, limit: 2 });
    expect(paged.items.map((x) => x.id)).toEqual(bySlug.items.slice(1, 3).map((x) => x.id));

    // Search: contains, case-insensitive, over slugline, storyId, crew, reporter, provider, keywords.
    const target = first.storyId; // "NRCS-123456"
    const found: StoryPage = (await call('GET', `${base}?search=${encodeURIComponent(target.toLowerCase())}`, reader)).json();
    expect(found.items.map((x) => x.id)).toEqual(['sty-1']);
    expect(found.total).toBe(1);
    const none: StoryPage = (await call('GET', `${base}?search=zz-no-such-story`, reader)).json();
    expect(none).toMatchObject({ total: 0, items: [] });

    const count = await call('GET', `${base}/count`, reader);
    expect(count.json()).toEqual({ count: 4 });
  });

  it('validates the list query and answers 404 for unknown or foreign inventories', async () => {
    const bad = await call('GET', `${base}?limit=0`, reader);
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual([{ path: 'query.limit', message: VALIDATION.minValue(1) }]);
    expect((await call('GET', `${base}?sortBy=nope`, reader)).statusCode).toBe(400);
    for (const url of ['/v2/inventories/inv-nope/stories', '/v2/inventories/inv-metro/stories', '/v2/inventories/inv-metro/stories/count']) {
      const res = await call('GET', url, regular);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    // Super users see every inventory.
    expect((await call('GET', '/v2/inventories/inv-metro/stories', superUser)).json()).toMatchObject({ total: 0 });
  });

  it('reads one story; unknown ids and stories of another inventory are 404', async () => {
    const res = await call('GET', `${base}/sty-2`, reader);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: 'sty-2', units: [{ uniqueId: 'LU300-0001' }] });
    expect((await call('GET', `${base}/sty-nope`, reader)).statusCode).toBe(404);
    expect((await call('GET', '/v2/inventories/inv-global-sports/stories/sty-2', superUser)).statusCode).toBe(404);
  });

  it('creates a story (201), publishes story.changed on the inventory and its groups', async () => {
    published.length = 0;
    const story = await create({ slugline: 'Flood in the valley', reporter: 'Ann Lee', keywords: 'flood,weather' });
    expect(story).toMatchObject({
      slugline: 'Flood in the valley',
      reporter: 'Ann Lee',
      keywords: 'flood,weather',
      crewName: '',
      comments: '',
      inventoryId: INV,
      createdBy: 'luc_regular',
      units: [],
      version: 0,
    });
    const event = published.find((p) => p.event.type === 'story.changed');
    expect(event?.topics).toEqual(expect.arrayContaining([`inventory:${INV}`, 'group:grp-newsroom']));
    expect(event?.event).toMatchObject({ type: 'story.changed', story: { id: story.id, slugline: 'Flood in the valley' } });
    expect((await call('GET', `${base}/${story.id}`, reader)).json()).toEqual(story);
  });

  it('refuses story fields against the rules of spec 000 §5 with its messages, changing nothing', async () => {
    const before = await snapshot();
    const cases: [Record<string, unknown>, { path: string; message: string }[]][] = [
      [{}, [{ path: 'body.slugline', message: VALIDATION.sluglineMissing }]],
      [{ slugline: '' }, [{ path: 'body.slugline', message: VALIDATION.sluglineMissing }]],
      [{ slugline: '   ' }, [{ path: 'body.slugline', message: VALIDATION.sluglineMissing }]],
      [{ slugline: 'x'.repeat(1025) }, [{ path: 'body.slugline', message: 'Must have at most 1024 characters' }]],
      [{ slugline: 'ok', comments: 'c'.repeat(1025) }, [{ path: 'body.comments', message: 'Must have at most 1024 characters' }]],
      [{ slugline: 'ok', unknown: 'x' }, [{ path: 'body', message: VALIDATION.invalidField }]],
    ];
    for (const [body, fields] of cases) {
      const res = await call('POST', base, regular, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(fieldsOf(res)).toEqual(fields);
    }
    expect(await snapshot()).toBe(before);
    // 1024 characters as the user sees them (code points), not UTF-16 units.
    const emoji = await create({ slugline: '🎬'.repeat(LIMITS.storyFieldMax) });
    expect(Array.from(emoji.slugline)).toHaveLength(1024);
  });

  it('edits a story with its version; a stale version is 409 and changes nothing', async () => {
    const story = await create({ slugline: 'Edit me', crewName: 'Crew A' });
    await new Promise((r) => setTimeout(r, 5)); // a later "last modified"
    published.length = 0;
    const res = await call('PUT', `${base}/${story.id}`, regular, { version: story.version, slugline: 'Edited', comments: 'new' });
    expect(res.statusCode, res.body).toBe(200);
    const edited: Story = res.json();
    expect(edited).toMatchObject({ slugline: 'Edited', comments: 'new', crewName: 'Crew A', version: story.version + 1 });
    expect(Date.parse(edited.lastModified)).toBeGreaterThan(Date.parse(story.lastModified));
    expect(published.some((p) => p.event.type === 'story.changed' && p.event.story.version === edited.version)).toBe(true);

    const before = await snapshot();
    const stale = await call('PUT', `${base}/${story.id}`, regular, { version: story.version, slugline: 'Lost update' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('CONFLICT');
    const blank = await call('PUT', `${base}/${story.id}`, regular, { version: edited.version, slugline: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(fieldsOf(blank)).toEqual([{ path: 'body.slugline', message: VALIDATION.sluglineMissing }]);
    const long = await call('PUT', `${base}/${story.id}`, regular, { version: edited.version, usageTerms: 'u'.repeat(1025) });
    expect(fieldsOf(long)).toEqual([{ path: 'body.usageTerms', message: 'Must have at most 1024 characters' }]);
    const noVersion = await call('PUT', `${base}/${story.id}`, regular, { slugline: 'x' });
    expect(fieldsOf(noVersion)).toEqual([{ path: 'body.version', message: VALIDATION.required }]);
    expect((await call('PUT', `${base}/sty-nope`, regular, { version: 0, slugline: 'x' })).statusCode).toBe(404);
    expect((await call('PUT', `/v2/inventories/inv-metro/stories/${story.id}`, regular, { version: 0, slugline: 'x' })).statusCode).toBe(404);
    expect(await snapshot()).toBe(before);
  });

  it('deletes a story, publishes story.removed; a second delete is 404', async () => {
    const story = await create({ slugline: 'Delete me' });
    published.length = 0;
    const res = await call('DELETE', `${base}/${story.id}`, regular);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, id: story.id });
    expect(published.find((p) => p.event.type === 'story.removed')?.event).toMatchObject({ id: story.id, inventoryId: INV });
    expect((await call('GET', `${base}/${story.id}`, reader)).statusCode).toBe(404);
    const before = await snapshot();
    expect((await call('DELETE', `${base}/${story.id}`, regular)).statusCode).toBe(404);
    expect((await call('DELETE', `/v2/inventories/inv-metro/stories/sty-1`, superUser)).statusCode).toBe(404);
    expect(await snapshot()).toBe(before);
  });

  it('assigns and unassigns units of the inventory the caller can see; others are 404 and change nothing', async () => {
    const story = await create({ slugline: 'Units' });
    published.length = 0;
    const res = await call('PUT', `${base}/${story.id}/units/LU800-0001`, regular);
    expect(res.statusCode, res.body).toBe(200);
    const assigned: Story = res.json();
    expect(assigned.units).toEqual([expect.objectContaining({ uniqueId: 'LU800-0001', productType: 'LU800' })]);
    expect(assigned.version).toBe(story.version + 1);
    expect(published.filter((p) => p.event.type === 'story.changed')).toHaveLength(1);
    // Idempotent: no change, no event.
    const again: Story = (await call('PUT', `${base}/${story.id}/units/LU800-0001`, regular)).json();
    expect(again.version).toBe(assigned.version);
    expect(published.filter((p) => p.event.type === 'story.changed')).toHaveLength(1);

    const before = await snapshot();
    // LU800-0005 is outside luc_regular's inventories and groups; for the super user it is visible but in another inventory.
    for (const [unit, cookie] of [
      ['LU800-0005', regular],
      ['LU800-0005', superUser],
      ['NO-SUCH-UNIT', regular],
    ] as const) {
      const r = await call('PUT', `${base}/${story.id}/units/${unit}`, cookie);
      expect(r.statusCode, `${unit}`).toBe(404);
    }
    expect((await call('PUT', `${base}/sty-nope/units/LU800-0001`, regular)).statusCode).toBe(404);
    expect((await call('DELETE', `${base}/${story.id}/units/LU800-0005`, regular)).statusCode).toBe(404);
    expect(await snapshot()).toBe(before);

    const removed: Story = (await call('DELETE', `${base}/${story.id}/units/LU800-0001`, regular)).json();
    expect(removed.units).toEqual([]);
    expect(removed.version).toBe(assigned.version + 1);
    const noop = await call('DELETE', `${base}/${story.id}/units/LU800-0001`, regular);
    expect(noop.statusCode).toBe(200);
    expect(noop.json().version).toBe(removed.version);
  });

  it('reads and changes the integration settings (MANAGE_ROLES), with the enabling rules and the version', async () => {
    const res = await call('GET', `${base}/integration`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const initial: StoryIntegration = res.json();
    expect(initial).toEqual({
      inventoryId: INV,
      enabled: false,
      endpoint: '',
      queue: '',
      username: '',
      mapping: DEFAULT_STORY_MAPPING,
      syncIntervalMinutes: 5,
      lastSyncAt: null,
      version: 0,
    });
    expect((await call('GET', '/v2/inventories/inv-metro/stories/integration', admin)).statusCode).toBe(404);

    const before = await snapshot();
    const refusals: [Record<string, unknown>, { path: string; message: string }[]][] = [
      [{ version: 0, enabled: true }, [{ path: 'body.endpoint', message: VALIDATION.required }]],
      [
        { version: 0, enabled: true, endpoint: 'https://nrcs.example.com', mapping: { ...DEFAULT_STORY_MAPPING, slugline: '' } },
        [{ path: 'body.mapping.slugline', message: VALIDATION.sluglineMissing }],
      ],
      [{ version: 0, endpoint: 'ftp://nrcs.example.com' }, [{ path: 'body.endpoint', message: RULES.httpUrl }]],
      [{ version: 0, mapping: { ...DEFAULT_STORY_MAPPING, reporter: 'a..b' } }, [{ path: 'body.mapping.reporter', message: VALIDATION.mustMatchPattern }]],
      [{ enabled: false }, [{ path: 'body.version', message: VALIDATION.required }]],
    ];
    for (const [body, fields] of refusals) {
      const r = await call('PUT', `${base}/integration`, admin, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(r)).toEqual(fields);
    }
    expect(await snapshot()).toBe(before);

    const on = await call('PUT', `${base}/integration`, admin, {
      version: 0,
      enabled: true,
      endpoint: 'https://nrcs.example.com/api',
      queue: 'NEWS.RUNDOWN',
      mapping: { ...DEFAULT_STORY_MAPPING, comments: 'meta.notes' },
    });
    expect(on.statusCode, on.body).toBe(200);
    const saved: StoryIntegration = on.json();
    expect(saved).toMatchObject({ enabled: true, endpoint: 'https://nrcs.example.com/api', queue: 'NEWS.RUNDOWN', username: '', version: 1 });
    expect(saved.mapping.comments).toBe('meta.notes');
    expect((await call('GET', `${base}/integration`, superUser)).json()).toEqual(saved);

    const mid = await snapshot();
    const stale = await call('PUT', `${base}/integration`, admin, { version: 0, enabled: false });
    expect(stale.statusCode).toBe(409);
    expect(await snapshot()).toBe(mid);
    // Merge: fields left out stay.
    const off: StoryIntegration = (await call('PUT', `${base}/integration`, admin, { version: 1, enabled: false })).json();
    expect(off).toMatchObject({ enabled: false, endpoint: 'https://nrcs.example.com/api', queue: 'NEWS.RUNDOWN', version: 2 });
  });

  it('tests a mapping on a sample story: mapped fields, rule errors with the spec texts, missing paths; stores nothing', async () => {
    const before = await snapshot();
    const sample = {
      slug: 'Election night',
      id: 12345,
      crew: ['Ann', 'Bob'],
      meta: { notes: 'Live at 21:00', reporter: { name: 'C. Jones' } },
      keywords: 'vote,count',
    };
    const mapping = { ...DEFAULT_STORY_MAPPING, reporter: 'meta.reporter.name', comments: 'meta.notes', usageTerms: '' };
    const res = await call('POST', `${base}/integration/test`, admin, { sample, mapping });
    expect(res.statusCode, res.body).toBe(200);
    const result: StoryMappingResult = res.json();
    expect(result).toEqual({
      ok: true,
      fields: {
        slugline: 'Election night',
        crewName: 'Ann, Bob',
        storyId: '12345',
        usageTerms: '',
        provider: '',
        reporter: 'C. Jones',
        keywords: 'vote,count',
        comments: 'Live at 21:00',
      },
      errors: [],
      missing: ['provider'],
      unmapped: ['usageTerms'],
    });

    const broken: StoryMappingResult =
      // Without a mapping in the body the stored one is used (comments from meta.notes, saved above).
      (await call('POST', `${base}/integration/test`, admin, { sample: { title: 'no slug', meta: { notes: 'n'.repeat(1025) } } })).json();
    expect(broken.ok).toBe(false);
    expect(broken.errors).toEqual([
      { path: 'slugline', message: VALIDATION.sluglineMissing },
      { path: 'comments', message: 'Must have at most 1024 characters' },
    ]);
    expect(broken.missing).toContain('slugline');

    const bad = await call('POST', `${base}/integration/test`, admin, { sample: 'not an object' });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual([{ path: 'body.sample', message: VALIDATION.invalidField }]);
    const noSample = await call('POST', `${base}/integration/test`, admin, {});
    expect(fieldsOf(noSample)).toEqual([{ path: 'body.sample', message: VALIDATION.required }]);
    const tooBig = await call('POST', `${base}/integration/test`, admin, { sample: { slug: 'x'.repeat(70_000) } });
    expect(tooBig.statusCode).toBe(400);
    expect((await call('POST', '/v2/inventories/inv-metro/stories/integration/test', admin, { sample: {} })).statusCode).toBe(404);
    expect(await snapshot()).toBe(before);
  });
});
