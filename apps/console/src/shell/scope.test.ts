import { describe, expect, it } from 'vitest';
import { currentGroupId, currentInventory, groupsOfInventory, inventoryPickPatch, nextPageOffset, picksAmongAllInventories, withCurrentOption } from './scope';

const news = { id: 'inv-news', name: 'News' };
const metro = { id: 'inv-metro', name: 'Metro' };
const groups = [
  { id: 'g-desk', name: 'Desk', inventoryId: 'inv-news' },
  { id: 'g-live', name: 'Live', inventoryId: 'inv-metro' },
  { id: 'g-field', name: 'Field', inventoryId: 'inv-news' },
];

describe('the shell’s current inventory', () => {
  it('is the saved one when it is the user’s, else the user’s first', () => {
    expect(currentInventory({ inventoryId: 'inv-metro', inventoryName: 'Metro' }, [news, metro], false)).toEqual(metro);
    expect(currentInventory({ inventoryId: 'inv-gone', inventoryName: 'Gone' }, [news, metro], false)).toEqual(news);
    expect(currentInventory({}, [news], false)).toEqual(news);
    expect(currentInventory({ inventoryId: null }, [], false)).toBeNull();
  });

  it('keeps a global user’s saved inventory from the admin list, with its saved name', () => {
    expect(currentInventory({ inventoryId: 'inv-other', inventoryName: 'Other' }, [news], true)).toEqual({ id: 'inv-other', name: 'Other' });
    expect(currentInventory({ inventoryId: 'inv-other', inventoryName: null }, [], true)).toEqual({ id: 'inv-other', name: 'inv-other' });
  });

  it('is picked among every inventory by super user and staff only', () => {
    expect(picksAmongAllInventories(['super_user'])).toBe(true);
    expect(picksAmongAllInventories(['luc_regular', 'staff'])).toBe(true);
    expect(picksAmongAllInventories(['luc_admin'])).toBe(false);
  });

  it('stays among the picker’s options when a search or a page leaves it out', () => {
    expect(withCurrentOption([news], metro)).toEqual([metro, news]);
    expect(withCurrentOption([news, metro], metro)).toEqual([news, metro]);
    expect(withCurrentOption([news], null)).toEqual([news]);
  });
});

describe('the shell’s current group', () => {
  it('is one of the current inventory’s groups: the saved one, else the first', () => {
    const newsGroups = groupsOfInventory(groups, 'inv-news');
    expect(newsGroups.map((g) => g.id)).toEqual(['g-desk', 'g-field']);
    expect(currentGroupId('g-field', newsGroups)).toBe('g-field');
    expect(currentGroupId('g-live', newsGroups)).toBe('g-desk');
    expect(currentGroupId(undefined, newsGroups)).toBe('g-desk');
    expect(currentGroupId('g-desk', groupsOfInventory(groups, null))).toBeNull();
  });

  it('moves to the picked inventory’s first group (or none) with the inventory', () => {
    expect(inventoryPickPatch(metro, groups)).toEqual({ inventoryId: 'inv-metro', inventoryName: 'Metro', groupId: 'g-live' });
    expect(inventoryPickPatch({ id: 'inv-empty', name: 'Empty' }, groups)).toEqual({ inventoryId: 'inv-empty', inventoryName: 'Empty', groupId: null });
  });
});

describe('paging the admin inventory list', () => {
  it('asks for the next page until every row is loaded', () => {
    expect(nextPageOffset({ offset: 0, items: Array.from({ length: 50 }), total: 120 })).toBe(50);
    expect(nextPageOffset({ offset: 100, items: Array.from({ length: 20 }), total: 120 })).toBeUndefined();
    expect(nextPageOffset({ offset: 0, items: [], total: 3 })).toBeUndefined();
  });
});
