/**
 * Entities of the stories area: stories of an inventory (spec 000 §3 Story: slugline, crewName,
 * storyId, usageTerms, provider, reporter, keywords, comments, last modified, assigned units), the
 * field rules of spec 000 §5 ("Story fields: at most 1024 characters; slugline required (message:
 * Slugline is missing)"), the paged list "stories with count" (spec 001 §7 Inventories), and the
 * story integration settings of an inventory (spec 000 §2 "integration settings modal (NRCS sync,
 * test mapping)", §9 "NRCS sync interval 5 minutes"). The spec shows none of these shapes; the
 * ones here are our stable choice.
 */
import { z } from 'zod';
import { STORY_FIELDS, STORY_SORT_KEYS } from '../entity-values.js';
import { LIMITS } from '../constants.js';
import { VALIDATION } from '../messages.js';
import { RULES } from '../rule-messages.js';
import { statesRules, STATED_BY_SCHEMA } from '../validation.js';
import { Id, pageOf, SortDir } from './common.js';

/** Versions are stored as 32-bit integers (PostgreSQL int4): a larger one can never match. */
const INT32_MAX = 2_147_483_647;

export const StoryField = z.enum(STORY_FIELDS);
export type StoryField = z.infer<typeof StoryField>;

/** The eight story fields, each with the schema given (in {@link STORY_FIELDS} order): one place for the variants below. */
export function storyFieldsOf<S extends z.ZodType>(schema: S): Record<StoryField, S> {
  return Object.fromEntries(STORY_FIELDS.map((field) => [field, schema])) as Record<StoryField, S>;
}

/** The story fields as stored and answered (a story, a file's metadata, a mapping's result). */
export const StoryFields = z.object(storyFieldsOf(z.string()));
export type StoryFields = z.infer<typeof StoryFields>;

/** Characters as the user sees them (code points), like packages/domain counts them. */
const charCount = (v: string) => Array.from(v).length;

/** Spec 000 §5: any story field holds at most 1024 characters ('Must have at most 1024 characters'). */
export const StoryText = z
  .string()
  .refine((v) => charCount(v) <= LIMITS.storyFieldMax, { message: VALIDATION.maxChars(LIMITS.storyFieldMax), ...STATED_BY_SCHEMA })
  // In code points, as JSON Schema counts a string's length.
  .meta({ maxLength: LIMITS.storyFieldMax });

/** Spec 000 §5: the slugline is required; missing or blank answers 'Slugline is missing'. */
export const Slugline = z
  .string({ error: VALIDATION.sluglineMissing })
  // Something besides white space (what trim() removes): a pattern, so the document says it too.
  .regex(/\S/, VALIDATION.sluglineMissing)
  .refine((v) => charCount(v) <= LIMITS.storyFieldMax, { message: VALIDATION.maxChars(LIMITS.storyFieldMax), ...STATED_BY_SCHEMA })
  .meta({ maxLength: LIMITS.storyFieldMax });

/** Path parameters of the inventory-level story calls. */
export const StoryInventoryParams = z.object({ inventoryId: Id }).strict();
/** Path parameters of the calls on one story (`storyId` is the story's own id, not the NRCS storyId field). */
export const StoryParams = z.object({ inventoryId: Id, storyId: Id }).strict();
/** Path parameters of a unit assignment. */
export const StoryUnitParams = z.object({ inventoryId: Id, storyId: Id, unitId: Id }).strict();

/** A unit assigned to a story (spec 000 §3 "assigned units"), as far as the story views show it. */
export const StoryUnitRef = z.object({
  uniqueId: z.string(),
  name: z.string(),
  productType: z.string(),
  typeGroup: z.string(),
});
export type StoryUnitRef = z.infer<typeof StoryUnitRef>;

/**
 * One story (spec 000 §3). `id` is our id; `storyId` is the external (NRCS) story id field.
 * `lastModified` is the time of the last change (fields or unit assignments), ISO 8601;
 * `createdBy` the username of the author when known. `units` lists the assigned units that are
 * (still) in the story's inventory, by name. `version` increases with every change: send it back
 * with an update (a stale version answers 409).
 */
export const Story = z.object({
  id: z.string(),
  inventoryId: z.string(),
  ...StoryFields.shape,
  lastModified: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  units: z.array(StoryUnitRef),
  version: z.number().int(),
});
export type Story = z.infer<typeof Story>;

export const StorySortKey = z.enum(STORY_SORT_KEYS);
export type StorySortKey = z.infer<typeof StorySortKey>;

/** Largest page of the story list. */
export const STORY_PAGE_MAX = 200;

/**
 * Query of the story list: offset (default 0), limit (default 50 like the spec's default search
 * page size, at most 200), search (contains, case-insensitive, over slugline, storyId, crewName,
 * reporter, provider and keywords), sortBy (default lastModified), sortDir (default desc).
 */
export const StoryListQuery = z
  .object({
    offset: z.coerce.number().int().min(0).max(INT32_MAX).default(0),
    limit: z.coerce.number().int().min(1).max(STORY_PAGE_MAX).default(LIMITS.unitSearchDefaultPageSize),
    search: z.string().max(LIMITS.genericNameMax).optional(),
    sortBy: StorySortKey.default('lastModified'),
    sortDir: SortDir.default('desc'),
  })
  .strict();
export type StoryListQuery = z.infer<typeof StoryListQuery>;

/** One page of stories with the count of every story matching the search ("stories with count"). */
export const StoryPage = pageOf(Story);
export type StoryPage = z.infer<typeof StoryPage>;

/** The number of stories of an inventory. */
export const StoryCount = z.object({ count: z.number().int().nonnegative() });
export type StoryCount = z.infer<typeof StoryCount>;

/** POST …/stories: a new story; only the slugline is required, other fields default to ''. */
export const CreateStoryBody = z.object({ ...storyFieldsOf(StoryText.optional()), slugline: Slugline }).strict();
export type CreateStoryBody = z.infer<typeof CreateStoryBody>;

/**
 * PUT …/stories/{storyId}: change some fields (the others stay). `version` is the version the
 * editor started from: when the story changed since, nothing is written and the answer is 409.
 */
export const UpdateStoryBody = z
  .object({
    version: z.number().int().nonnegative().max(INT32_MAX),
    ...storyFieldsOf(StoryText.optional()),
    slugline: Slugline.optional(),
  })
  .strict();
export type UpdateStoryBody = z.infer<typeof UpdateStoryBody>;

/** DELETE …/stories/{storyId}: the id of the story removed. */
export const StoryDeleted = z.object({ ok: z.literal(true), id: z.string() });
export type StoryDeleted = z.infer<typeof StoryDeleted>;

// ── Integration settings (NRCS sync, test mapping) ─────────────────────────────────────────────

/**
 * Where a story field is read from in an NRCS story: a dotted path into the story's JSON
 * ("slug", "meta.reporter", "crew.0.name"); '' leaves the field unmapped.
 */
export const MAPPING_PATH_PATTERN = /^(?:[A-Za-z0-9_@$-]+(?:\.[A-Za-z0-9_@$-]+)*)?$/;
export const MappingPath = z.string().max(LIMITS.genericNameMax).regex(MAPPING_PATH_PATTERN, VALIDATION.mustMatchPattern);

/** NRCS field path per story field. */
export const StoryFieldMapping = z.object(storyFieldsOf(MappingPath)).strict();
export type StoryFieldMapping = z.infer<typeof StoryFieldMapping>;

/** The mapping an inventory starts with (common NRCS story field names). */
export const DEFAULT_STORY_MAPPING: StoryFieldMapping = {
  slugline: 'slug',
  crewName: 'crew',
  storyId: 'id',
  usageTerms: 'usageTerms',
  provider: 'source',
  reporter: 'reporter',
  keywords: 'keywords',
  comments: 'notes',
};

const isHttpUrl = (v: string): boolean => {
  try {
    const url = new URL(v);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};
/** The NRCS server address: '' (not set) or an http(s) URL. */
export const NrcsEndpoint = z
  .string()
  .max(1024, VALIDATION.maxChars(1024))
  .refine((v) => v === '' || isHttpUrl(v), RULES.httpUrl)
  .meta(statesRules({ field: '', message: RULES.httpUrl, rule: 'empty, or an http or https address with a host (URL parsing)' }));

/**
 * The story integration settings of an inventory: NRCS sync on or off, the NRCS server address,
 * the queue (rundown) the stories come from, the account name, the field mapping, the sync
 * interval (spec 000 §9: 5 minutes, not editable) and the time of the last sync.
 */
export const StoryIntegration = z.object({
  inventoryId: z.string(),
  enabled: z.boolean(),
  endpoint: z.string(),
  queue: z.string(),
  username: z.string(),
  mapping: StoryFieldMapping,
  syncIntervalMinutes: z.number().int().positive(),
  lastSyncAt: z.string().nullable(),
  version: z.number().int(),
});
export type StoryIntegration = z.infer<typeof StoryIntegration>;

/**
 * PUT …/stories/integration: the settings, merged over the stored ones (fields left out stay).
 * With `enabled` true the endpoint is required ('This field is required') and the slugline must be
 * mapped ('Slugline is missing'). `version` as read (a stale one answers 409).
 */
export const UpdateStoryIntegrationBody = z
  .object({
    version: z.number().int().nonnegative().max(INT32_MAX),
    enabled: z.boolean().optional(),
    endpoint: NrcsEndpoint.optional(),
    queue: z.string().max(LIMITS.genericNameMax).optional(),
    username: z.string().max(LIMITS.genericNameMax).optional(),
    mapping: StoryFieldMapping.optional(),
  })
  .strict();
export type UpdateStoryIntegrationBody = z.infer<typeof UpdateStoryIntegrationBody>;

/** Largest sample story accepted by the test mapping, as JSON text. */
export const STORY_SAMPLE_MAX_BYTES = 64 * 1024;

/**
 * POST …/stories/integration/test: a dry run. `sample` is one NRCS story as JSON; `mapping` the
 * mapping to try (default: the stored one). Nothing is stored and no NRCS server is contacted.
 */
export const TestStoryMappingBody = z
  .object({
    sample: z
      .record(z.string().max(LIMITS.genericNameMax), z.unknown())
      .refine((v) => JSON.stringify(v).length <= STORY_SAMPLE_MAX_BYTES, RULES.sampleTooLarge)
      .meta(statesRules({ field: '', message: RULES.sampleTooLarge, rule: `at most ${STORY_SAMPLE_MAX_BYTES} characters written as JSON` })),
    mapping: StoryFieldMapping.optional(),
  })
  .strict();
export type TestStoryMappingBody = z.infer<typeof TestStoryMappingBody>;

/**
 * The test mapping's answer: the story fields the sample maps to (strings; arrays joined with
 * ', '), the field rules the mapped story breaks (spec 000 §5 texts, path = story field), the
 * fields whose path is not in the sample (`missing`) and those without a path (`unmapped`).
 * `ok` when there are no errors.
 */
export const StoryMappingResult = z.object({
  ok: z.boolean(),
  fields: StoryFields,
  errors: z.array(z.object({ path: z.string(), message: z.string() })),
  missing: z.array(StoryField),
  unmapped: z.array(StoryField),
});
export type StoryMappingResult = z.infer<typeof StoryMappingResult>;
