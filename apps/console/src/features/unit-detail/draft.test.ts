import { describe, expect, it } from 'vitest';
import { editDraft, followSource, initialDraft, resetDraft } from './draft';

describe('form drafts over reported values', () => {
  it('follows the source while the user has not edited it', () => {
    const state = followSource(initialDraft({ volume: 10 }), { volume: 20 });
    expect(state).toEqual({ source: { volume: 20 }, draft: { volume: 20 }, dirty: false });
  });

  it('keeps the user edit when the source changes, and follows again after a reset', () => {
    const edited = editDraft(initialDraft({ volume: 10 }), { volume: 30 });
    expect(edited.dirty).toBe(true);
    const moved = followSource(edited, { volume: 20 });
    expect(moved.draft).toEqual({ volume: 30 });
    expect(moved.source).toEqual({ volume: 20 });
    expect(resetDraft(moved)).toEqual({ source: { volume: 20 }, draft: { volume: 20 }, dirty: false });
  });

  it('is clean again when edited back to the source, and unchanged for an equal source', () => {
    const start = initialDraft({ volume: 10 });
    expect(editDraft(editDraft(start, { volume: 11 }), { volume: 10 }).dirty).toBe(false);
    expect(followSource(start, { volume: 10 })).toBe(start);
  });
});
