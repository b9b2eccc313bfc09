import { describe, expect, it } from 'vitest';
import { adminTopicsFor, topicsForUser } from './topics';
import { makeUser } from '../test-utils/fixtures';

describe('topics of a global user’s shell inventory', () => {
  it('follows an inventory none of the user’s groups or inventories reaches', () => {
    expect(topicsForUser(makeUser(['super_user']), 'inv-other')).toEqual(['group:g1', 'inventory:inv-other']);
    expect(topicsForUser(makeUser(['super_user'], { groups: [] }), 'inv-other')).toEqual(['inventory:inv1', 'inventory:inv-other']);
  });

  it('does not follow twice an inventory already reached through a group or the inventory itself', () => {
    expect(topicsForUser(makeUser(['super_user']), 'inv1')).toEqual(['group:g1']);
    expect(topicsForUser(makeUser(['super_user'], { groups: [] }), 'inv1')).toEqual(['inventory:inv1']);
    expect(topicsForUser(makeUser(['super_user']), null)).toEqual(['group:g1']);
  });
});

describe('the platform admins’ topic', () => {
  it('is followed by super users and staff only', () => {
    expect(adminTopicsFor(['super_user'])).toEqual(['system:entities']);
    expect(adminTopicsFor(['staff'])).toEqual(['system:entities']);
    expect(adminTopicsFor(['luc_admin'])).toEqual([]);
    expect(adminTopicsFor([])).toEqual([]);
  });
});
