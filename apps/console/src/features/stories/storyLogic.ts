/**
 * Pure logic of the Stories screen (spec 000 §2 Stories, §3 Story, §5 story field rules): form
 * validation with the spec's messages (packages/domain), server field errors, the list's query, the
 * reads a story event makes stale, and the test-mapping sample.
 */
import { STORY_FIELDS, STORY_SORT_KEYS } from '@fleet/contracts';
import type { RealtimeEvent, Story, StoryField, StorySortKey } from '@fleet/contracts';
import { validateStoryField } from '@fleet/domain';
import type { ListView } from '../../kit';

export type StoryFormValues = Record<StoryField, string>;
export type StoryFormErrors = Partial<Record<StoryField, string>>;

export const EMPTY_STORY_FORM = Object.fromEntries(STORY_FIELDS.map((f) => [f, ''])) as StoryFormValues;

/** The form's values for a story being edited (or empty for a new one). */
export function formValuesOf(story: Story | undefined): StoryFormValues {
  if (!story) return { ...EMPTY_STORY_FORM };
  return Object.fromEntries(STORY_FIELDS.map((f) => [f, story[f]])) as StoryFormValues;
}

/** Spec 000 §5 messages for every field of the form (the same rule the core applies). */
export function validateStoryForm(values: StoryFormValues): StoryFormErrors {
  const errors: StoryFormErrors = {};
  for (const field of STORY_FIELDS) {
    const message = validateStoryField(field, values[field]);
    if (message) errors[field] = message;
  }
  return errors;
}

/** The fields that changed: what an edit sends. */
export function changedFields(before: StoryFormValues, after: StoryFormValues): Partial<StoryFormValues> {
  const out: Partial<StoryFormValues> = {};
  for (const field of STORY_FIELDS) if (before[field] !== after[field]) out[field] = after[field];
  return out;
}

/** A new story's body: the slugline and every other field that is not empty. */
export function createBody(values: StoryFormValues): Partial<StoryFormValues> & { slugline: string } {
  const out: Partial<StoryFormValues> & { slugline: string } = { slugline: values.slugline };
  for (const field of STORY_FIELDS) if (field !== 'slugline' && values[field] !== '') out[field] = values[field];
  return out;
}

const isStoryField = (v: string): v is StoryField => (STORY_FIELDS as readonly string[]).includes(v);

/**
 * Field errors of a 400 answer, by form field: the core names them `body.<field>` (or `<field>`);
 * problems about other paths are left out (the caller shows the top-level message instead).
 */
export function serverFieldErrors(fields: readonly { path: string; message: string }[] | undefined, prefix = 'body.'): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields ?? []) {
    const path = f.path.startsWith(prefix) ? f.path.slice(prefix.length) : f.path;
    if (path !== '' && out[path] === undefined) out[path] = f.message;
  }
  return out;
}

export function storyFieldErrors(fields: readonly { path: string; message: string }[] | undefined): StoryFormErrors {
  const all = serverFieldErrors(fields);
  const out: StoryFormErrors = {};
  for (const [path, message] of Object.entries(all)) if (isStoryField(path)) out[path] = message;
  return out;
}

// ── The list view ────────────────────────────────────────────────────────────────────────────

export const STORY_PAGE_SIZE = 20;

/** The list call's query for a view: its page of 20, its sort (one of the call's keys), the search trimmed (left out when empty). */
export function listQueryOf(view: ListView, search: string): { offset: number; limit: number; sortBy: StorySortKey; sortDir: 'asc' | 'desc'; search?: string } {
  const trimmed = search.trim();
  return {
    offset: (Math.max(1, view.page) - 1) * STORY_PAGE_SIZE,
    limit: STORY_PAGE_SIZE,
    sortBy: STORY_SORT_KEYS.find((k) => k === view.sortBy) ?? 'lastModified',
    sortDir: view.sortDir,
    ...(trimmed === '' ? {} : { search: trimmed }),
  };
}

/** The reads a story event, or this console's own change of a story, makes stale (read again: the lists are sorted and paged on the server). */
export const STORY_READS = ['listInventoryStories', 'getStory', 'countInventoryStories'] as const;

export function isStoryEvent(event: RealtimeEvent): boolean {
  return event.type === 'story.changed' || event.type === 'story.removed';
}

// ── Test mapping ─────────────────────────────────────────────────────────────────────────────

/** A sample NRCS story the integration modal starts with. */
export const SAMPLE_NRCS_STORY = {
  id: 'NRCS-100200',
  slug: 'City council vote',
  crew: ['Ann Lee', 'Ben Ode'],
  reporter: 'Chris Diaz',
  source: 'Newsroom',
  keywords: 'politics,council',
  usageTerms: 'Free to air',
  notes: 'Live shot at 18:00',
};

export type ParsedSample = { ok: true; value: Record<string, unknown> } | { ok: false };

/** The sample text as a JSON object; anything else (invalid JSON, an array, a number) is not a sample. */
export function parseSample(text: string): ParsedSample {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false };
    return { ok: true, value: value as Record<string, unknown> };
  } catch {
    return { ok: false };
  }
}
