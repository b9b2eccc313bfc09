import { describe, expect, it } from 'vitest';
import { VALIDATION, type SubscriberFolder } from '@fleet/contracts';
import { folderAndBelow } from '@fleet/domain';
import {
  canAddShareLink,
  folderTree,
  publisherErrors,
  publisherSourcesValues,
  shareLinkBody,
  shareLinkEnd,
  shareLinkErrors,
  sourcesBody,
  subscriberErrors,
} from './shareForms';

const folder = (id: string, name: string, parentId: string | null): SubscriberFolder => ({
  id,
  inventoryId: 'inv',
  name,
  parentId,
  isRoot: parentId === null,
  subscriberCount: 0,
  version: 0,
});

describe('share forms', () => {
  it("checks a publisher's name and description with the spec's messages", () => {
    const base = { groupId: 'g', sources: [] };
    expect(publisherErrors({ ...base, name: '', description: '' })).toEqual({ name: VALIDATION.required });
    expect(publisherErrors({ ...base, name: 'x'.repeat(33), description: 'd'.repeat(33) })).toEqual({
      name: VALIDATION.betweenChars(1, 32),
      description: VALIDATION.maxChars(32),
    });
    expect(publisherErrors({ ...base, name: 'x'.repeat(32), description: 'd'.repeat(32) })).toEqual({});
    expect(publisherErrors({ ...base, groupId: null, name: 'ok', description: '' })).toEqual({ groupId: VALIDATION.required });
  });

  it("turns the sources picker's values into the body and back", () => {
    const values = publisherSourcesValues({ channels: [{ id: 'CH:1', name: 'One' }], vrChannels: [{ id: 'VRC-1', name: 'Vr' }] });
    expect(values).toEqual(['channel:CH:1', 'vrChannel:VRC-1']);
    expect(sourcesBody(values)).toEqual({ channelIds: ['CH:1'], vrChannelIds: ['VRC-1'] });
    expect(sourcesBody([])).toEqual({ channelIds: [], vrChannelIds: [] });
  });

  it('checks a share link: description mandatory, start required and in the future, duration required', () => {
    const now = new Date('2030-01-01T10:00').getTime();
    expect(shareLinkErrors({ description: '', start: '', duration: '' }, now)).toEqual({
      description: VALIDATION.required,
      startTime: VALIDATION.required,
      durationMinutes: VALIDATION.required,
    });
    expect(shareLinkErrors({ description: 'x', start: '2030-01-01T09:00', duration: '30' }, now)).toEqual({ startTime: VALIDATION.shareLinkStartInFuture });
    expect(shareLinkErrors({ description: 'x', start: '2030-01-01T11:00', duration: '0' }, now)).toEqual({ durationMinutes: VALIDATION.minValue(1) });
    expect(shareLinkErrors({ description: 'x', start: '2030-01-01T11:00', duration: '30' }, now)).toEqual({});
    expect(shareLinkBody({ description: 'x', start: '2030-01-01T11:00', duration: '30' }).startTime).toBe(new Date('2030-01-01T11:00').toISOString());
    expect(shareLinkEnd({ description: 'x', start: '2030-01-01T11:00', duration: '90' })?.getTime()).toBe(new Date('2030-01-01T12:30').getTime());
    expect(shareLinkEnd({ description: 'x', start: '', duration: '90' })).toBeNull();
  });

  it('allows up to 10 share links', () => {
    expect(canAddShareLink(9)).toBe(true);
    expect(canAddShareLink(10)).toBe(false);
  });

  it("checks a subscriber's name and share key", () => {
    expect(subscriberErrors({ name: '', shareKey: '', folderId: null })).toEqual({ name: VALIDATION.required, shareKey: VALIDATION.required });
    expect(subscriberErrors({ name: 'ok', shareKey: 'KEY', folderId: 'f' })).toEqual({});
  });

  it('lays the folders out as a tree, root first, children by name under their parent', () => {
    const folders = [folder('b', 'Beta', 'r'), folder('r', 'Root', null), folder('a', 'Alpha', 'r'), folder('c', 'Child', 'b'), folder('o', 'Orphan', 'gone')];
    expect(folderTree(folders).map((n) => `${n.depth}:${n.folder.name}`)).toEqual(['0:Root', '1:Alpha', '1:Beta', '2:Child', '1:Orphan']);
    expect([...folderAndBelow(folders, 'b')].sort()).toEqual(['b', 'c']);
    expect(folderTree([folder('a', 'A', 'r')])).toEqual([]);
  });
});
