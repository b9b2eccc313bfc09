/**
 * What's new (spec 001 §2 /whats_new super-user page; spec 000 §2 user menu "what's new") against
 * the real core on SQLite and PostgreSQL: the user menu's read (published, active, newest first)
 * for every role, the admin list (drafts too, search, status filter), create, edit with version,
 * publish, delete; roles (super_user and staff), the spec's messages, a rejected request changing
 * nothing, and the whatsNew events on every console's topics.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ERROR_CATALOGUE,
  VALIDATION,
  whatsNewEndpoints,
  buildPath,
  catalogue,
  type EndpointDef,
  type WhatsNewEntry,
  type WhatsNewFeed,
  type WhatsNewPage,
} from '@fleet/contracts';
import { providers, startTestStack, type TestStack, coreCall, recordPublished, type Method, type Published } from '../support/stack.js';

const IDS = Object.keys(whatsNewEndpoints) as (keyof typeof whatsNewEndpoints)[];

describe.each(providers())("what's new on %s", (provider) => {
  let s: TestStack;
  let superUser: string;
  let staff: string;
  let admin: string;
  let regular: string;
  const published: Published[] = [];

  beforeAll(async () => {
    s = await startTestStack({ provider });
    [superUser, staff, admin, regular] = await Promise.all([s.login('super_user'), s.login('staff'), s.login('luc_admin'), s.login('luc_regular')]);
    recordPublished(s.app, published);
  });
  afterAll(async () => s?.close());

  const call = (method: Method, url: string, cookie: string | undefined, payload?: unknown) => coreCall(s, method, url, cookie, payload);
  const snapshot = async () => JSON.stringify(await s.app.services.db.whatsNew.findMany({ orderBy: { id: 'asc' } }));
  const fields = (res: { json(): { error: { fields?: { path: string; message: string }[] } } }) => res.json().error.fields;
  const create = async (body: Record<string, unknown>, cookie = superUser): Promise<WhatsNewEntry> => {
    const res = await call('POST', '/v2/admin/whatsNew', cookie, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };

  it('answers 401 without a session and 403 to the admin calls outside super_user and staff, changing nothing', async () => {
    const before = await snapshot();
    for (const id of IDS.filter((i) => i !== 'listWhatsNew')) {
      const def: EndpointDef = catalogue[id];
      const url = buildPath(def.path, { id: 'wnw-10-1' });
      expect((await call(def.method, url, undefined, def.body ? {} : undefined)).statusCode, id).toBe(401);
      for (const cookie of [admin, regular]) {
        expect((await call(def.method, url, cookie, def.body ? { title: 'X', published: true } : undefined)).statusCode, id).toBe(403);
      }
    }
    expect((await call('GET', '/v2/whatsNew', undefined)).statusCode).toBe(401);
    expect(await snapshot()).toBe(before);
  });

  it('creates a draft only admins see, publishes it for every user (newest first), edits it with its version and deletes it, announcing each change to every console', async () => {
    const draft = await create({ title: '  Release 10.2  ', body: 'Notes', releaseVersion: '10.2', link: 'https://example.com/10.2' });
    expect(draft).toMatchObject({
      title: 'Release 10.2',
      publishedAt: null,
      active: true,
      version: 0,
      releaseVersion: '10.2',
      link: 'https://example.com/10.2',
    });
    const feed = async (cookie: string): Promise<WhatsNewFeed> => (await call('GET', '/v2/whatsNew', cookie)).json();
    expect((await feed(regular)).items.map((e) => e.id)).not.toContain(draft.id);
    const drafts: WhatsNewPage = (await call('GET', '/v2/admin/whatsNew?status=draft', staff)).json();
    expect(drafts.items.map((e) => e.id)).toContain(draft.id);

    const changed = published.filter((p) => p.event.type === 'whatsNew.changed');
    expect(changed.at(-1)?.topics).toEqual(expect.arrayContaining(['inventory:inv-global', 'inventory:inv-metro']));

    const live = (await call('PUT', `/v2/admin/whatsNew/${draft.id}/published`, staff, { published: true, version: 0 })).json() as WhatsNewEntry;
    expect(live.publishedAt).not.toBeNull();
    expect(live.version).toBe(1);
    const items = (await feed(regular)).items;
    expect(items[0]?.id).toBe(draft.id); // newer than the seeded 10.1 entry
    expect(items.map((e) => e.id)).toContain('wnw-10-1');
    expect((await feed(admin)).items[0]?.id).toBe(draft.id);

    // A stale version is refused and changes nothing.
    const before = await snapshot();
    const stale = await call('PUT', `/v2/admin/whatsNew/${draft.id}`, superUser, { title: 'Stale', version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(ERROR_CATALOGUE.CONFLICT.message);
    expect(await snapshot()).toBe(before);

    // Hidden from users when made inactive; the search finds it by title.
    const hidden = (await call('PUT', `/v2/admin/whatsNew/${draft.id}`, superUser, { active: false, link: '', version: 1 })).json() as WhatsNewEntry;
    expect(hidden).toMatchObject({ active: false, link: null, version: 2 });
    expect((await feed(regular)).items.map((e) => e.id)).not.toContain(draft.id);
    const found: WhatsNewPage = (await call('GET', '/v2/admin/whatsNew?searchValue=release%2010.2', superUser)).json();
    expect(found.items.map((e) => e.id)).toEqual([draft.id]);

    const gone = await call('DELETE', `/v2/admin/whatsNew/${draft.id}`, superUser);
    expect(gone.json()).toEqual({ id: draft.id, deleted: true });
    expect(published.some((p) => p.event.type === 'whatsNew.removed' && p.event.whatsNewId === draft.id)).toBe(true);
    expect((await call('GET', `/v2/admin/whatsNew/${draft.id}`, superUser)).statusCode).toBe(404);
    expect((await call('DELETE', `/v2/admin/whatsNew/${draft.id}`, superUser)).statusCode).toBe(404);
  });

  it("refuses a missing title, a too long one and a link that is not http(s) with the spec's messages, changing nothing", async () => {
    const before = await snapshot();
    let res = await call('POST', '/v2/admin/whatsNew', superUser, { body: 'no title' });
    expect(res.statusCode).toBe(400);
    expect(fields(res)).toContainEqual({ path: 'body.title', message: VALIDATION.required });
    res = await call('POST', '/v2/admin/whatsNew', superUser, { title: '   ' });
    expect(fields(res)).toContainEqual({ path: 'body.title', message: VALIDATION.required });
    res = await call('POST', '/v2/admin/whatsNew', superUser, { title: 'x'.repeat(256) });
    expect(fields(res)).toContainEqual({ path: 'body.title', message: VALIDATION.max255 });
    res = await call('POST', '/v2/admin/whatsNew', superUser, { title: 'Link', link: 'ftp://example.com' });
    expect(fields(res)).toContainEqual({ path: 'body.link', message: VALIDATION.releaseNotesUrl });
    res = await call('PUT', '/v2/admin/whatsNew/wnw-10-1', superUser, { title: '' });
    expect(fields(res)).toContainEqual({ path: 'body.title', message: VALIDATION.required });
    expect((await call('PUT', '/v2/admin/whatsNew/wnw-no-such', superUser, { title: 'X' })).statusCode).toBe(404);
    expect(await snapshot()).toBe(before);
  });
});
