import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { INGEST_TEST_REASONS } from '@fleet/contracts';
import type { AdminInventory, InventoryTally } from '@fleet/contracts';
import { makeChannel } from '../../test-utils/channels';
import {
  allowedWrites,
  channelCandidates,
  INVENTORY_TABS,
  ingestTestReason,
  inventoryCountQuery,
  staleInventoryTabReads,
  tallyMembers,
  versionReadsAfter,
  visibleInventoryTabs,
} from './inventoryTabRules';

const t = ((key: string) => key.split('.').at(-1) ?? key) as unknown as TFunction;
const tab = (value: string) => INVENTORY_TABS.find((x) => x.value === value)!;
const AT = '2026-01-10T09:00:00.000Z';
const inventory = (id: string): AdminInventory => ({
  id,
  name: id,
  region: '',
  parentId: null,
  parentName: null,
  sipServer: null,
  childCount: 0,
  version: 1,
  createdAt: AT,
  updatedAt: AT,
});

describe('which inventory tabs a user gets', () => {
  it('super user: every tab and every write', () => {
    expect(visibleInventoryTabs(['super_user']).map((x) => x.value)).toEqual([
      'tally',
      'ifb',
      'properties',
      'serviceableDevices',
      'ingestAccount',
      'ingestServers',
    ]);
    for (const x of INVENTORY_TABS) expect(allowedWrites(['super_user'], x)).toEqual(x.writes);
  });

  it('staff: every tab; the properties and the geocoding profile (admin calls) but no tally, IFB or ingest writes (the manage set)', () => {
    expect(visibleInventoryTabs(['staff'])).toHaveLength(INVENTORY_TABS.length);
    expect(allowedWrites(['staff'], tab('properties'))).toEqual(['updateAdminInventoryProperties', 'setInventoryGeocodingProfile']);
    for (const value of ['tally', 'ifb', 'ingestAccount', 'ingestServers']) expect(allowedWrites(['staff'], tab(value))).toEqual([]);
  });

  it('an inventory admin: every tab, the writes of their inventory but not the platform geocoding profile', () => {
    expect(visibleInventoryTabs(['luc_admin'])).toHaveLength(INVENTORY_TABS.length);
    expect(allowedWrites(['luc_admin'], tab('properties'))).toEqual(['updateAdminInventoryProperties']);
    expect(allowedWrites(['luc_admin'], tab('ingestAccount'))).toEqual(tab('ingestAccount').writes);
  });

  it('a partner: the tally, IFB and ingest tabs with their writes, no admin tab', () => {
    expect(visibleInventoryTabs(['luc_partner']).map((x) => x.value)).toEqual(['tally', 'ifb', 'ingestAccount', 'ingestServers']);
  });

  it('a read-only user reads the tally, IFB and ingest tabs and may write none of them', () => {
    const tabs = visibleInventoryTabs(['luc_read']);
    expect(tabs.map((x) => x.value)).toEqual(['tally', 'ifb', 'ingestAccount', 'ingestServers']);
    for (const x of tabs) expect(allowedWrites(['luc_read'], x)).toEqual([]);
  });
});

describe('the inventory tabs kept current', () => {
  it('a write of one versioned read makes the others stale, not itself', () => {
    expect(versionReadsAfter('getInventoryTally')).toEqual(['getAdminInventory', 'getAdminInventoryProperties', 'getInventoryIfb']);
    expect(versionReadsAfter(null)).toHaveLength(4);
  });

  it('a change of this inventory makes every tab stale; of another, none; a channel change the channel tabs', () => {
    expect(staleInventoryTabReads({ type: 'inventory.changed', inventory: inventory('inv-1'), at: 1 }, 'inv-1')).toContain('getIngestAccount');
    expect(staleInventoryTabReads({ type: 'inventory.changed', inventory: inventory('inv-2'), at: 1 }, 'inv-1')).toEqual([]);
    expect(staleInventoryTabReads({ type: 'channel.removed', channelId: 'c', at: 1 }, 'inv-1')).toEqual(
      expect.arrayContaining(['getInventoryTally', 'getInventoryIfb']),
    );
  });
});

describe('inventory tab helpers', () => {
  it('the count is of the search the list shows', () => {
    const view = { searchKey: 'region', searchValue: ' eu ', sortBy: 'name', sortDir: 'asc' as const, page: 3 };
    expect(inventoryCountQuery(view)).toEqual({ searchKey: 'region', searchValue: 'eu' });
    expect(inventoryCountQuery({ ...view, searchValue: '' })).toEqual({});
    expect(inventoryCountQuery({ ...view, searchKey: 'bogus' })).toEqual({});
  });

  it('tally rows show the live tally only with the tally service', () => {
    const row: InventoryTally['channels'][number] = {
      channelId: 'c1',
      channelName: 'Cam_1',
      serverId: 's1',
      serverName: 'hub',
      status: 'online',
      online: true,
      busy: true,
      tally: null,
    };
    expect(tallyMembers([row], t)).toEqual([{ id: 'c1', label: 'Cam_1', detail: 'hub · busy' }]);
    expect(tallyMembers([{ ...row, tally: { tallyName: 'T1', tallyHwStatus: null, onAir: true } }], t)[0]?.detail).toBe('hub · busy · onAir · T1');
  });

  it('channel candidates are the inventory channels with their server and state', () => {
    expect(channelCandidates([makeChannel({ channelId: 'c2', channelName: 'Out', serverName: '', online: false })], t)).toEqual([
      { id: 'c2', label: 'Out', detail: 'offline' },
    ]);
  });

  it('a failed test names its reason by key; one the console does not know stays as the core said it', () => {
    expect(ingestTestReason(INGEST_TEST_REASONS.noPassword)).toBe('noPassword');
    expect(ingestTestReason('something new')).toBeNull();
    expect(ingestTestReason(null)).toBeNull();
  });
});
