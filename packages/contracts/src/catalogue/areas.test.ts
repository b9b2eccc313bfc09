import { describe, expect, it } from 'vitest';
import { API_AREAS, AREA_OF } from './areas.js';
import { ENDPOINT_IDS } from './index.js';

describe('the areas of the catalogue', () => {
  it('hold every call exactly once', () => {
    const listed = API_AREAS.flatMap((a) => a.endpoints.flatMap((group) => Object.keys(group)));
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...ENDPOINT_IDS].sort());
    for (const id of ENDPOINT_IDS) expect(AREA_OF.get(id), id).toBeDefined();
  });

  it('are named in one style and described', () => {
    for (const { tag, description } of API_AREAS) {
      expect(tag, tag).toMatch(/^[A-Z][a-z]+(?:[ -][a-z]+)*$/);
      expect(description.length, tag).toBeGreaterThan(20);
    }
  });
});
