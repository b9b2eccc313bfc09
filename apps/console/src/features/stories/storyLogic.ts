/**
 * Pure logic of the Stories screen (spec 000 §2 Stories, §3 Story, §5 story field rules): form
 * validation with the spec's messages (packages/domain), server field errors, the list view and its
 * query, live patches of the cached list, and the test-mapping sample.
 */
import { STORY_FIELDS } from '@fleet/contracts';
import type { RealtimeEvent, Story, StoryField, StoryPage, StorySortKey } from '@fleet/contracts';
import { validateStoryField } from '@fleet/domain';
import { nextListSort } from '../../components/listSort';
import { replaces } from '../../kit/cache';

export type StoryFormValues = Record<StoryField, string>;
export type StoryFormErrors = Partial<Record<StoryField, string>>;

export const EMPTY_STORY_FORM: StoryFormValues = {
  slugline: '', crewName: '', storyId: '', usageTerms: '', provider: '', reporter: '', keywords: '', comments: '',
};

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

export function hasErrors(errors: StoryFormErrors): boolean {
  return Object.values(errors).some((m) => m !== undefined && m !== '');
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

export interface StoryListView {
  readonly search: string;
  readonly sortBy: StorySortKey;
  readonly sortDir: 'asc' | 'desc';
  readonly page: number;
}

export const DEFAULT_STORY_VIEW: StoryListView = { search: '', sortBy: 'lastModified', sortDir: 'desc', page: 1 };

/** The list call's query for a view (search trimmed; left out when empty). */
export function listQueryOf(view: StoryListView): { offset: number; limit: number; sortBy: StorySortKey; sortDir: 'asc' | 'desc'; search?: string } {
  const search = view.search.trim();
  return {
    offset: (Math.max(1, view.page) - 1) * STORY_PAGE_SIZE,
    limit: STORY_PAGE_SIZE,
    sortBy: view.sortBy,
    sortDir: view.sortDir,
    ...(search === '' ? {} : { search }),
  };
}

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / STORY_PAGE_SIZE));
}

/** Clicking a column header: the list's sort step, dates newest first. */
export function nextSort(view: StoryListView, column: StorySortKey): StoryListView {
  return nextListSort(view, column, column === 'lastModified' || column === 'createdAt' ? 'desc' : 'asc');
}

const SEARCHED: readonly StoryField[] = ['slugline', 'storyId', 'crewName', 'reporter', 'provider', 'keywords'];

/** Whether a story matches the list's search the way the core searches (contains, case-insensitive). */
export function matchesSearch(story: Story, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  return SEARCHED.some((f) => story[f].toLowerCase().includes(needle));
}

function sortValue(story: Story, key: StorySortKey): string {
  return key === 'lastModified' ? story.lastModified : story[key];
}

/** The core's order: the sort column, then the id, in one direction. */
export function compareStories(a: Story, b: Story, sortBy: StorySortKey, sortDir: 'asc' | 'desc'): number {
  const va = sortValue(a, sortBy);
  const vb = sortValue(b, sortBy);
  const c = va < vb ? -1 : va > vb ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  return sortDir === 'asc' ? c : -c;
}

export type StoryEvent = Extract<RealtimeEvent, { type: 'story.changed' | 'story.removed' }>;

export function isStoryEvent(event: RealtimeEvent): event is StoryEvent {
  return event.type === 'story.changed' || event.type === 'story.removed';
}

export function inventoryOf(event: StoryEvent): string {
  return event.type === 'story.changed' ? event.story.inventoryId : event.inventoryId;
}

/**
 * A cached page with a story event applied, in place: a changed story is replaced (never by an
 * older version) or, when new and matching the view, put where the order says on the page (the
 * count grows); a removed story leaves the page (the count shrinks). The same object when nothing
 * changes, so React Query keeps its reference.
 */
export function patchStoryPage(page: StoryPage | undefined, event: StoryEvent, view: Pick<StoryListView, 'search' | 'sortBy' | 'sortDir'>): StoryPage | undefined {
  if (!page) return page;
  if (event.type === 'story.removed') {
    if (!page.items.some((s) => s.id === event.id)) return page;
    return { ...page, items: page.items.filter((s) => s.id !== event.id), total: Math.max(0, page.total - 1) };
  }
  const story = event.story;
  const index = page.items.findIndex((s) => s.id === story.id);
  if (index >= 0) {
    const current = page.items[index];
    if (current === undefined || !replaces(story, current)) return page;
    const items = page.items.slice();
    items[index] = story;
    return { ...page, items };
  }
  if (!matchesSearch(story, view.search)) return page;
  const items = [...page.items, story].sort((a, b) => compareStories(a, b, view.sortBy, view.sortDir));
  const at = items.indexOf(story);
  // A story that sorts after this page belongs to a later one: only the count changes.
  const full = page.items.length >= page.limit;
  if (full && at >= page.limit) return { ...page, total: page.total + 1 };
  // Before the first item of a later page, it belongs to an earlier page.
  if (page.offset > 0 && at === 0) return { ...page, total: page.total + 1 };
  return { ...page, items: full ? items.slice(0, page.limit) : items, total: page.total + 1 };
}

/** One story with an event applied (the details panel); null when it was removed. */
export function patchStory(story: Story | undefined, event: StoryEvent): Story | null | undefined {
  if (!story) return story;
  if (event.type === 'story.removed') return event.id === story.id ? null : story;
  if (event.story.id !== story.id || !replaces(event.story, story)) return story;
  return event.story;
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
