/**
 * The /channels list is answered again from what it answered last while nothing changed (its text
 * written once): a console reading it after a change must see the change — a channel created or
 * deleted, its inventories, its server — and never another caller's or another filter's answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelDetails, ChannelList } from '@fleet/contracts';
import { providers, startTestStack, type TestStack } from '../support/stack.js';

const HUB = 'MMH-0001';
const PREVIEW = 'MMH-0001-CH1';

describe.each(providers())('the channel list after changes on %s', (provider) => {
  let s: TestStack;
  let superUser: string;
  let admin: string; // luc_admin of inv-global
  let regular: string;

  beforeAll(async () => {
    s = await startTestStack({ provider });
    [superUser, admin, regular] = await Promise.all([s.login('super_user'), s.login('luc_admin'), s.login('luc_regular')]);
  });
  afterAll(async () => s?.close());

  const list = async (cookie: string, query = ''): Promise<ChannelList> => {
    const res = await s.app.inject({ method: 'GET', url: `/api/channels/fetch${query}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const ids = (l: ChannelList) => l.channels.map((c) => c.channelId);

  it('shows a channel created, then no longer once deleted, with the counters following', async () => {
    const before = await list(superUser);
    expect(ids(await list(superUser))).toEqual(ids(before));
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/v2/admin/channels',
      headers: { cookie: admin },
      payload: { name: 'Cache_Check-1', serverId: HUB, inventoryIds: ['inv-global'], groupIds: ['grp-newsroom'] },
    });
    expect(res.statusCode).toBe(201);
    const created = (res.json() as ChannelDetails).channel.channelId;
    const after = await list(superUser);
    expect(ids(after)).toContain(created);
    expect(after.channels).toHaveLength(before.channels.length + 1);
    expect(after.counters.offline + after.counters.idle + after.counters.busy).toBe(before.channels.length + 1);
    expect(ids(await list(superUser, '?name=cache_check'))).toEqual([created]);

    expect((await s.app.inject({ method: 'DELETE', url: `/api/v2/admin/channels/${created}`, headers: { cookie: admin } })).statusCode).toBe(200);
    expect(ids(await list(superUser))).not.toContain(created);
    expect(await list(superUser, '?name=cache_check')).toMatchObject({ channels: [] });
  });

  it('answers each caller and each filter their own list', async () => {
    const all = await list(superUser);
    const mine = await list(regular);
    const newsroom = await list(superUser, '?group=grp-newsroom');
    expect(mine.channels.length).toBeLessThan(all.channels.length);
    expect(newsroom.channels.every((c) => c.groupIds.includes('grp-newsroom'))).toBe(true);
    expect(newsroom.channels.length).toBeLessThan(all.channels.length);
    expect(ids(await list(regular))).toEqual(ids(mine));
    expect(ids(await list(superUser))).toEqual(ids(all));
  });

  it("follows a channel's inventories", async () => {
    const sports = '?inventory=inv-global-sports';
    expect(ids(await list(superUser, sports))).not.toContain(PREVIEW);
    expect(
      (await s.app.inject({ method: 'PUT', url: `/api/v2/admin/inventories/inv-global-sports/channels/${PREVIEW}`, headers: { cookie: superUser } }))
        .statusCode,
    ).toBe(200);
    expect(ids(await list(superUser, sports))).toContain(PREVIEW);
    expect(
      (await s.app.inject({ method: 'DELETE', url: `/api/v2/admin/inventories/inv-global-sports/channels/${PREVIEW}`, headers: { cookie: superUser } }))
        .statusCode,
    ).toBe(200);
    expect(ids(await list(superUser, sports))).not.toContain(PREVIEW);
  });
});

// Without the simulator no channel changes by itself: only the server's change can make the list new.
describe.each(providers())("the channel list after its server's change on %s", (provider) => {
  let s: TestStack;
  let superUser: string;

  beforeAll(async () => {
    s = await startTestStack({ provider, simulator: false });
    superUser = await s.login('super_user');
  });
  afterAll(async () => s?.close());

  const onHub = async (): Promise<ChannelList['channels']> => {
    const res = await s.app.inject({ method: 'GET', url: '/api/channels/fetch', headers: { cookie: superUser } });
    expect(res.statusCode).toBe(200);
    return (res.json() as ChannelList).channels.filter((c) => c.serverId === HUB);
  };

  it("shows the server's new name", async () => {
    expect((await onHub()).length).toBeGreaterThan(0);
    // Renamed in storage by another instance: this one reads the server again.
    await s.app.services.db.server.update({ where: { id: HUB }, data: { name: 'Renamed-Hub-1' } });
    await s.app.services.readModel.servers.refresh([HUB], false, 'remote');
    const renamed = await onHub();
    expect(renamed.length).toBeGreaterThan(0);
    expect(renamed.map((c) => c.serverName)).toEqual(renamed.map(() => 'Renamed-Hub-1'));
  });
});
