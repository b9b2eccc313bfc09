import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import type { FieldErrors } from './fieldErrors';
import {
  editForm,
  failForm,
  followSource,
  initialForm,
  resetForm,
  savedForm,
  submitForm,
  submitPart,
  visibleErrors,
  conflictOf,
  keepForm,
  reloadForm,
} from './formState';

const atMost100 = (values: { volume: number }): FieldErrors => (values.volume > 100 ? { volume: VALIDATION.maxValue(100) } : {});

describe('form values over reported values', () => {
  it('follows the source while the user has not edited it', () => {
    const state = followSource(initialForm({ volume: 10 }), { volume: 20 });
    expect(state).toMatchObject({ source: { volume: 20 }, values: { volume: 20 }, dirty: false });
  });

  it('keeps the user edit when the source changes, and follows again after a reset', () => {
    const edited = editForm(initialForm({ volume: 10 }), { volume: 30 });
    expect(edited.dirty).toBe(true);
    const moved = followSource(edited, { volume: 20 });
    expect(moved.values).toEqual({ volume: 30 });
    expect(moved.source).toEqual({ volume: 20 });
    expect(moved.dirty).toBe(true);
    expect(resetForm(moved)).toMatchObject({ source: { volume: 20 }, values: { volume: 20 }, dirty: false });
  });

  it('is clean again when edited back to the source, or when the source comes to the edit', () => {
    const start = initialForm({ volume: 10 });
    expect(editForm(editForm(start, { volume: 11 }), { volume: 10 }).dirty).toBe(false);
    expect(followSource(start, { volume: 10 })).toBe(start);
    expect(followSource(editForm(start, { volume: 30 }), { volume: 30 }).dirty).toBe(false);
  });

  it('keeps applied values until the unit reports the setting again', () => {
    const applied = savedForm(submitForm(editForm(initialForm({ volume: 10 }), { volume: 30 })));
    expect(applied).toMatchObject({ values: { volume: 30 }, dirty: false, submitted: false });
    expect(followSource(applied, { volume: 30 }).values).toEqual({ volume: 30 });
    expect(followSource(applied, { volume: 40 }).values).toEqual({ volume: 40 });
  });
});

describe('form errors', () => {
  it('shows client errors once edited or applied, not on the values as loaded', () => {
    const loaded = initialForm({ volume: 150 });
    expect(visibleErrors(loaded, atMost100)).toEqual({});
    expect(visibleErrors(submitForm(loaded), atMost100)).toEqual({ volume: VALIDATION.maxValue(100) });
    expect(visibleErrors(editForm(initialForm({ volume: 10 }), { volume: 101 }), atMost100)).toEqual({ volume: VALIDATION.maxValue(100) });
  });

  it("shows what an apply reported until the next edit or apply, the client's rules first", () => {
    const failed = failForm(submitForm(initialForm({ volume: 10 })), new Error('refused'), { volume: VALIDATION.delayOnTheFly, other: 'x' });
    expect(visibleErrors(failed, atMost100)).toEqual({ volume: VALIDATION.delayOnTheFly, other: 'x' });
    expect(failed.error).toBeInstanceOf(Error);
    const edited = editForm(failed, { volume: 101 });
    expect(visibleErrors(edited, atMost100)).toEqual({ volume: VALIDATION.maxValue(100) });
    expect(edited.error).toBeNull();
    expect(visibleErrors(submitForm(failed), atMost100)).toEqual({});
  });

  it("shows the errors of an apply of part of the form, not the rest of the form's", () => {
    const loaded = initialForm({ volume: 150 });
    expect(visibleErrors(submitPart(loaded, { channelId: VALIDATION.required }), atMost100)).toEqual({ channelId: VALIDATION.required });
    expect(visibleErrors(submitPart(loaded, {}), atMost100)).toEqual({});
  });
});

describe('a save elsewhere under the user’s edits', () => {
  const record = { name: 'Crew 1', city: 'Oslo', note: '' };

  it('keeps the user’s field, lets the others follow, and names the field both sides changed', () => {
    const editing = editForm(initialForm(record), { ...record, name: 'Crew One' });
    expect(conflictOf(editing)).toBeNull();
    const changed = followSource(editing, { name: 'Crew 1b', city: 'Bergen', note: '' });
    expect(changed.values).toEqual({ name: 'Crew One', city: 'Bergen', note: '' });
    expect(conflictOf(changed)).toEqual({ fields: ['name'] });
  });

  it('a save of other fields only: said, no field named', () => {
    const editing = editForm(initialForm(record), { ...record, name: 'Crew One' });
    expect(conflictOf(followSource(editing, { ...record, note: 'moved' }))).toEqual({ fields: [] });
  });

  it('Reload theirs takes the new source; Keep mine keeps the values and ends the notice until the next save elsewhere', () => {
    const changed = followSource(editForm(initialForm(record), { ...record, name: 'Crew One' }), { ...record, name: 'Crew 1b' });
    expect(reloadForm(changed)).toMatchObject({ values: { ...record, name: 'Crew 1b' }, dirty: false });
    const kept = keepForm(changed);
    expect(kept.values.name).toBe('Crew One');
    expect(conflictOf(kept)).toBeNull();
    expect(conflictOf(followSource(kept, { ...record, name: 'Crew 1c' }))).toEqual({ fields: ['name'] });
  });

  it('no notice when the user’s own edit matches the new source, or when nothing was edited', () => {
    const editing = editForm(initialForm(record), { ...record, name: 'Crew One' });
    expect(followSource(editing, { ...record, name: 'Crew One' })).toMatchObject({ dirty: false });
    expect(conflictOf(followSource(initialForm(record), { ...record, name: 'Crew 2' }))).toBeNull();
  });
});
