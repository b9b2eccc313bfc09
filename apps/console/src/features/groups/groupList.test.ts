import { describe, expect, it } from 'vitest';
import type { GroupListRow } from '@fleet/contracts';
import { applyGroupEvent, duplicateNameMessage, inventoriesOfRows, inventoryOptions, listRowOf, keepSelected, searchGroups, upsertGroup } from './groupList';
import { toggleSelected } from '../../lib/selection';

function row(over: Partial<GroupListRow> & Pick<GroupListRow, 'id' | 'name'>): GroupListRow {
  return {
    inventoryId: 'inv-a',
    inventoryName: 'Alpha-News',
    createdOn: '2026-01-01T00:00:00.000Z',
    counts: { units: 1, channels: 2, vrChannels: 0, users: 3 },
    version: 1,
    ...over,
  };
}

const newsroom = row({ id: 'g1', name: 'Newsroom' });
const studio = row({ id: 'g2', name: 'Studio', inventoryId: 'inv-s', inventoryName: 'Sports-Inv', version: 4 });
const rows = [newsroom, studio];
const at = 1;

describe('/groups list search', () => {
  it('matches the name or the inventory name, case-insensitive; blank shows all', () => {
    expect(searchGroups(rows, 'news').map((r) => r.id)).toEqual(['g1']);
    expect(searchGroups(rows, ' SPORTS ').map((r) => r.id)).toEqual(['g2']);
    expect(searchGroups(rows, '  ')).toBe(rows);
    expect(searchGroups(rows, 'nothing')).toEqual([]);
  });

  it('narrows to one inventory, with or without a search', () => {
    const other = row({ id: 'g3', name: 'Football', inventoryId: 'inv-b', inventoryName: 'Sports-B' });
    const all = [...rows, other];
    expect(searchGroups(all, '', 'inv-b').map((r) => r.id)).toEqual(['g3']);
    expect(searchGroups(all, 'news', 'inv-b')).toEqual([]);
    expect(inventoriesOfRows(all)).toEqual([
      { value: 'inv-a', label: 'Alpha-News' },
      { value: 'inv-b', label: 'Sports-B' },
      { value: 'inv-s', label: 'Sports-Inv' },
    ]);
  });
});

describe('/groups list kept current over /ws', () => {
  it('group.changed replaces a row when not older, and adds a row not listed yet', () => {
    const renamed = { ...studio, name: 'Studio-B', version: 5 };
    const next = applyGroupEvent(rows, { type: 'group.changed', group: renamed, at });
    expect(next.map((r) => r.name)).toEqual(['Newsroom', 'Studio-B']);
    const added = applyGroupEvent(next, { type: 'group.changed', group: row({ id: 'g3', name: 'Motorsport' }), at });
    expect(added.map((r) => r.id)).toEqual(['g1', 'g2', 'g3']);
  });

  it('a late older event and a repeat of the same event change nothing', () => {
    expect(applyGroupEvent(rows, { type: 'group.changed', group: { ...studio, name: 'Old', version: 3 }, at })).toBe(rows);
    expect(applyGroupEvent(rows, { type: 'group.changed', group: { ...studio }, at })).toBe(rows);
  });

  it('a saved group answered with its details goes into the list as a plain row', () => {
    const detail = { ...newsroom, name: 'Newsroom-2', version: 2, members: { unitIds: ['u1'] } };
    expect(listRowOf(detail)).toEqual({ ...newsroom, name: 'Newsroom-2', version: 2 });
  });

  it('a member count change at the same version still shows', () => {
    const more = { ...newsroom, counts: { ...newsroom.counts, units: 9 } };
    expect(upsertGroup(rows, more)[0]?.counts.units).toBe(9);
  });

  it('group.removed drops the row; an unknown id changes nothing', () => {
    expect(applyGroupEvent(rows, { type: 'group.removed', groupId: 'g1', at }).map((r) => r.id)).toEqual(['g2']);
    expect(applyGroupEvent(rows, { type: 'group.removed', groupId: 'zz', at })).toBe(rows);
  });
});

describe('/groups selection for delete several', () => {
  it('toggles rows and forgets rows that are gone', () => {
    let selected: ReadonlySet<string> = new Set();
    selected = toggleSelected(selected, 'g1', true);
    selected = toggleSelected(selected, 'g2', true);
    expect(toggleSelected(selected, 'g2', true)).toBe(selected);
    expect([...keepSelected(selected, [studio])]).toEqual(['g2']);
    expect(keepSelected(selected, rows)).toBe(selected);
    expect([...toggleSelected(selected, 'g1', false)]).toEqual(['g2']);
  });

  it('offers the user inventories by name', () => {
    expect(
      inventoryOptions([
        { id: 'b', name: 'Zulu' },
        { id: 'a', name: 'Alpha' },
      ]),
    ).toEqual([
      { value: 'a', label: 'Alpha' },
      { value: 'b', label: 'Zulu' },
    ]);
  });
});

describe('/groups name uniqueness known to the list', () => {
  it('answers the spec message for a name taken in the same inventory, not in another or by the group itself', () => {
    expect(duplicateNameMessage(rows, 'Studio', 'inv-s')).toBe('Name field has to be unique');
    expect(duplicateNameMessage(rows, 'Studio', 'inv-a')).toBeNull();
    expect(duplicateNameMessage(rows, 'Studio', 'inv-s', 'g2')).toBeNull();
    expect(duplicateNameMessage(rows, 'Studio-2', 'inv-s')).toBeNull();
  });
});
