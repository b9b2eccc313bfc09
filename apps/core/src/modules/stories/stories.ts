import { callsOf } from '../../calls.js';
import {
  STORY_FIELDS,
  TIMINGS,
  VALIDATION,
  StoryFieldMapping,
  type CreateStoryBody,
  type FieldProblem,
  type Story,
  type StoryCount,
  type StoryDeleted,
  type StoryField,
  type StoryIntegration,
  type StoryListQuery,
  type StoryMappingResult,
  type StoryPage,
  type TestStoryMappingBody,
  type UpdateStoryBody,
  type UpdateStoryIntegrationBody,
} from '@fleet/contracts';
import { validateStoryFields } from '@fleet/domain';
import { providerOf, transaction, type Prisma } from '@fleet/db';
import { AppError, validationError } from '../../errors.js';
import { canSeeInventory, type AuthUser } from '../../platform/access.js';
import { storyIntegrationSettings, type StoryIntegrationSettings } from './story-columns.js';
import type { ServiceDeps } from '../deps.js';
import type { UnitService } from '../units/units.js';
import { inventoryAudience } from '../../platform/topics.js';
import * as repo from './repository.js';
import { findUsernames } from '../users/repository.js';
import { atVersion, requireWritten } from '../../platform/versioned-write.js';

type StoryRow = repo.StoryRecord;

/** Sort column of the list → Prisma column. */
const SORT_COLUMN = {
  lastModified: 'updatedAt',
  createdAt: 'createdAt',
  slugline: 'slugline',
  storyId: 'storyId',
  crewName: 'crewName',
  reporter: 'reporter',
  provider: 'provider',
} as const;

/** Columns the list search looks in. */
const SEARCH_COLUMNS = ['slugline', 'storyId', 'crewName', 'reporter', 'provider', 'keywords'] as const;

/**
 * The value at a dotted path of a sample NRCS story ("meta.reporter", "crew.0.name"): strings as
 * they are, numbers and booleans as text, arrays of those joined with ', ', objects as JSON;
 * undefined when the path is not there (or holds null).
 */
export function readMappedValue(sample: unknown, path: string): string | undefined {
  let at: unknown = sample;
  for (const key of path.split('.')) {
    if (typeof at !== 'object' || at === null) return undefined;
    if (Array.isArray(at)) {
      if (!/^\d+$/.test(key)) return undefined;
      at = at[Number(key)];
    } else {
      if (!Object.prototype.hasOwnProperty.call(at, key)) return undefined;
      at = (at as Record<string, unknown>)[key];
    }
  }
  const scalar = (v: unknown): string | undefined => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined);
  if (at === null || at === undefined) return undefined;
  const s = scalar(at);
  if (s !== undefined) return s;
  if (Array.isArray(at) && at.every((v) => scalar(v) !== undefined)) return at.map((v) => scalar(v) ?? '').join(', ');
  return JSON.stringify(at);
}

/**
 * Spec 000 §2 "test mapping": the story a sample NRCS story maps to, and what in it breaks the
 * story field rules of spec 000 §5 (packages/domain validateStoryFields). Pure.
 */
export function mapSampleStory(sample: Record<string, unknown>, mapping: StoryFieldMapping): StoryMappingResult {
  const fields = Object.fromEntries(STORY_FIELDS.map((f) => [f, ''])) as Record<StoryField, string>;
  const missing: StoryField[] = [];
  const unmapped: StoryField[] = [];
  for (const field of STORY_FIELDS) {
    const path = mapping[field];
    if (path === '') {
      unmapped.push(field);
      continue;
    }
    const value = readMappedValue(sample, path);
    if (value === undefined) missing.push(field);
    else fields[field] = value;
  }
  const errors = validateStoryFields(fields);
  return { ok: errors.length === 0, fields, errors, missing, unmapped };
}

/** Stories of an inventory and their integration settings (spec 000 §2 Stories, §3 Story, §5; spec 001 §7 Inventories: stories with count). */
export class StoryService {
  /** SQLite's LIKE is case-insensitive already; PostgreSQL needs `mode: 'insensitive'`. */
  private readonly caseInsensitive: boolean;

  constructor(
    private readonly deps: ServiceDeps,
    private readonly units: Pick<UnitService, 'findVisible'>,
  ) {
    this.caseInsensitive = providerOf(deps.config.DATABASE_URL) === 'postgresql';
  }

  // ── scope ──────────────────────────────────────────────────────────────────────────────────

  /**
   * The inventory's stories are visible to its users, to users of one of its groups, and to super
   * users and staff; for anyone else (and unknown inventories) 404.
   */
  async assertInventoryVisible(user: AuthUser, inventoryId: string): Promise<void> {
    if (!this.deps.readModel.inventories.get(inventoryId)) throw new AppError('NOT_FOUND');
    if (canSeeInventory(user, inventoryId)) return;
    if (user.groupIds.some((id) => this.deps.readModel.groups.get(id)?.inventoryId === inventoryId)) return;
    throw new AppError('NOT_FOUND');
  }

  /** Realtime topics of an inventory's stories: the inventory and each of its groups. */
  private topicsOf(inventoryId: string): string[] {
    return inventoryAudience(this.deps.readModel, [inventoryId]);
  }

  private async publishChanged(story: Story): Promise<void> {
    this.deps.hub.publish(this.topicsOf(story.inventoryId), { type: 'story.changed', story, at: this.deps.clock.now() });
  }

  // ── stories ────────────────────────────────────────────────────────────────────────────────

  /** One page of the inventory's stories with the count of every match (spec 001 §7 "stories with count"). */
  async listStories(user: AuthUser, inventoryId: string, q: StoryListQuery): Promise<StoryPage> {
    await this.assertInventoryVisible(user, inventoryId);
    const where: Prisma.StoryWhereInput = { inventoryId };
    const search = q.search?.trim();
    if (search) {
      // `mode` exists only in the PostgreSQL client's types; the shared client type is SQLite's.
      const filter = { contains: search, ...(this.caseInsensitive ? { mode: 'insensitive' } : {}) } as Prisma.StringFilter;
      where.OR = SEARCH_COLUMNS.map((c) => ({ [c]: filter }));
    }
    const [total, rows] = await Promise.all([
      repo.countStories(this.deps.db, where),
      repo.findStoryPage(this.deps.db, where, SORT_COLUMN[q.sortBy], q.sortDir, q.offset, q.limit),
    ]);
    const authors = await this.authorsOf(rows);
    return { items: rows.map((r) => this.toStory(r, authors)), total, offset: q.offset, limit: q.limit };
  }

  async countStories(user: AuthUser, inventoryId: string): Promise<StoryCount> {
    await this.assertInventoryVisible(user, inventoryId);
    return { count: await repo.countStories(this.deps.db, { inventoryId }) };
  }

  async getStory(user: AuthUser, inventoryId: string, storyId: string): Promise<Story> {
    await this.assertInventoryVisible(user, inventoryId);
    return this.read(inventoryId, storyId);
  }

  /** Spec 000 §2 add: the field rules are checked by the body schema (and again here, as the domain states them). */
  async createStory(user: AuthUser, inventoryId: string, body: CreateStoryBody): Promise<Story> {
    await this.assertInventoryVisible(user, inventoryId);
    this.assertFields(body);
    const row = await repo.createStory(this.deps.db, {
      inventoryId,
      slugline: body.slugline,
      crewName: body.crewName ?? '',
      storyId: body.storyId ?? '',
      usageTerms: body.usageTerms ?? '',
      provider: body.provider ?? '',
      reporter: body.reporter ?? '',
      keywords: body.keywords ?? '',
      comments: body.comments ?? '',
      createdById: user.id,
    });
    const story = this.toStory(row, new Map([[user.id, user.username]]));
    await this.publishChanged(story);
    return story;
  }

  /** Spec 000 §2 edit: only while the story is still at `body.version` (else 409, nothing written). */
  async updateStory(user: AuthUser, inventoryId: string, storyId: string, body: UpdateStoryBody): Promise<Story> {
    await this.assertInventoryVisible(user, inventoryId);
    const { version, ...fields } = body;
    this.assertFields(fields);
    const data: Prisma.StoryUpdateManyMutationInput = {};
    for (const f of STORY_FIELDS) {
      const v = fields[f];
      if (v !== undefined) data[f] = v;
    }
    const count = await repo.updateStoryAtVersion(this.deps.db, inventoryId, storyId, version, data);
    if (count === 0) {
      await this.read(inventoryId, storyId); // 404 when it is not there
      throw new AppError('CONFLICT');
    }
    const story = await this.read(inventoryId, storyId);
    await this.publishChanged(story);
    return story;
  }

  async deleteStory(user: AuthUser, inventoryId: string, storyId: string): Promise<StoryDeleted> {
    await this.assertInventoryVisible(user, inventoryId);
    await requireWritten(repo.deleteStoryOfInventory(this.deps.db, inventoryId, storyId));
    this.deps.hub.publish(this.topicsOf(inventoryId), { type: 'story.removed', id: storyId, inventoryId, at: this.deps.clock.now() });
    return { ok: true, id: storyId };
  }

  /**
   * Spec 000 §3 assigned units: a unit the caller can see that belongs to the story's inventory
   * (404 otherwise). Assigning an assigned unit changes nothing and answers the story.
   */
  async assignUnit(user: AuthUser, inventoryId: string, storyId: string, unitId: string): Promise<Story> {
    await this.assertInventoryVisible(user, inventoryId);
    const current = await this.read(inventoryId, storyId);
    await this.assertAssignable(user, inventoryId, unitId);
    if (current.units.some((u) => u.uniqueId === unitId)) return current;
    const changed = await transaction(this.deps.db, async (tx) => {
      if (await repo.storyHasUnit(tx, storyId, unitId)) return false;
      await repo.addStoryUnit(tx, storyId, unitId);
      await repo.bumpStoryVersion(tx, storyId);
      return true;
    });
    const story = await this.read(inventoryId, storyId);
    if (changed) await this.publishChanged(story);
    return story;
  }

  /** Removes a unit from the story; a unit not assigned (but visible) changes nothing. */
  async unassignUnit(user: AuthUser, inventoryId: string, storyId: string, unitId: string): Promise<Story> {
    await this.assertInventoryVisible(user, inventoryId);
    await this.read(inventoryId, storyId);
    await this.units.findVisible(user, unitId);
    const changed = await transaction(this.deps.db, async (tx) => {
      const count = await repo.removeStoryUnit(tx, storyId, unitId);
      if (count === 0) return false;
      await repo.bumpStoryVersion(tx, storyId);
      return true;
    });
    const story = await this.read(inventoryId, storyId);
    if (changed) await this.publishChanged(story);
    return story;
  }

  // ── integration settings ───────────────────────────────────────────────────────────────────

  async getIntegration(user: AuthUser, inventoryId: string): Promise<StoryIntegration> {
    await this.assertInventoryVisible(user, inventoryId);
    const row = await repo.findStoryIntegration(this.deps.db, inventoryId);
    return this.toIntegration(inventoryId, row);
  }

  /**
   * Spec 000 §2 NRCS sync settings, merged over the stored ones. Enabling needs an endpoint
   * ('This field is required') and a slugline mapping ('Slugline is missing'). Version-checked.
   */
  async updateIntegration(user: AuthUser, inventoryId: string, body: UpdateStoryIntegrationBody): Promise<StoryIntegration> {
    await this.assertInventoryVisible(user, inventoryId);
    const row = await repo.findStoryIntegration(this.deps.db, inventoryId);
    const current = this.toIntegration(inventoryId, row);
    if (body.version !== current.version) throw new AppError('CONFLICT');
    const next: StoryIntegrationSettings = {
      endpoint: body.endpoint ?? current.endpoint,
      queue: body.queue ?? current.queue,
      username: body.username ?? current.username,
      mapping: body.mapping ?? current.mapping,
    };
    const enabled = body.enabled ?? current.enabled;
    if (enabled) {
      const problems: FieldProblem[] = [];
      if (next.endpoint === '') problems.push({ path: 'body.endpoint', message: VALIDATION.required });
      if (next.mapping.slugline === '') problems.push({ path: 'body.mapping.slugline', message: VALIDATION.sluglineMissing });
      if (problems.length > 0) throw validationError(problems);
    }
    const settings = storyIntegrationSettings.write(next);
    if (row) {
      await atVersion(repo.updateStoryIntegrationAtVersion(this.deps.db, inventoryId, body.version, enabled, settings));
    } else {
      try {
        await repo.createStoryIntegration(this.deps.db, inventoryId, enabled, settings);
      } catch {
        // Someone else created the settings meanwhile: our version 0 is stale.
        throw new AppError('CONFLICT');
      }
    }
    return this.getIntegration(user, inventoryId);
  }

  /** Spec 000 §2 "test mapping": maps a sample with the given (or stored) mapping; stores nothing. */
  async testMapping(user: AuthUser, inventoryId: string, body: TestStoryMappingBody): Promise<StoryMappingResult> {
    await this.assertInventoryVisible(user, inventoryId);
    const mapping = body.mapping ?? storyIntegrationSettings.read((await repo.findStoryIntegration(this.deps.db, inventoryId))?.settings).mapping;
    return mapSampleStory(body.sample, mapping);
  }

  // ── helpers ────────────────────────────────────────────────────────────────────────────────

  private assertFields(fields: Partial<Record<StoryField, string>>): void {
    // Only the fields sent are checked (an edit may leave the slugline out).
    const sent = Object.fromEntries(STORY_FIELDS.filter((f) => fields[f] !== undefined).map((f) => [f, fields[f]]));
    const problems = validateStoryFields(sent).filter((p) => p.path in sent);
    if (problems.length > 0) throw validationError(problems);
  }

  private async assertAssignable(user: AuthUser, inventoryId: string, unitId: string): Promise<void> {
    await this.units.findVisible(user, unitId);
    if (!(await repo.unitInInventory(this.deps.db, unitId, inventoryId))) throw new AppError('NOT_FOUND');
  }

  private async read(inventoryId: string, storyId: string): Promise<Story> {
    const row = await repo.findStoryOfInventory(this.deps.db, inventoryId, storyId);
    if (!row) throw new AppError('NOT_FOUND');
    return this.toStory(row, await this.authorsOf([row]));
  }

  private async authorsOf(rows: readonly { createdById: string | null }[]): Promise<Map<string, string>> {
    const ids = [...new Set(rows.map((r) => r.createdById).filter((id): id is string => id !== null))];
    if (ids.length === 0) return new Map();
    return findUsernames(this.deps.db, ids);
  }

  private toStory(r: StoryRow, authors: ReadonlyMap<string, string>): Story {
    const inventoryId = r.inventoryId ?? '';
    return {
      id: r.id,
      inventoryId,
      slugline: r.slugline,
      crewName: r.crewName,
      storyId: r.storyId,
      usageTerms: r.usageTerms,
      provider: r.provider,
      reporter: r.reporter,
      keywords: r.keywords,
      comments: r.comments,
      lastModified: r.updatedAt.toISOString(),
      createdAt: r.createdAt.toISOString(),
      createdBy: r.createdById === null ? null : (authors.get(r.createdById) ?? null),
      units: r.units
        .map((link) => link.unit)
        .filter((u) => u.inventories.some((i) => i.inventoryId === inventoryId))
        .map((u) => ({ uniqueId: u.id, name: u.name, productType: u.productType, typeGroup: u.typeGroup }))
        .sort((a, b) => a.name.localeCompare(b.name)),
      version: r.version,
    };
  }

  private toIntegration(inventoryId: string, row: { enabled: boolean; settings: unknown; lastSyncAt: Date | null; version: number } | null): StoryIntegration {
    const s = storyIntegrationSettings.read(row?.settings);
    return {
      inventoryId,
      enabled: row?.enabled ?? false,
      endpoint: s.endpoint,
      queue: s.queue,
      username: s.username,
      mapping: s.mapping,
      syncIntervalMinutes: Math.round(TIMINGS.nrcsSyncIntervalMs / 60_000),
      lastSyncAt: row?.lastSyncAt ? row.lastSyncAt.toISOString() : null,
      version: row?.version ?? 0,
    };
  }
}

/** The stories calls (spec 000 §2 Stories, §3 Story, §5; spec 001 §7 Inventories: stories with count). */
export const storyCalls = callsOf<StoryService>()({
  listInventoryStories: (s, { params, query }, user) => s.listStories(user, params.inventoryId, query),
  countInventoryStories: (s, { params }, user) => s.countStories(user, params.inventoryId),
  getStory: (s, { params }, user) => s.getStory(user, params.inventoryId, params.storyId),
  createStory: (s, { params, body }, user) => s.createStory(user, params.inventoryId, body),
  updateStory: (s, { params, body }, user) => s.updateStory(user, params.inventoryId, params.storyId, body),
  deleteStory: (s, { params }, user) => s.deleteStory(user, params.inventoryId, params.storyId),
  assignStoryUnit: (s, { params }, user) => s.assignUnit(user, params.inventoryId, params.storyId, params.unitId),
  unassignStoryUnit: (s, { params }, user) => s.unassignUnit(user, params.inventoryId, params.storyId, params.unitId),
  getStoryIntegration: (s, { params }, user) => s.getIntegration(user, params.inventoryId),
  updateStoryIntegration: (s, { params, body }, user) => s.updateIntegration(user, params.inventoryId, body),
  testStoryMapping: (s, { params, body }, user) => s.testMapping(user, params.inventoryId, body),
});
