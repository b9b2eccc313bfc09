/**
 * Plain values of the entities (name rules, list keys, reasons) without their schemas: a bundle that needs
 * only these (the console's realtime event table) does not build every schema. The schemas beside each
 * entity (./entities/*.ts) take their values from here.
 */

/** Why an ingest account test fails, first one met (no spec text; the console translates by key). */
export const INGEST_TEST_REASONS = {
  noAccount: 'No ingest account is configured',
  disabled: 'Ingest is disabled',
  noUsername: 'No username is set',
  noPassword: 'No password is set',
  noServer: 'The inventory has no ingest server',
  serverOffline: 'No ingest server of the inventory is online',
} as const;

export const ADMIN_INVENTORY_SEARCH_KEYS = ['name', 'id', 'region', 'parentName', 'sipServer'] as const;
export const ADMIN_INVENTORY_SORT_KEYS = ['name', 'id', 'region', 'parentName', 'createdAt', 'updatedAt'] as const;

/** Spec 000 §3 story text fields, in the order the console shows them. */
export const STORY_FIELDS = ['slugline', 'crewName', 'storyId', 'usageTerms', 'provider', 'reporter', 'keywords', 'comments'] as const;

/** Columns the story list sorts by (default lastModified, newest first). */
export const STORY_SORT_KEYS = ['lastModified', 'slugline', 'storyId', 'crewName', 'reporter', 'provider', 'createdAt'] as const;

/** The counter kinds a list can be filtered by (spec 001 §3 counters). */
export const CHANNEL_KINDS = ['sdi', 'smpte', 'cdn', 'preview', 'studio', 'share', 'distributor', 'output', 'input'] as const;

/** Spec 000 §5 unit name rule. */
export const UNIT_NAME_PATTERN = /^[A-Za-z0-9_-]+$/;
