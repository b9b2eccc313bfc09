/**
 * The spec's default page sizes as the administration reads its lists (spec 001 §9): the group
 * search and the video return search in pages of 50, the video return search by name unless
 * another key is chosen. (Audio rooms, 100: AudioRooms.page.test.tsx; the IP pipe's server list,
 * 1000: devices/ServerRefusals.spec-items.test.tsx.)
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '@fleet/contracts';
import { FakeApi } from '../../test-utils/fakeApi';
import { fill, renderWithApp } from '../../test-utils/render';
import { makeGroupRow } from '../../test-utils/fixtures';
import { vrChannel } from '../../test-utils/vrChannels';
import GroupsEntity from './GroupsEntity';
import VrChannelsEntity from './VrChannelsEntity';

describe('Constants: default page sizes', () => {
  it('reads the group search in pages of 50', async () => {
    expect(LIMITS.groupSearchDefaultPageSize).toBe(50);
    const api = new FakeApi().on('searchAdminGroups', ({ query }) => ({ items: [makeGroupRow()], total: 1, offset: query.offset, limit: query.limit }));
    await renderWithApp(<GroupsEntity kind="groups" />, { roles: ['super_user'], route: '/system_entities/groups', api });
    await waitFor(() => expect(api.calls('searchAdminGroups').length).toBeGreaterThan(0));
    expect(api.calls('searchAdminGroups')[0]?.query.get('limit')).toBe('50');
    expect(api.calls('searchAdminGroups')[0]?.query.get('offset')).toBe('0');
  });

  it('reads the video return search in pages of 50, searched by name', async () => {
    expect(LIMITS.videoReturnSearchDefaultPageSize).toBe(50);
    const api = new FakeApi()
      .on('searchAdminVrChannels', ({ query }) => ({ items: [vrChannel('VRC-1', { name: 'Return_1' })], total: 1, offset: query.offset, limit: query.limit }))
      .on('searchAdminInventories', ({ query }) => ({ items: [], total: 0, offset: query.offset, limit: query.limit }));
    const { user } = await renderWithApp(<VrChannelsEntity kind="vrChannels" />, { roles: ['staff'], route: '/system_entities/vrChannels', api });
    await waitFor(() => expect(api.calls('searchAdminVrChannels').length).toBeGreaterThan(0));
    expect(api.calls('searchAdminVrChannels')[0]?.query.get('limit')).toBe('50');

    await fill(user, await screen.findByTestId('vr-channels-search'), 'Return');
    await waitFor(() => expect(api.calls('searchAdminVrChannels').at(-1)?.query.get('searchValue')).toBe('Return'));
    const last = api.calls('searchAdminVrChannels').at(-1);
    expect(last?.query.get('searchKey')).toBe('name');
    expect(last?.query.get('limit')).toBe('50');
  });
});
