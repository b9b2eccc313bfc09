import { describe, expect, it } from 'vitest';
import { DEFAULT_STORY_MAPPING, VALIDATION } from '@fleet/contracts';
import { mapSampleStory, readMappedValue } from './stories.js';

describe('readMappedValue (NRCS sample paths)', () => {
  const sample = {
    slug: 'Flood',
    id: 42,
    live: true,
    crew: ['Ann', 'Bob'],
    meta: { reporter: { name: 'C. Jones' }, empty: null },
    people: [{ name: 'Dee' }],
    nested: { a: 1 },
  };
  it.each([
    ['slug', 'Flood'],
    ['id', '42'],
    ['live', 'true'],
    ['crew', 'Ann, Bob'],
    ['crew.1', 'Bob'],
    ['meta.reporter.name', 'C. Jones'],
    ['people.0.name', 'Dee'],
    ['nested', '{"a":1}'],
    ['meta.empty', undefined],
    ['missing', undefined],
    ['slug.deeper', undefined],
    ['crew.x', undefined],
    ['crew.5', undefined],
    ['toString', undefined],
  ])('%s → %s', (path, expected) => {
    expect(readMappedValue(sample, path)).toBe(expected);
  });
});

describe('mapSampleStory', () => {
  it('maps, lists missing and unmapped fields, and applies the story field rules', () => {
    const result = mapSampleStory({ slug: '  ', notes: 'n'.repeat(1025) }, { ...DEFAULT_STORY_MAPPING, keywords: '' });
    expect(result.ok).toBe(false);
    expect(result.fields.slugline).toBe('  ');
    expect(result.errors).toEqual([
      { path: 'slugline', message: VALIDATION.sluglineMissing },
      { path: 'comments', message: VALIDATION.maxChars(1024) },
    ]);
    expect(result.unmapped).toEqual(['keywords']);
    expect(result.missing).toEqual(['crewName', 'storyId', 'usageTerms', 'provider', 'reporter']);
  });

  it('is ok for a sample with a slugline', () => {
    expect(mapSampleStory({ slug: 'Flood' }, DEFAULT_STORY_MAPPING)).toMatchObject({ ok: true, errors: [], fields: { slugline: 'Flood' } });
  });
});
