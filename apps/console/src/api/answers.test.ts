import { describe, expect, it } from 'vitest';
import type { EndpointOutput } from '@fleet/contracts';
import { makeUnit } from '../test-utils/fixtures';
import { readAnswer } from './answers';

const loose = <K extends Parameters<typeof readAnswer>[0]>(_id: K, value: unknown) => value as EndpointOutput<K>;

describe('answers read field by field', () => {
  it('keeps a whole unit list as it is (the same array)', () => {
    const list = [makeUnit({ uniqueId: 'a' }), makeUnit({ uniqueId: 'b' })];
    expect(readAnswer('fetchDevices', list)).toBe(list);
  });

  it('fills what a unit left out with what breaks nothing, and leaves out a unit without an id', () => {
    const unit: Record<string, unknown> = { ...makeUnit({ uniqueId: 'a', name: 'Camera' }) };
    for (const key of ['alerts', 'inventoryIds', 'location', 'status', 'selectedChannel', 'battery']) unit[key] = null;
    unit.location = { lng: 3, address: null };
    const [read, ...rest] = readAnswer('fetchDevices', loose('fetchDevices', [unit, { name: 'no id' }]));
    expect(rest).toEqual([]);
    expect(read).toMatchObject({ uniqueId: 'a', name: 'Camera', alerts: [], inventoryIds: [], location: null, status: '', battery: null });
    expect(read?.selectedChannel).toEqual({ channelId: null, previewChannelId: null, highQualityChannelId: null, proxyChannelId: null, external: false });
    expect(readAnswer('fetchDevices', loose('fetchDevices', null))).toEqual([]);
  });

  it('reads services_status without its services as naming none', () => {
    expect(readAnswer('getServicesStatus', loose('getServicesStatus', { inventoryId: 'inv1', services: null }))).toMatchObject({
      services: [],
      activeFeatures: [],
    });
  });

  it('reads a page of any list without its items as an empty page', () => {
    expect(readAnswer('searchUsers', loose('searchUsers', { offset: 0, limit: 50, total: 3, items: null }))).toEqual({
      offset: 0,
      limit: 50,
      total: 3,
      items: [],
    });
    expect(readAnswer('searchAdminInventories', loose('searchAdminInventories', { offset: 0, limit: 50 }))).toEqual({
      offset: 0,
      limit: 50,
      total: 0,
      items: [],
    });
    const whole = { offset: 0, limit: 50, total: 0, items: [] };
    expect(readAnswer('searchUsers', loose('searchUsers', whole))).toBe(whole);
  });
});
