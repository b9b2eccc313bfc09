/**
 * The event table, entry by entry: every kind of the RealtimeEvent union has one; each patches the
 * reads it names by the one version rule (an older event changes nothing, fields it does not carry
 * stay); the kinds left to screens change no cached read.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { RealtimeEvent } from '@fleet/contracts';
import type {
  ActiveAlert,
  ChannelList,
  ClientNotification,
  GroupAlertsConfiguration,
  GroupChannelDetails,
  GroupListRow,
  LicenceActivationView,
  P2pLink,
  UnitConfiguration,
  UnitCoords,
  RealtimeEventType,
  ServerDetail,
  UnitDetail,
  UnitLocationInfo,
  UnitSummary,
} from '@fleet/contracts';
import { countChannels } from '@fleet/domain';
import { makeUnit, makeUnitConfiguration } from '@fleet/contracts/testing';
import { endpointKey } from '../api/hooks';
import type { EndpointId } from '@fleet/contracts';
import { makeChannel } from '../test-utils/channels';
import { makeChannelFile, makeList } from '../test-utils/files';
import { makeDetail, makeGroupRow } from '../test-utils/fixtures';
import { makeServer } from '../test-utils/servers';
import { groupList, vrChannel } from '../test-utils/vrChannels';
import { applyRealtimeEvents } from '../realtime/applyEvents';
import { LIVE_TABLE } from './table';
import { forgetReportTimes } from '../kit/cache';
import { LIVE_REFRESH_MS } from '../features/contractor-entities/entitiesLive';
import { SYSTEM_ENTITY_READS } from '../realtime/systemEntities';

beforeEach(() => forgetReportTimes());

type EventOf<K extends RealtimeEventType> = Extract<RealtimeEvent, { type: K }>;

const UNIT = 'LU-1';

function client(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
}

function seed<T>(qc: QueryClient, id: EndpointId, input: object, data: T): readonly unknown[] {
  const key = endpointKey(id, input as never);
  qc.setQueryData(key, data);
  return key;
}

const apply = (qc: QueryClient, ...events: RealtimeEvent[]) => applyRealtimeEvents(LIVE_TABLE, qc, events);

const status = (over: Partial<EventOf<'unit.status'>> = {}): EventOf<'unit.status'> => ({
  type: 'unit.status',
  unitId: UNIT,
  status: 'streaming',
  previous: 'idle',
  change: 'onlineToStreaming',
  applications: { video: { state: 'running' } },
  at: 100,
  ...over,
});

const telemetry = (kbps: number, at: number): EventOf<'unit.telemetry'> => ({
  type: 'unit.telemetry',
  unitId: UNIT,
  battery: { connected: true, charging: false, percentage: 50 },
  location: { lat: 1, lng: 2, address: null },
  modems: [],
  totalBitrate: kbps,
  cameraConnected: true,
  sample: { t: at, kbps },
  at,
});

/** A cache with the unit in the list, its detail, and its position read. */
function unitCache() {
  const qc = client();
  const listKey = seed(qc, 'fetchDevices', {}, [makeUnit({ uniqueId: UNIT, status: 'idle', totalBitrate: 0, version: 3 })]);
  const detailKey = seed(qc, 'getUnit', { params: { id: UNIT } }, makeDetail({ uniqueId: UNIT, status: 'idle', totalBitrate: 0, version: 3, tally: null }));
  const locationKey = seed<UnitLocationInfo>(qc, 'getDeviceLocation', { params: { id: UNIT } }, { uniqueId: UNIT, location: null, live: false });
  return {
    qc,
    row: () => qc.getQueryData<UnitSummary[]>(listKey)?.[0],
    detail: () => qc.getQueryData<UnitDetail>(detailKey),
    location: () => qc.getQueryData<UnitLocationInfo>(locationKey),
  };
}

describe('the live table (the resources the features register)', () => {
  it('has an entry for every kind of realtime event, and none other', () => {
    const kinds = RealtimeEvent.options.map((o) => o.shape.type.value).sort();
    expect(Object.keys(LIVE_TABLE.entries).sort()).toEqual(kinds);
  });

  it('names, for every entry that patches, the reads it patches', () => {
    for (const [kind, entry] of Object.entries(LIVE_TABLE.entries)) {
      if (entry.apply !== null) expect([...entry.patches, ...entry.rereads], kind).not.toEqual([]);
      else expect(entry.screens.length > 0 || entry.rereads.length > 0, kind).toBe(true);
    }
  });

  it('lists each resource once, and the notification centre among the observers', () => {
    const names = LIVE_TABLE.resources.map((r) => r.resource);
    expect(new Set(names).size).toBe(names.length);
    expect(LIVE_TABLE.resources.filter((r) => r.observe).map((r) => r.resource)).toEqual(['notificationCentre']);
  });
});

describe('unit events', () => {
  it('unit.status: the list and the detail show the new status; an older report arriving late changes nothing', () => {
    const c = unitCache();
    apply(c.qc, status({ at: 200 }));
    expect(c.row()?.status).toBe('streaming');
    expect(c.detail()?.status).toBe('streaming');
    const before = c.row();
    apply(c.qc, status({ status: 'idle', applications: {}, at: 150 }));
    expect(c.row()).toBe(before);
    expect(c.detail()?.status).toBe('streaming');
  });

  it('unit.status of an offline unit clears its bitrate; a status without one leaves the bitrate to telemetry', () => {
    const c = unitCache();
    apply(c.qc, status({ at: 100 }), telemetry(5700, 110));
    expect(c.row()?.totalBitrate).toBe(5700);
    apply(c.qc, status({ status: 'idle', applications: {}, at: 120 }));
    expect(c.row()?.totalBitrate).toBe(5700);
    apply(c.qc, status({ status: 'offline', previous: 'idle', change: 'onlineToOffline', applications: {}, totalBitrate: 0, at: 130 }));
    expect(c.row()).toMatchObject({ status: 'offline', totalBitrate: 0 });
    expect(c.detail()).toMatchObject({ status: 'offline', totalBitrate: 0 });
    // Telemetry reported before the unit went offline, delivered late, does not bring the bitrate back.
    apply(c.qc, telemetry(5800, 125));
    expect(c.row()?.totalBitrate).toBe(0);
  });

  it('unit.telemetry: battery, bitrate, the graph, modems and the position follow; an older report is dropped', () => {
    const c = unitCache();
    apply(c.qc, telemetry(3000, 200));
    expect(c.row()).toMatchObject({ totalBitrate: 3000, battery: { percentage: 50 } });
    expect(c.detail()?.bitrateSamples.at(-1)).toEqual({ t: 200, kbps: 3000 });
    expect(c.location()).toMatchObject({ live: true, location: { lat: 1, lng: 2 } });
    const samples = c.detail()?.bitrateSamples.length;
    apply(c.qc, telemetry(1000, 150));
    expect(c.row()?.totalBitrate).toBe(3000);
    expect(c.detail()?.totalBitrate).toBe(3000);
    expect(c.detail()?.bitrateSamples.length).toBe(samples);
  });

  it('unit.updated: the whole summary replaces the row, new fields included; an older version changes nothing', () => {
    const c = unitCache();
    const feeding = [{ channelId: 'MMH-0001-CH1', channelName: 'MMH-1-CH1', serverId: 'MMH-0001', serverName: 'MMH-London-1' }];
    const renamed: UnitSummary = { ...makeUnit({ uniqueId: UNIT, status: 'idle', version: 4, name: 'Crew_2' }), channelsInUse: feeding };
    apply(c.qc, { type: 'unit.updated', unit: renamed, at: 100 });
    expect(c.row()).toMatchObject({ name: 'Crew_2', version: 4, channelsInUse: feeding });
    expect(c.detail()).toMatchObject({ name: 'Crew_2', version: 4 });
    // Detail-only fields the summary does not carry stay.
    expect(c.detail()?.serialNumber).toBe(makeDetail().serialNumber);
    const before = c.row();
    apply(c.qc, { type: 'unit.updated', unit: makeUnit({ uniqueId: UNIT, version: 3, name: 'Old' }), at: 300 });
    expect(c.row()).toBe(before);
    expect(c.detail()?.name).toBe('Crew_2');
  });

  it('unit.channels: where the unit streams replaces the list row, the detail and the popup read; a report older than the one applied changes nothing', () => {
    const c = unitCache();
    const feeding = [{ channelId: 'MMH-0001-CH2', channelName: 'MMH-1-CH2', serverId: 'MMH-0001', serverName: 'MMH-London-1' }];
    apply(c.qc, { type: 'unit.channels', unitId: UNIT, channelsInUse: feeding, at: 200 });
    expect(c.row()?.channelsInUse).toEqual(feeding);
    expect(c.detail()?.channelsInUse).toEqual(feeding);
    apply(c.qc, { type: 'unit.channels', unitId: UNIT, channelsInUse: [], at: 150 });
    expect(c.row()?.channelsInUse).toEqual(feeding);
    apply(c.qc, { type: 'unit.channels', unitId: UNIT, channelsInUse: [], at: 300 });
    expect(c.row()?.channelsInUse).toEqual([]);
    expect(c.detail()?.channelsInUse).toEqual([]);
  });

  it('unit.updated does not undo a status reported after it was made', () => {
    const c = unitCache();
    apply(c.qc, status({ at: 200 }));
    apply(c.qc, { type: 'unit.updated', unit: makeUnit({ uniqueId: UNIT, status: 'idle', version: 4, name: 'Crew_2' }), at: 150 });
    expect(c.row()).toMatchObject({ status: 'streaming', name: 'Crew_2' });
  });

  it('unit.tally: the detail shows the tally, and none once the stream ended; an older one is dropped', () => {
    const c = unitCache();
    apply(c.qc, { type: 'unit.tally', unitId: UNIT, tally: 'preview', at: 100 });
    expect(c.detail()?.tally).toBe('preview');
    apply(c.qc, { type: 'unit.tally', unitId: UNIT, tally: null, at: 200 });
    expect(c.detail()?.tally).toBeNull();
    apply(c.qc, { type: 'unit.tally', unitId: UNIT, tally: 'program', at: 150 });
    expect(c.detail()?.tally).toBeNull();
  });

  it('alert.raised and alert.cleared: the unit row, its detail and the active alerts list', () => {
    const c = unitCache();
    const alertsKey = seed<ActiveAlert[]>(c.qc, 'fetchActiveAlerts', {}, []);
    const alert = {
      id: 'al-1',
      type: 'battery' as const,
      level: 'warning' as const,
      message: 'Low',
      unitId: UNIT,
      serverId: null,
      channelId: null,
      raisedAt: 'x',
    };
    apply(c.qc, { type: 'alert.raised', alert, at: 1 });
    expect(c.row()?.alerts.map((a) => a.type)).toEqual(['battery']);
    expect(c.detail()?.alerts.map((a) => a.type)).toEqual(['battery']);
    expect(c.qc.getQueryData<ActiveAlert[]>(alertsKey)?.map((a) => a.id)).toEqual(['al-1']);
    apply(c.qc, { type: 'alert.cleared', alertId: 'al-1', alertType: 'battery', unitId: UNIT, serverId: null, channelId: null, at: 2 });
    expect(c.row()?.alerts).toEqual([]);
    expect(c.detail()?.alerts).toEqual([]);
    expect(c.qc.getQueryData<ActiveAlert[]>(alertsKey)).toEqual([]);
  });

  it('the map popup’s unit (fetchDeviceById) follows its unit', () => {
    const qc = client();
    const key = seed(qc, 'fetchDeviceById', { params: { id: UNIT } }, makeUnit({ uniqueId: UNIT, status: 'idle' }));
    apply(qc, status());
    expect(qc.getQueryData<UnitSummary>(key)?.status).toBe('streaming');
  });

  it('a unit’s single reads follow it whenever they are read: after events about it, removed and read again', () => {
    const qc = client();
    const detail = makeDetail({ uniqueId: UNIT, status: 'idle', totalBitrate: 0, version: 3, tally: null });
    // Events before any read of the unit: nothing to patch, and nothing made.
    apply(qc, telemetry(500, 100));
    expect(qc.getQueryCache().getAll()).toHaveLength(0);
    const key = seed(qc, 'getUnit', { params: { id: UNIT } }, detail);
    apply(qc, telemetry(3000, 200));
    expect(qc.getQueryData<UnitDetail>(key)?.totalBitrate).toBe(3000);
    qc.removeQueries({ queryKey: key });
    apply(qc, telemetry(1000, 300));
    expect(qc.getQueryData(key)).toBeUndefined();
    seed(qc, 'getUnit', { params: { id: UNIT } }, detail);
    apply(qc, telemetry(2000, 400));
    expect(qc.getQueryData<UnitDetail>(key)?.totalBitrate).toBe(2000);
  });

  it('an event about a unit no single read is of looks none up (a fleet’s telemetry is mostly such)', () => {
    const qc = client();
    seed(qc, 'getUnit', { params: { id: 'LU-2' } }, makeDetail({ uniqueId: 'LU-2' }));
    const setQueryData = vi.spyOn(qc, 'setQueryData');
    const getQueryData = vi.spyOn(qc, 'getQueryData');
    apply(qc, telemetry(3000, 200), status({ at: 300 }));
    const singleReads = (spy: typeof setQueryData | typeof getQueryData) =>
      spy.mock.calls.filter(([key]) => ['getUnit', 'fetchDeviceById', 'getDeviceLocation'].includes(String(key[0])));
    expect(singleReads(setQueryData)).toEqual([]);
    expect(singleReads(getQueryData)).toEqual([]);
  });
});

describe('channel events', () => {
  const channels = (...rows: ReturnType<typeof makeChannel>[]): ChannelList => ({ channels: rows, counters: countChannels(rows) });

  function groupDetails(qc: QueryClient) {
    const rows = [makeChannel({ channelId: 'C1', status: 'collecting', version: 2 }), makeChannel({ channelId: 'C2', status: 'idle', version: 2 })];
    const key = seed<GroupChannelDetails>(qc, 'getGroupChannelDetails', { params: { id: 'G1' } }, { ...channels(...rows), groupId: 'G1', status: 'idle' });
    return () => qc.getQueryData<GroupChannelDetails>(key);
  }

  it('channel.status: the lists and the group’s status follow its channels (spec 001 §4); an older status is dropped', () => {
    const qc = client();
    const listKey = seed(qc, 'fetchChannels', {}, channels(makeChannel({ channelId: 'C2', status: 'idle' })));
    const group = groupDetails(qc);
    apply(qc, { type: 'channel.status', channelId: 'C2', serverId: null, status: 'collecting', previous: 'idle', at: 200 });
    expect(qc.getQueryData<ChannelList>(listKey)?.channels[0]?.status).toBe('collecting');
    // Every channel collecting: the group is collecting, no longer idle.
    expect(group()).toMatchObject({ status: 'collecting' });
    apply(qc, { type: 'channel.status', channelId: 'C2', serverId: null, status: 'idle', previous: 'collecting', at: 150 });
    expect(group()?.status).toBe('collecting');
    apply(qc, { type: 'channel.status', channelId: 'C1', serverId: null, status: 'offline', previous: 'collecting', at: 300 });
    apply(qc, { type: 'channel.status', channelId: 'C2', serverId: null, status: 'offline', previous: 'collecting', at: 300 });
    expect(group()?.status).toBe('offline');
  });

  it('channel.changed: the row is replaced unless older; a channel of no group listed is not added to it', () => {
    const qc = client();
    const group = groupDetails(qc);
    apply(qc, { type: 'channel.changed', channel: makeChannel({ channelId: 'C2', status: 'collecting', version: 3, channelName: 'renamed' }), at: 10 });
    expect(group()?.channels[1]).toMatchObject({ channelName: 'renamed', status: 'collecting' });
    expect(group()?.status).toBe('collecting');
    apply(qc, { type: 'channel.changed', channel: makeChannel({ channelId: 'C2', status: 'idle', version: 2, channelName: 'old' }), at: 20 });
    expect(group()?.channels[1]?.channelName).toBe('renamed');
    apply(qc, { type: 'channel.changed', channel: makeChannel({ channelId: 'C9', version: 1 }), at: 30 });
    expect(group()?.channels.map((c) => c.channelId)).toEqual(['C1', 'C2']);
  });

  it('channel.removed: the channel leaves the lists and the group’s status is counted again', () => {
    const qc = client();
    const group = groupDetails(qc);
    apply(qc, { type: 'channel.removed', channelId: 'C2', at: 1 });
    expect(group()).toMatchObject({ status: 'collecting', channels: [{ channelId: 'C1' }] });
  });

  it('channelDestinations.changed: that channel’s destinations are read again', () => {
    const qc = client();
    const key = seed(qc, 'fetchChannelDestinations', { body: { channelId: 'C1' } }, { destinations: [] });
    apply(qc, { type: 'channelDestinations.changed', channelId: 'C1', at: 1 });
    expect(qc.getQueryState(key)?.isInvalidated).toBe(true);
  });
});

describe('server and video return events', () => {
  it('server.status and server.changed: the open server follows; older copies are dropped', () => {
    const qc = client();
    const key = seed<ServerDetail>(qc, 'getServer', { params: { id: 'S1' } }, makeServer({ id: 'S1', status: 'online', version: 2 }));
    apply(qc, { type: 'server.status', serverId: 'S1', status: 'offline', previous: 'online', at: 200 });
    expect(qc.getQueryData<ServerDetail>(key)?.status).toBe('offline');
    apply(qc, { type: 'server.status', serverId: 'S1', status: 'online', previous: 'offline', at: 100 });
    expect(qc.getQueryData<ServerDetail>(key)?.status).toBe('offline');
    apply(qc, { type: 'server.changed', server: makeServer({ id: 'S1', status: 'offline', version: 3, comment: 'new' }), at: 300 });
    expect(qc.getQueryData<ServerDetail>(key)?.comment).toBe('new');
    apply(qc, { type: 'server.changed', server: makeServer({ id: 'S1', status: 'online', version: 2, comment: 'old' }), at: 400 });
    expect(qc.getQueryData<ServerDetail>(key)?.comment).toBe('new');
  });

  it('vrChannel.status, vrChannel.changed and vrChannel.removed: the group’s video return list', () => {
    const qc = client();
    const key = seed(qc, 'listGroupVrChannels', { params: { id: 'grp-1' } }, groupList([vrChannel('A'), vrChannel('B', { version: 3 })]));
    const list = () => qc.getQueryData<ReturnType<typeof groupList>>(key);
    apply(qc, { type: 'vrChannel.status', vrChannelId: 'A', status: 'connecting', previous: 'idle', at: 1 });
    expect(list()?.items[0]?.status).toBe('connecting');
    apply(qc, { type: 'vrChannel.changed', vrChannel: vrChannel('B', { name: 'old', version: 2 }), at: 2 });
    expect(list()?.items[1]?.name).not.toBe('old');
    apply(qc, { type: 'vrChannel.removed', uniqueId: 'B', at: 3 });
    expect(list()?.items.map((c) => c.uniqueId)).toEqual(['A']);
  });
});

describe('group, file, notification and upgrade events', () => {
  it('group.changed and group.removed: the /groups list; an older copy is dropped', () => {
    const qc = client();
    const key = seed<GroupListRow[]>(qc, 'fetchGroups', {}, [makeGroupRow({ id: 'G1', name: 'Crew', version: 2 })]);
    apply(qc, { type: 'group.changed', group: makeGroupRow({ id: 'G1', name: 'News', version: 3 }), at: 1 });
    expect(qc.getQueryData<GroupListRow[]>(key)?.[0]?.name).toBe('News');
    apply(qc, { type: 'group.changed', group: makeGroupRow({ id: 'G1', name: 'Old', version: 2 }), at: 2 });
    expect(qc.getQueryData<GroupListRow[]>(key)?.[0]?.name).toBe('News');
    apply(qc, { type: 'group.removed', groupId: 'G1', at: 3 });
    expect(qc.getQueryData<GroupListRow[]>(key)).toEqual([]);
  });

  it('groupAlerts.changed: the group’s alerts configuration, unless older', () => {
    const qc = client();
    const config = { groupId: 'G1', version: 2 } as unknown as GroupAlertsConfiguration;
    const key = seed(qc, 'getGroupAlertsConfiguration', { params: { id: 'G1' } }, config);
    apply(qc, { type: 'groupAlerts.changed', groupId: 'G1', configuration: { ...config, version: 1 }, at: 1 });
    expect(qc.getQueryData(key)).toBe(config);
    apply(qc, { type: 'groupAlerts.changed', groupId: 'G1', configuration: { ...config, version: 3 }, at: 2 });
    expect(qc.getQueryData<GroupAlertsConfiguration>(key)?.version).toBe(3);
  });

  it('file.transferStarted and file.transferCompleted: the unit’s file listing', () => {
    const qc = client();
    const key = seed(qc, 'getUnitStorageFiles', { params: { id: UNIT } }, { uniqueId: UNIT, path: null, files: [{ fileId: 'f1', isTransferring: false }] });
    const transferring = () => qc.getQueryData<{ files: { isTransferring: boolean }[] }>(key)?.files[0]?.isTransferring;
    apply(qc, { type: 'file.transferStarted', unitId: UNIT, fileId: 'f1', fileName: 'a.mp4', channelId: null, at: 1 });
    expect(transferring()).toBe(true);
    apply(qc, { type: 'file.transferCompleted', unitId: UNIT, fileId: 'f1', fileName: 'a.mp4', ok: true, at: 2 });
    expect(transferring()).toBe(false);
  });

  it('channelFile.added, channelFile.changed and channelFile.removed: the channel files list; an older copy is dropped', () => {
    const qc = client();
    const key = seed(qc, 'fetchChannelFiles', { body: {} }, makeList([makeChannelFile({ id: 'F1', version: 2, fileName: 'a' })]));
    const names = () => qc.getQueryData<ReturnType<typeof makeList>>(key)?.items.map((f) => f.fileName);
    apply(qc, { type: 'channelFile.changed', file: makeChannelFile({ id: 'F1', version: 3, fileName: 'b' }), at: 1 });
    expect(names()).toEqual(['b']);
    apply(qc, { type: 'channelFile.changed', file: makeChannelFile({ id: 'F1', version: 2, fileName: 'old' }), at: 2 });
    expect(names()).toEqual(['b']);
    apply(qc, { type: 'channelFile.added', file: makeChannelFile({ id: 'F2', version: 1, fileName: 'c' }), at: 3 });
    expect(names()).toContain('c');
    apply(qc, { type: 'channelFile.removed', ids: ['F1', 'F2'], at: 4 });
    expect(names()).toEqual([]);
  });

  it('notification and notification.removed: the banner’s notifications', () => {
    const qc = client();
    const key = seed<ClientNotification[]>(qc, 'fetchClientNotifications', {}, []);
    const notification = { id: 'n1' } as ClientNotification;
    apply(qc, { type: 'notification', notification, at: 1 });
    expect(qc.getQueryData<ClientNotification[]>(key)?.map((n) => n.id)).toEqual(['n1']);
    apply(qc, { type: 'notification.removed', notificationId: 'n1', at: 2 });
    expect(qc.getQueryData<ClientNotification[]>(key)).toEqual([]);
  });

  it('systemEntities.changed: the admin reads of the kinds named are read again', () => {
    const qc = client();
    const units = seed(qc, 'searchAdminUnits', {}, { items: [], total: 0 });
    const users = seed(qc, 'searchUsers', {}, { items: [], total: 0 });
    apply(qc, { type: 'systemEntities.changed', kinds: ['unit'], at: 1 });
    expect(qc.getQueryState(units)?.isInvalidated).toBe(true);
    expect(qc.getQueryState(users)?.isInvalidated).toBe(false);
  });
});

describe('unit configuration, links and services', () => {
  it('unit.configuration: the unit’s configuration read, unless older', () => {
    const qc = client();
    const key = seed(qc, 'getUnitConfigurationV2', { params: { id: UNIT } }, makeUnitConfiguration({ version: 2 }));
    apply(qc, { type: 'unit.configuration', unitId: UNIT, setting: 'video', configuration: makeUnitConfiguration({ version: 3 }), at: 1 });
    expect(qc.getQueryData<UnitConfiguration>(key)?.version).toBe(3);
    apply(qc, { type: 'unit.configuration', unitId: UNIT, setting: 'video', configuration: makeUnitConfiguration({ version: 1 }), at: 2 });
    expect(qc.getQueryData<UnitConfiguration>(key)?.version).toBe(3);
  });

  it('p2p.changed: the open link, unless older', () => {
    const qc = client();
    const link = (name: string, version: number) => ({ id: 'L1', name, version }) as P2pLink;
    const key = seed(qc, 'getP2pLink', { params: { id: 'L1' } }, link('a', 2));
    apply(qc, { type: 'p2p.changed', link: link('b', 3), removed: false, at: 1 });
    expect(qc.getQueryData<P2pLink>(key)?.name).toBe('b');
    apply(qc, { type: 'p2p.changed', link: link('old', 2), removed: false, at: 2 });
    expect(qc.getQueryData<P2pLink>(key)?.name).toBe('b');
  });
});

describe('the entries that read again what the event does not carry', () => {
  const invalidated = (qc: QueryClient, key: readonly unknown[]) => qc.getQueryState(key)?.isInvalidated;

  it('story, remote action, batch, what’s new and software version events: their screens’ reads', () => {
    const qc = client();
    const stories = seed(qc, 'listInventoryStories', { params: { id: 'inv1' } }, { items: [], total: 0 });
    const actions = seed(qc, 'listRemoteActions', {}, { items: [], total: 0 });
    const batches = seed(qc, 'listUpgradeBatches', {}, { items: [], total: 0 });
    const news = seed(qc, 'listWhatsNew', {}, []);
    const products = seed(qc, 'listSoftwareVersionProducts', {}, []);
    const events = [
      { type: 'story.removed', id: 's1', inventoryId: 'inv1', at: 1 },
      { type: 'remoteAction.changed', at: 1 },
      { type: 'upgradeBatch.changed', at: 1 },
      { type: 'whatsNew.removed', whatsNewId: 'w1', at: 1 },
      { type: 'softwareVersion.removed', softwareVersionId: 'v1', number: '1.0', at: 1 },
    ] as RealtimeEvent[];
    for (const [event, key] of events.map((e, i) => [e, [stories, actions, batches, news, products][i]] as const)) {
      expect(invalidated(qc, key!), event.type).toBe(false);
      apply(qc, event);
      expect(invalidated(qc, key!), event.type).toBe(true);
    }
  });

  it('usage.changed and usage profile events: that inventory’s usage reports only', () => {
    const qc = client();
    const mine = seed(qc, 'getInventoryUsageReport', { params: { id: 'inv1' }, query: { from: 'a', to: 'b' } }, {});
    const other = seed(qc, 'getInventoryUsageReport', { params: { id: 'inv2' }, query: { from: 'a', to: 'b' } }, {});
    apply(qc, { type: 'usage.changed', inventoryId: 'inv1', at: 1 });
    expect(invalidated(qc, mine)).toBe(true);
    expect(invalidated(qc, other)).toBe(false);
    apply(qc, { type: 'usageProfile.removed', usageProfileId: 'p', inventoryId: 'inv2', at: 2 });
    expect(invalidated(qc, other)).toBe(true);
  });

  it('graphics.changed: that inventory’s graphics reads', () => {
    const qc = client();
    const mine = seed(qc, 'listMyGraphics', { params: { id: 'inv1' } }, []);
    const other = seed(qc, 'listMyGraphics', { params: { id: 'inv2' } }, []);
    apply(qc, { type: 'graphics.changed', inventoryId: 'inv1', compositionId: 'c', removed: false, at: 1 });
    expect(invalidated(qc, mine)).toBe(true);
    expect(invalidated(qc, other)).toBe(false);
  });

  it('unit.updated: a licence activation view listing the unit is read again, one that does not is kept', () => {
    const qc = client();
    const view = (unitId: string) => ({ inventoryId: 'inv1', canActivate: true, pool: [], units: [{ unitId }] }) as unknown as LicenceActivationView;
    const listing = seed(qc, 'getLicenceActivation', { params: { id: 'inv1' } }, view('other'));
    apply(qc, { type: 'unit.updated', unit: makeUnit({ uniqueId: UNIT }), at: 1 });
    expect(invalidated(qc, listing)).toBe(false);
    qc.setQueryData(listing, view(UNIT));
    apply(qc, { type: 'unit.updated', unit: makeUnit({ uniqueId: UNIT, version: 9 }), at: 2 });
    expect(invalidated(qc, listing)).toBe(true);
  });
});

describe('the map markers (patched a frame at a time with the unit lists)', () => {
  const coords = (over: Partial<UnitCoords> = {}): UnitCoords => ({
    uniqueId: UNIT,
    name: 'Crew_1',
    status: 'idle',
    typeGroup: 'fieldUnits',
    location: { lat: 1, lng: 2, address: null },
    ...over,
  });

  it('unit.status recolours the marker, unit.telemetry moves it; an older report arriving late changes nothing', () => {
    const qc = client();
    const key = seed<UnitCoords[]>(qc, 'fetchDeviceCoords', {}, [coords()]);
    const marker = () => qc.getQueryData<UnitCoords[]>(key)?.[0];
    apply(qc, status({ status: 'streaming', at: 200 }), telemetry(900, 200));
    expect(marker()?.status).toBe('streaming');
    apply(qc, status({ status: 'offline', at: 100 }), { ...telemetry(0, 100), location: { lat: 9, lng: 9, address: null } });
    expect(marker()?.status).toBe('streaming');
    expect(marker()?.location).toMatchObject({ lat: 1, lng: 2 });
    apply(qc, { ...telemetry(0, 300), location: { lat: 5, lng: 6, address: 'Quay' } });
    expect(marker()?.location).toEqual({ lat: 5, lng: 6, address: 'Quay' });
  });

  it('unit.updated renames the marker unless a later status says otherwise; device.removed drops it; device.added reads them again', () => {
    const qc = client();
    const key = seed<UnitCoords[]>(qc, 'fetchDeviceCoords', {}, [coords()]);
    apply(qc, status({ status: 'streaming', at: 200 }));
    apply(qc, {
      type: 'unit.updated',
      unit: makeUnit({ uniqueId: UNIT, name: 'Crew_9', status: 'idle', location: { lat: 1, lng: 2, address: null } }),
      at: 150,
    });
    expect(qc.getQueryData<UnitCoords[]>(key)?.[0]).toMatchObject({ name: 'Crew_9', status: 'streaming' });
    apply(qc, { type: 'device.removed', unitId: UNIT, at: 300 });
    expect(qc.getQueryData<UnitCoords[]>(key)).toEqual([]);
    expect(qc.getQueryState(key)?.isInvalidated).toBe(false);
    apply(qc, { type: 'device.added', unitId: 'LU-2', at: 400 });
    expect(qc.getQueryState(key)?.isInvalidated).toBe(true);
  });
});

describe('the admin, contractor, inventory and settings reads (read again: the lists are sorted and paged by the core)', () => {
  const invalidated = (qc: QueryClient, key: readonly unknown[]) => qc.getQueryState(key)?.isInvalidated;
  afterEach(() => vi.useRealTimers());

  it('user.changed and user.removed: the user lists, the open user, the licences and a group’s users', () => {
    for (const event of [
      { type: 'user.changed', user: { id: 'u1' } },
      { type: 'user.removed', userId: 'u1' },
    ] as const) {
      const qc = client();
      const keys = [
        seed(qc, 'searchUsers', { query: { page: 1 } }, { items: [], total: 0 }),
        seed(qc, 'getUser', { params: { id: 'u1' } }, {}),
        seed(qc, 'getUserLicences', {}, {}),
        seed(qc, 'getAdminGroupUsers', { params: { id: 'g1' } }, []),
      ];
      const groups = seed(qc, 'searchAdminGroups', {}, { items: [], total: 0 });
      apply(qc, { ...event, at: 1 } as unknown as RealtimeEvent);
      for (const key of keys) expect(invalidated(qc, key), `${event.type} ${String(key[0])}`).toBe(true);
      expect(invalidated(qc, groups)).toBe(false);
    }
  });

  it('inventory.changed: the admin inventory reads and that inventory’s tabs, not another inventory’s', () => {
    const qc = client();
    const list = seed(qc, 'searchAdminInventories', {}, { items: [], total: 0 });
    const mine = seed(qc, 'getInventoryTally', { params: { id: 'inv1' } }, {});
    const other = seed(qc, 'getInventoryTally', { params: { id: 'inv2' } }, {});
    apply(qc, { type: 'inventory.changed', inventory: { id: 'inv1' }, at: 1 } as unknown as RealtimeEvent);
    expect(invalidated(qc, list)).toBe(true);
    expect(invalidated(qc, mine)).toBe(true);
    expect(invalidated(qc, other)).toBe(false);
  });

  it('channel.changed, server.status and unit.updated: the admin lists of their kind and the inventory tabs showing them', () => {
    const qc = client();
    const channels = seed(qc, 'searchAdminChannels', {}, { items: [], total: 0 });
    const ingest = seed(qc, 'getInventoryIngestServers', { params: { id: 'inv1' } }, {});
    const serviceable = seed(qc, 'getAdminInventoryServiceableDevices', { params: { id: 'inv1' } }, {});
    const units = seed(qc, 'searchAdminUnits', {}, { items: [], total: 0 });
    apply(qc, { type: 'channel.changed', channel: makeChannel({ channelId: 'c1' }), at: 1 } as RealtimeEvent);
    expect([invalidated(qc, channels), invalidated(qc, ingest), invalidated(qc, serviceable), invalidated(qc, units)]).toEqual([true, true, false, false]);
    apply(qc, { type: 'server.status', serverId: 's1', status: 'offline', at: 2 } as unknown as RealtimeEvent);
    expect(invalidated(qc, serviceable)).toBe(true);
    apply(qc, { type: 'unit.updated', unit: makeUnit({ uniqueId: UNIT }), at: 3 });
    expect(invalidated(qc, units)).toBe(true);
  });

  it('group.changed and systemDevice.changed: the admin reads of their kind only', () => {
    const qc = client();
    const groups = seed(qc, SYSTEM_ENTITY_READS.group[0]!, {}, { items: [], total: 0 });
    const gateways = seed(qc, SYSTEM_ENTITY_READS.dbGateway[0]!, {}, { items: [], total: 0 });
    const servers = seed(qc, SYSTEM_ENTITY_READS.server[0]!, {}, { items: [], total: 0 });
    apply(qc, { type: 'systemDevice.changed', kind: 'dbGateway', id: 'g', removed: false, at: 1 });
    expect([invalidated(qc, groups), invalidated(qc, gateways), invalidated(qc, servers)]).toEqual([false, true, false]);
    apply(qc, { type: 'group.changed', group: makeGroupRow({ id: 'g1' }), at: 2 } as unknown as RealtimeEvent);
    expect(invalidated(qc, groups)).toBe(true);
  });

  it('the contractor lists: read again once LIVE_REFRESH_MS after the first event that touches them, however many come, and only when shown', () => {
    vi.useFakeTimers();
    const qc = client();
    const units = seed(qc, 'searchAdminUnits', { query: { page: 1 } }, { items: [], total: 0 });
    const refetched = vi.spyOn(qc, 'invalidateQueries');
    apply(qc, status({ at: 1 }), status({ status: 'idle', at: 2 }), status({ at: 3 }));
    expect(invalidated(qc, units)).toBe(false);
    vi.advanceTimersByTime(LIVE_REFRESH_MS);
    expect(invalidated(qc, units)).toBe(true);
    expect(refetched.mock.calls.filter(([filters]) => (filters?.queryKey as unknown[] | undefined)?.[0] === 'searchAdminUnits')).toHaveLength(1);
    // No contractor list of servers cached: no timer for it.
    apply(qc, { type: 'server.status', serverId: 's1', status: 'offline', at: 4 } as unknown as RealtimeEvent);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('systemSetting.changed: the changed kind’s reads; an organisation’s the licences; the application configuration the switcher’s URLs', () => {
    const qc = client();
    const vendors = seed(qc, 'searchModemVendors', {}, { items: [], total: 0 });
    const licences = seed(qc, 'getUserLicences', {}, {});
    const urls = seed(qc, 'getApplicationUrls', {}, {});
    apply(qc, { type: 'systemSetting.changed', kind: 'organization', id: 'o', removed: false, at: 1 });
    expect([invalidated(qc, vendors), invalidated(qc, licences), invalidated(qc, urls)]).toEqual([false, true, false]);
    apply(qc, { type: 'systemSetting.changed', kind: 'application_configuration', id: 'a', removed: false, at: 2 });
    expect(invalidated(qc, urls)).toBe(true);
    apply(qc, { type: 'systemSetting.changed', kind: 'modem_vendor', id: 'm', removed: false, at: 3 });
    expect(invalidated(qc, vendors)).toBe(true);
  });

  it('share events: a publisher’s the publishers, a subscriber’s the subscribers and folders', () => {
    const qc = client();
    const publishers = seed(qc, 'listPublishers', {}, { items: [], total: 0 });
    const subscribers = seed(qc, 'listSubscribers', { params: { id: 'f' } }, { items: [], total: 0 });
    apply(qc, { type: 'share.changed', kind: 'publisher', id: 'p', inventoryId: 'inv1', groupId: null, at: 1 } as RealtimeEvent);
    expect([invalidated(qc, publishers), invalidated(qc, subscribers)]).toEqual([true, false]);
    apply(qc, { type: 'share.removed', kind: 'subscriber', id: 's', inventoryId: 'inv1', groupId: null, at: 2 } as unknown as RealtimeEvent);
    expect(invalidated(qc, subscribers)).toBe(true);
  });

  it('audio room, access approval, system message, what’s new, usage profile and software version events: their lists', () => {
    const cases = [
      [{ type: 'audioRoom.removed', audioRoomId: 'r', inventoryId: 'inv1' }, 'listInventoryAudioRooms'],
      [{ type: 'accessApproval.changed', accessApprovalId: 'a' }, 'listAccessApprovals'],
      [{ type: 'notification.removed', notificationId: 'n' }, 'listSystemMessages'],
      [{ type: 'whatsNew.changed', whatsNewId: 'w' }, 'listAdminWhatsNew'],
      [{ type: 'usageProfile.removed', usageProfileId: 'p', inventoryId: 'inv1' }, 'listInventoryUsageProfiles'],
      [{ type: 'softwareVersion.changed', softwareVersionId: 'v', number: '1' }, 'listSoftwareVersions'],
    ] as const;
    for (const [event, read] of cases) {
      const qc = client();
      const key = seed(qc, read, { query: { page: 1 } }, { items: [], total: 0 });
      apply(qc, { ...event, at: 1 } as unknown as RealtimeEvent);
      expect(invalidated(qc, key), event.type).toBe(true);
    }
  });

  it('p2p.changed: the link’s groups read again, not once it is removed', () => {
    const qc = client();
    const groups = seed(qc, 'getP2pLinkGroups', { params: { id: 'l1' } }, { groups: [] });
    const link = { id: 'l1', name: 'a', version: 1 } as unknown as P2pLink;
    apply(qc, { type: 'p2p.changed', link, removed: true, at: 1 });
    expect(invalidated(qc, groups)).toBe(false);
    apply(qc, { type: 'p2p.changed', link, removed: false, at: 2 });
    expect(invalidated(qc, groups)).toBe(true);
  });

  it('file transfers and unit.configuration: that unit’s listing and setting reads only', () => {
    const qc = client();
    const mine = seed(qc, 'getUnitStorageFiles', { params: { id: UNIT }, query: { path: '/a' } }, { files: [] });
    const other = seed(qc, 'getUnitStorageFiles', { params: { id: 'LU-2' } }, { files: [] });
    apply(qc, { type: 'file.transferStarted', unitId: UNIT, fileId: 'f', fileName: 'a.mp4', channelId: null, at: 1 });
    expect([invalidated(qc, mine), invalidated(qc, other)]).toEqual([true, false]);
    const modems = seed(qc, 'getUnitModemConfig', { params: { id: UNIT, n: 1 } }, {});
    const otherModems = seed(qc, 'getUnitModemConfig', { params: { id: 'LU-2', n: 1 } }, {});
    apply(qc, { type: 'unit.configuration', unitId: UNIT, setting: 'cellular', configuration: makeUnitConfiguration(), at: 2 });
    expect([invalidated(qc, modems), invalidated(qc, otherModems)]).toEqual([true, false]);
  });
});

describe('the kinds left to screens', () => {
  const screenKinds = (Object.keys(LIVE_TABLE.entries) as RealtimeEventType[]).filter((kind) => LIVE_TABLE.entries[kind]?.apply === null);

  it.each(screenKinds)('%s changes no cached read of the unit, channel or alert lists', (kind) => {
    const c = unitCache();
    const alertsKey = seed<ActiveAlert[]>(c.qc, 'fetchActiveAlerts', {}, []);
    const before = c.qc
      .getQueryCache()
      .getAll()
      .map((q) => q.state.data);
    // The entry has no patch: only the kind matters, the body is not read.
    apply(c.qc, { type: kind, unitId: UNIT, at: 1 } as unknown as RealtimeEvent);
    expect(
      c.qc
        .getQueryCache()
        .getAll()
        .map((q) => q.state.data),
    ).toEqual(before);
    expect(c.qc.getQueryData(alertsKey)).toEqual([]);
  });
});
