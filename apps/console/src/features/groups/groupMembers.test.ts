import { describe, expect, it } from 'vitest';
import type { GroupDetail } from '@fleet/contracts';
import { detailsUpdate, draftOf, memberNames, NO_EDITS, withEdits, withMember } from './groupMembers';

const detail: GroupDetail = {
  id: 'g1',
  name: 'Newsroom',
  inventoryId: 'inv',
  inventoryName: 'Inv',
  createdOn: '2026-01-01T00:00:00.000Z',
  counts: { units: 2, channels: 1, vrChannels: 0, users: 1 },
  version: 7,
  autoAssociation: { units: false, channels: true, vrChannels: false, users: false },
  alertThresholds: {},
  invitation: { adhocMode: null, adhocPeriod: null, permanentRegeneration: null, hasPermanentKey: false },
  hasDefaultConfiguration: false,
  members: { unitIds: ['u1', 'u2'], channelIds: ['c1'], vrChannelIds: [], userIds: ['a', 'b'] },
  memberNames: {
    units: [
      { id: 'u1', name: 'Cam-1' },
      { id: 'u2', name: 'Cam-2' },
    ],
    channels: [{ id: 'c1', name: 'Studio A' }],
    vrChannels: [],
    users: [
      { id: 'a', username: 'alice', fullName: 'Alice Martin' },
      { id: 'b', username: 'bob', fullName: '' },
    ],
  },
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const unchanged = { name: detail.name, autoAssociation: detail.autoAssociation, members: draftOf(detail) };

describe('group general tab: what a save sends', () => {
  it('nothing changed: no call', () => {
    expect(detailsUpdate(detail, unchanged)).toBeNull();
    // The same members in another order are no change.
    expect(detailsUpdate(detail, { ...unchanged, members: { ...unchanged.members, units: ['u2', 'u1'] } })).toBeNull();
  });

  it('sends only the changed name, flags and member kinds, with the version read', () => {
    const saved = draftOf(detail);
    let edits = withMember(NO_EDITS, saved, 'units', 'u3', true);
    edits = withMember(edits, saved, 'users', 'a', false);
    const body = detailsUpdate(detail, { name: 'Newsroom-2', autoAssociation: { ...detail.autoAssociation, users: true }, members: withEdits(saved, edits) });
    expect(body).toEqual({
      id: 'g1',
      version: 7,
      name: 'Newsroom-2',
      autoAssociation: { users: true },
      members: { unitIds: ['u1', 'u2', 'u3'], userIds: ['b'] },
    });
  });

  it('adding a member twice, removing an absent one, or taking back an edit changes nothing', () => {
    const saved = draftOf(detail);
    for (const edits of [
      withMember(NO_EDITS, saved, 'units', 'u1', true),
      withMember(NO_EDITS, saved, 'channels', 'zz', false),
      withMember(withMember(NO_EDITS, saved, 'units', 'u3', true), saved, 'units', 'u3', false),
      withMember(withMember(NO_EDITS, saved, 'users', 'a', false), saved, 'users', 'a', true),
    ]) {
      expect(withEdits(saved, edits)).toEqual(saved);
      expect(detailsUpdate(detail, { ...unchanged, members: withEdits(saved, edits) })).toBeNull();
    }
  });

  it('keeps what another console changed meanwhile: the edits apply to the members as saved now', () => {
    const edits = withMember(NO_EDITS, draftOf(detail), 'units', 'u3', true);
    // Meanwhile a unit joined elsewhere and user b was deleted: the detail was read again.
    const now: GroupDetail = { ...detail, version: 8, members: { ...detail.members, unitIds: ['u1', 'u2', 'u9'], userIds: ['a'] } };
    const body = detailsUpdate(now, { ...unchanged, members: withEdits(draftOf(now), edits) });
    // The new unit stays, and the users (not edited here) are not sent: the deleted user is not sent back.
    expect(body).toEqual({ id: 'g1', version: 8, members: { unitIds: ['u1', 'u2', 'u9', 'u3'] } });
  });

  it('names members as the details carry them; a user by username and full name when there is one', () => {
    const names = memberNames(detail);
    expect(names.units.get('u2')).toBe('Cam-2');
    expect(names.channels.get('c1')).toBe('Studio A');
    expect(names.users.get('a')).toBe('alice (Alice Martin)');
    expect(names.users.get('b')).toBe('bob');
  });
});
