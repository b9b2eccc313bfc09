/**
 * The calls behind the entry pages (spec 000 §2, §6, §8; 001 §1, §8) on the real stack: the
 * easy-live page's read-only channel list for ingest/studio-like roles (GET channels/fetch, the
 * channels of the user's groups and inventories only), the application switcher and the Limited
 * Access page's portal link (GET application_urls, every signed-in role), and the client
 * configuration answered 403 to users without console access (the console rejects it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationUrls, ChannelList } from '@fleet/contracts';
import { providers, startTestStack, type TestStack } from '../support/stack.js';

type Res = Awaited<ReturnType<TestStack['app']['inject']>>;

describe.each(providers())('entry pages on %s', (provider) => {
  let s: TestStack;
  const cookies: Record<string, string> = {};
  const get = (url: string, who?: string): Promise<Res> => s.app.inject({ method: 'GET', url: `/api${url}`, headers: who ? { cookie: cookies[who]! } : {} });

  beforeAll(async () => {
    s = await startTestStack({ provider });
    for (const role of ['luc_ingest', 'luc_studio', 'luc_curator', 'luc_vr_viewer', 'luc_regular', 'super_user']) cookies[role] = await s.login(role);
  });
  afterAll(async () => s?.close());

  it('easy live: ingest and studio users read the channels of their own groups and inventories, like a console user of the same scope', async () => {
    const all = (await get('/channels/fetch', 'super_user')).json() as ChannelList;
    const regular = (await get('/channels/fetch', 'luc_regular')).json() as ChannelList;
    expect(regular.channels.length).toBeGreaterThan(0);
    expect(regular.channels.length).toBeLessThan(all.channels.length);
    for (const role of ['luc_ingest', 'luc_studio']) {
      const res = await get('/channels/fetch', role);
      expect(res.statusCode, res.body).toBe(200);
      const list = res.json() as ChannelList;
      // The seeded ingest and studio users hold the same inventory and groups as the regular user.
      expect(list.channels.map((c) => c.channelId).sort()).toEqual(regular.channels.map((c) => c.channelId).sort());
      expect(list.counters).toEqual(regular.counters);
    }
    // A group outside their scope is as unknown as a missing one.
    expect((await get('/channels/fetch?group=grp-metro-live', 'luc_ingest')).statusCode).toBe(404);
    expect((await get('/channels/fetch?group=grp-newsroom', 'luc_ingest')).statusCode).toBe(200);
  });

  it('easy live: other limited roles are refused the channel list (403) and nobody reads it signed out (401)', async () => {
    for (const role of ['luc_curator', 'luc_vr_viewer']) {
      const res = await get('/channels/fetch', role);
      expect(res.statusCode, role).toBe(403);
      expect(res.json().error.message).toBe('You are not allowed to access this application');
    }
    expect((await get('/channels/fetch')).statusCode).toBe(401);
    // Only the read opens to them: the channel details stay with console users.
    expect((await get('/channels/fetch_details?ids=MMH-0001-CH1', 'luc_ingest')).statusCode).toBe(403);
  });

  it('application urls answer every signed-in role, the video-return-only account included', async () => {
    for (const role of ['luc_vr_viewer', 'luc_ingest', 'luc_regular']) {
      const res = await get('/application_urls', role);
      expect(res.statusCode, role).toBe(200);
      expect((res.json() as ApplicationUrls).applications.map((a) => a.id)).toEqual(['console', 'videoReturnPortal', 'matrix']);
    }
    await s.app.services.db.applicationConfiguration.create({
      data: { key: 'applicationUrls', value: { videoReturnPortal: 'https://vr.example.com/', matrix: 'https://matrix.example.com/' } },
    });
    try {
      const urls = (await get('/application_urls', 'luc_vr_viewer')).json() as ApplicationUrls;
      expect(urls.applications.find((a) => a.id === 'videoReturnPortal')).toMatchObject({ url: 'https://vr.example.com/', available: true });
    } finally {
      await s.app.services.db.applicationConfiguration.delete({ where: { key: 'applicationUrls' } });
    }
  });

  it('the client configuration is answered 403 to users without console access (the entry pages then keep its features off)', async () => {
    for (const role of ['luc_ingest', 'luc_studio', 'luc_vr_viewer', 'luc_curator']) {
      const res = await get('/client/configuration', role);
      expect(res.statusCode, role).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    expect((await get('/client/configuration', 'luc_regular')).statusCode).toBe(200);
  });
});
