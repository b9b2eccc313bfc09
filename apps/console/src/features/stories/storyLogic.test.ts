import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import type { Story, StoryPage } from '@fleet/contracts';
import {
  changedFields, compareStories, createBody, DEFAULT_STORY_VIEW, EMPTY_STORY_FORM, formValuesOf, hasErrors, listQueryOf, matchesSearch,
  nextSort, pageCount, parseSample, patchStory, patchStoryPage, serverFieldErrors, STORY_PAGE_SIZE, storyFieldErrors, validateStoryForm,
} from './storyLogic';

const story = (id: string, over: Partial<Story> = {}): Story => ({
  id,
  inventoryId: 'inv-1',
  slugline: `Story ${id}`,
  crewName: '',
  storyId: '',
  usageTerms: '',
  provider: '',
  reporter: '',
  keywords: '',
  comments: '',
  lastModified: '2026-01-01T00:00:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
  createdBy: null,
  units: [],
  version: 0,
  ...over,
});
const page = (items: Story[], over: Partial<StoryPage> = {}): StoryPage => ({ items, total: items.length, offset: 0, limit: 3, ...over });
const bySlug = { search: '', sortBy: 'slugline', sortDir: 'asc' } as const;

describe('story form', () => {
  it.each([
    [{ slugline: '' }, { slugline: VALIDATION.sluglineMissing }],
    [{ slugline: '   ' }, { slugline: VALIDATION.sluglineMissing }],
    [{ slugline: 'ok', comments: 'x'.repeat(1025) }, { comments: 'Must have at most 1024 characters' }],
    [{ slugline: '🎬'.repeat(1024) }, {}],
    [{ slugline: 'ok', keywords: 'k'.repeat(1024) }, {}],
  ])('validates %j → %j with the spec messages', (values, errors) => {
    const result = validateStoryForm({ ...EMPTY_STORY_FORM, ...values });
    expect(result).toEqual(errors);
    expect(hasErrors(result)).toBe(Object.keys(errors).length > 0);
  });

  it('sends only changed fields on edit and non-empty fields on create', () => {
    const before = formValuesOf(story('a', { reporter: 'R' }));
    expect(changedFields(before, { ...before, reporter: 'S', comments: 'c' })).toEqual({ reporter: 'S', comments: 'c' });
    expect(changedFields(before, before)).toEqual({});
    expect(createBody({ ...EMPTY_STORY_FORM, slugline: 'S', provider: 'P' })).toEqual({ slugline: 'S', provider: 'P' });
  });

  it('maps server field errors to form fields', () => {
    const fields = [
      { path: 'body.slugline', message: VALIDATION.sluglineMissing },
      { path: 'body.version', message: VALIDATION.required },
      { path: 'body', message: VALIDATION.invalidField },
    ];
    expect(storyFieldErrors(fields)).toEqual({ slugline: VALIDATION.sluglineMissing });
    expect(serverFieldErrors([{ path: 'mapping.slugline', message: 'x' }, { path: 'body.endpoint', message: 'y' }])).toEqual({
      'mapping.slugline': 'x',
      endpoint: 'y',
    });
    expect(storyFieldErrors(undefined)).toEqual({});
  });
});

describe('story list view', () => {
  it('builds the list query and pages', () => {
    expect(listQueryOf({ ...DEFAULT_STORY_VIEW, search: '  flood ', page: 3 })).toEqual({
      offset: 2 * STORY_PAGE_SIZE, limit: STORY_PAGE_SIZE, sortBy: 'lastModified', sortDir: 'desc', search: 'flood',
    });
    expect(listQueryOf(DEFAULT_STORY_VIEW)).not.toHaveProperty('search');
    expect(pageCount(0)).toBe(1);
    expect(pageCount(STORY_PAGE_SIZE + 1)).toBe(2);
  });

  it('flips the direction on the same column, starts a new one ascending (dates descending), back to page 1', () => {
    expect(nextSort({ ...DEFAULT_STORY_VIEW, page: 4 }, 'lastModified')).toMatchObject({ sortDir: 'asc', page: 1 });
    expect(nextSort(DEFAULT_STORY_VIEW, 'slugline')).toMatchObject({ sortBy: 'slugline', sortDir: 'asc' });
    expect(nextSort({ ...DEFAULT_STORY_VIEW, sortBy: 'slugline' }, 'createdAt')).toMatchObject({ sortDir: 'desc' });
  });

  it('searches like the core (contains, case-insensitive, the searched columns only)', () => {
    const s = story('a', { slugline: 'Flood Watch', reporter: 'Ann', comments: 'secret' });
    expect(matchesSearch(s, 'flood')).toBe(true);
    expect(matchesSearch(s, 'ANN')).toBe(true);
    expect(matchesSearch(s, 'secret')).toBe(false);
    expect(matchesSearch(s, '  ')).toBe(true);
  });

  it('orders by the column then the id', () => {
    const a = story('a', { slugline: 'B' });
    const b = story('b', { slugline: 'B' });
    const c = story('c', { slugline: 'A' });
    expect([a, b, c].sort((x, y) => compareStories(x, y, 'slugline', 'asc')).map((s) => s.id)).toEqual(['c', 'a', 'b']);
    expect([a, b, c].sort((x, y) => compareStories(x, y, 'slugline', 'desc')).map((s) => s.id)).toEqual(['b', 'a', 'c']);
  });
});

describe('live story patches', () => {
  const at = 1;
  it('replaces a changed story unless the copy is older or the same (the kit\'s version rule)', () => {
    const p = page([story('a', { slugline: 'A' }), story('b', { slugline: 'B' })]);
    const newer = patchStoryPage(p, { type: 'story.changed', story: story('a', { slugline: 'A2', version: 1 }), at }, bySlug);
    expect(newer?.items[0]?.slugline).toBe('A2');
    expect(newer?.total).toBe(2);
    const same = patchStoryPage(p, { type: 'story.changed', story: story('a', { slugline: 'A' }), at }, bySlug);
    expect(same).toBe(p);
    const older = patchStoryPage(newer ?? p, { type: 'story.changed', story: story('a', { slugline: 'old', version: 0 }), at }, bySlug);
    expect(older).toBe(newer);
  });

  it('inserts a new matching story in order and counts it; leaves out non-matching ones', () => {
    const p = page([story('a', { slugline: 'A' }), story('c', { slugline: 'C' })]);
    const added = patchStoryPage(p, { type: 'story.changed', story: story('b', { slugline: 'B' }), at }, bySlug);
    expect(added?.items.map((s) => s.id)).toEqual(['a', 'b', 'c']);
    expect(added?.total).toBe(3);
    expect(patchStoryPage(p, { type: 'story.changed', story: story('b', { slugline: 'B' }), at }, { ...bySlug, search: 'zzz' })).toBe(p);
  });

  it('keeps a full page at its size; a story sorting after it only counts', () => {
    const p = page([story('a', { slugline: 'A' }), story('b', { slugline: 'B' }), story('c', { slugline: 'C' })], { total: 10 });
    const after = patchStoryPage(p, { type: 'story.changed', story: story('z', { slugline: 'Z' }), at }, bySlug);
    expect(after?.items).toBe(p.items);
    expect(after?.total).toBe(11);
    const inside = patchStoryPage(p, { type: 'story.changed', story: story('ab', { slugline: 'AB' }), at }, bySlug);
    expect(inside?.items.map((s) => s.id)).toEqual(['a', 'ab', 'b']);
  });

  it('removes a deleted story and counts it', () => {
    const p = page([story('a'), story('b')]);
    const removed = patchStoryPage(p, { type: 'story.removed', id: 'a', inventoryId: 'inv-1', at }, bySlug);
    expect(removed?.items.map((s) => s.id)).toEqual(['b']);
    expect(removed?.total).toBe(1);
    expect(patchStoryPage(p, { type: 'story.removed', id: 'x', inventoryId: 'inv-1', at }, bySlug)).toBe(p);
    expect(patchStoryPage(undefined, { type: 'story.removed', id: 'x', inventoryId: 'inv-1', at }, bySlug)).toBeUndefined();
  });

  it('patches the open story', () => {
    const s = story('a');
    expect(patchStory(s, { type: 'story.changed', story: story('a', { reporter: 'R', version: 2 }), at })).toMatchObject({ reporter: 'R' });
    expect(patchStory(s, { type: 'story.changed', story: story('b', { version: 2 }), at })).toBe(s);
    expect(patchStory(s, { type: 'story.removed', id: 'a', inventoryId: 'inv-1', at })).toBeNull();
  });
});

describe('test-mapping sample', () => {
  it.each([
    ['{"slug":"x"}', true],
    ['[1,2]', false],
    ['12', false],
    ['{not json', false],
    ['null', false],
  ])('parses %s → %s', (text, ok) => {
    expect(parseSample(text).ok).toBe(ok);
  });
});
