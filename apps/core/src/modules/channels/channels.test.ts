/**
 * The admin channel rules of spec 001 §4, §5 and §8 on the channel service alone (the seeded
 * template, a fake gateway that accepts every server command): names, type derived from the
 * general flags, the version, the output licence, 4K and its licence, a busy channel, inventory
 * associations, and what each change announces. The calls' HTTP side (roles, envelopes, a server
 * that does not answer) is in tests/integration/channels.test.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { VALIDATION, groupTopic } from '@fleet/contracts';
import type { AuthUser } from '../../platform/access.js';
import { moduleHarness, type ModuleHarness } from '../../testing/module-harness.js';
import { ChannelService } from './channels.js';

const HUB = 'MMH-0001';
const PREVIEW = 'MMH-0001-CH1';

const build = (h: ModuleHarness) => new ChannelService(h.deps);

describe('admin channel rules', () => {
  let h: ModuleHarness;
  let channels: ChannelService;
  let admin: AuthUser; // luc_admin of inv-global
  let superUser: AuthUser;

  beforeAll(async () => {
    h = await moduleHarness();
    channels = build(h);
    [admin, superUser] = await Promise.all([h.user('luc_admin'), h.user('super_user')]);
  });
  afterAll(async () => h?.close());
  beforeEach(() => {
    h.hub.clear();
    h.gateway.reset();
  });

  const db = () => h.db;
  // Status and version move with device reports in a stack: the snapshot leaves them out, as the integration tests' does.
  const snapshot = async () => {
    const [rows, inventories, groups] = await Promise.all([
      db().channel.findMany({ orderBy: { id: 'asc' }, omit: { status: true, allocatedToUnitUid: true, updatedAt: true, version: true } }),
      db().channelInventory.findMany({ orderBy: [{ channelId: 'asc' }, { inventoryId: 'asc' }] }),
      db().groupChannel.findMany({ orderBy: [{ channelId: 'asc' }, { groupId: 'asc' }] }),
    ]);
    return JSON.stringify({ rows, inventories, groups });
  };
  const details = (id: string) => channels.adminChannel(superUser, id);

  it('creates a channel with the §5 name rules; a refused create changes nothing', async () => {
    const before = await snapshot();
    const taken = details(PREVIEW).channel.channelName;
    const dup = channels.createAdminChannel(admin, { name: taken, serverId: HUB });
    await expect(dup).rejects.toMatchObject({ status: 409, fields: [{ message: VALIDATION.nameUnique }] });
    await expect(channels.createAdminChannel(admin, { name: 'Foreign', serverId: 'MMH-0002' })).rejects.toMatchObject({ status: 404 });
    expect(await snapshot()).toBe(before);
    await db().server.update({ where: { id: HUB }, data: { maxChannels: 0 } });
    const created = await channels.createAdminChannel(admin, {
      name: 'New_Channel-1',
      serverId: HUB,
      inventoryIds: ['inv-global'],
      groupIds: ['grp-newsroom'],
    });
    expect(created.channel).toMatchObject({
      channelName: 'New_Channel-1',
      serverId: HUB,
      type: 'preview',
      inventoryIds: ['inv-global'],
      groupIds: ['grp-newsroom'],
    });
    expect(
      h.hub.published.some(
        (p) => p.event.type === 'channel.changed' && p.event.channel.channelId === created.channel.channelId && p.topics.includes(groupTopic('grp-newsroom')),
      ),
    ).toBe(true);
    const regular = await h.user('luc_regular');
    expect(channels.fetchChannels(regular, { group: 'grp-newsroom' }).channels.map((c) => c.channelId)).toContain(created.channel.channelId);
    // Deleting it: gone from storage and announced.
    h.hub.clear();
    expect(await channels.deleteAdminChannel(admin, created.channel.channelId)).toMatchObject({ deleted: true });
    expect(await db().channel.findUnique({ where: { id: created.channel.channelId } })).toBeNull();
    expect(h.hub.eventsOf('channel.removed').some((e) => e.channelId === created.channel.channelId)).toBe(true);
  });

  it('updates the general configuration through the device: type derived, version checked, announced', async () => {
    const before = details(PREVIEW);
    const after = await channels.updateAdminChannel(admin, PREVIEW, { forceOutput: true, version: before.channel.version });
    expect(after.channel).toMatchObject({ type: 'output', isOutput: true, forceOutput: true, preview: false, version: before.channel.version + 1 });
    expect(details(PREVIEW).channel.type).toBe('output');
    expect(h.hub.eventsOf('channel.changed').some((e) => e.channel.channelId === PREVIEW && e.channel.forceOutput)).toBe(true);
    // The server was asked first.
    expect(h.gateway.sentTo(HUB)).toContainEqual(expect.objectContaining({ type: 'configureChannel', channelId: PREVIEW, setting: 'general' }));
    await expect(channels.updateAdminChannel(admin, PREVIEW, { recording: true, version: before.channel.version })).rejects.toMatchObject({ status: 409 });
    // Distributor forces output (spec 001 §4).
    const dist = await channels.updateAdminChannel(admin, PREVIEW, { distributor: true });
    expect(dist.channel).toMatchObject({ type: 'distributor', isOutput: true, preview: false });
    const back = await channels.updateAdminChannel(admin, PREVIEW, { distributor: false, forceOutput: false, output: false });
    expect(back.channel.type).toBe('preview');
  });

  it('refuses an output beyond the server’s output licence with its count, 4K without support, and a busy channel’s type change', async () => {
    const outputs = details(PREVIEW).outputLicence.used;
    await db().server.update({ where: { id: HUB }, data: { servicesData: { outputChannels: outputs } } });
    expect(details(PREVIEW).outputLicence.licensed).toBe(outputs);
    const before = await snapshot();
    await expect(channels.updateAdminChannel(admin, PREVIEW, { ndi: true })).rejects.toMatchObject({
      status: 402,
      message: `Output channel license is exceeded (the server supports up to ${outputs} output channels)`,
    });
    await expect(channels.updateAdminChannel(admin, PREVIEW, { fourK: true })).rejects.toMatchObject({
      status: 422,
      message: 'No 4K transmission on the channel',
    });
    expect(await snapshot()).toBe(before);
    await db().channel.update({ where: { id: PREVIEW }, data: { capabilities: { fourK: true } } });
    await expect(channels.updateAdminChannel(admin, PREVIEW, { fourK: true })).rejects.toMatchObject({ message: 'PRO-4K license not available' });
    await db().server.update({ where: { id: HUB }, data: { servicesData: {} } });
    // The server reports the channel collecting.
    await db().channel.update({ where: { id: PREVIEW }, data: { status: 'collecting' } });
    expect(details(PREVIEW).channel.busy).toBe(true);
    const settled = await snapshot();
    await expect(channels.updateAdminChannel(admin, PREVIEW, { forceOutput: true })).rejects.toMatchObject({ status: 409, message: 'Busy channel conflict' });
    await expect(channels.deleteAdminChannel(admin, PREVIEW)).rejects.toMatchObject({ message: 'Busy channel conflict' });
    expect(await snapshot()).toBe(settled);
    expect(h.gateway.sent).toEqual([]);
    await db().channel.update({ where: { id: PREVIEW }, data: { status: 'idle' } });
  });

  it('associates a channel with an inventory once; removing it takes it out of that inventory’s groups', async () => {
    const added = await channels.addInventory(superUser, 'inv-global-sports', PREVIEW);
    expect(added.inventoryIds).toContain('inv-global-sports');
    await expect(channels.addInventory(superUser, 'inv-global-sports', PREVIEW)).rejects.toMatchObject({ status: 409, message: 'Association already exists' });
    expect(channels.adminChannelInventories(superUser, PREVIEW).inventories.map((i) => i.id)).toContain('inv-global-sports');
    const removed = await channels.removeInventory(superUser, 'inv-global-sports', PREVIEW);
    expect(removed.inventoryIds).not.toContain('inv-global-sports');
    expect(channels.adminChannelGroups(superUser, PREVIEW).groups.length).toBeGreaterThan(0);
    // A foreign admin sees neither the channel nor the inventory.
    await expect(channels.addInventory(admin, 'inv-metro', PREVIEW)).rejects.toMatchObject({ status: 404 });
  });
});
