import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import type { Story } from '@fleet/contracts';
import {
  changedFields,
  createBody,
  EMPTY_STORY_FORM,
  formValuesOf,
  listQueryOf,
  parseSample,
  serverFieldErrors,
  STORY_PAGE_SIZE,
  storyFieldErrors,
  validateStoryForm,
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
    expect(
      serverFieldErrors([
        { path: 'mapping.slugline', message: 'x' },
        { path: 'body.endpoint', message: 'y' },
      ]),
    ).toEqual({
      'mapping.slugline': 'x',
      endpoint: 'y',
    });
    expect(storyFieldErrors(undefined)).toEqual({});
  });
});

describe('story list view', () => {
  const view = { searchKey: '', searchValue: '', sortBy: 'lastModified', sortDir: 'desc' as const, page: 1 };
  it("builds the list query of a page of 20, the sort narrowed to the call's keys", () => {
    expect(listQueryOf({ ...view, page: 3 }, '  flood ')).toEqual({
      offset: 2 * STORY_PAGE_SIZE,
      limit: STORY_PAGE_SIZE,
      sortBy: 'lastModified',
      sortDir: 'desc',
      search: 'flood',
    });
    expect(listQueryOf(view, ' ')).not.toHaveProperty('search');
    expect(listQueryOf({ ...view, sortBy: 'units' }, '')).toMatchObject({ sortBy: 'lastModified' });
    expect(listQueryOf({ ...view, sortBy: 'slugline', sortDir: 'asc' }, '')).toMatchObject({ sortBy: 'slugline', sortDir: 'asc' });
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
