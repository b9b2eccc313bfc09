/**
 * Application configuration (spec 001 §2 /system_settings application_configuration; §3 "contents not shown").
 *
 * - Keys are unique ("This field must be unique"; the unique index backs it) and fixed once made
 *   (the update's body has no key).
 * - The keys the core reads keep their shape (contracts APPLICATION_CONFIGURATION_SHAPES):
 *   `chatSupport` { enabled, scriptUrl } and `features` { flag: boolean } — the client
 *   configuration reads them for every console; a value that does not fit is refused on its field.
 * - Changes are announced as `systemSetting.changed` (settings-support.ts).
 */
import {
  APPLICATION_CONFIGURATION_SHAPES,
  specErrorMap,
  toFieldProblems,
  VALIDATION,
  type ApplicationConfigurationEntry,
  type ApplicationConfigurationPage,
  type ApplicationConfigurationSearchQuery,
  type CreateApplicationConfigurationBody,
  type SettingDeleted,
  type UpdateApplicationConfigurationBody,
} from '@fleet/contracts';
import { callsOf } from '../../calls.js';
import { validationError } from '../../errors.js';
import { configurationValue } from './settings-columns.js';
import { unlessTaken, atVersion, requireFound, requireWritten } from '../../platform/versioned-write.js';
import { recordStamps } from '../../platform/storage/record-stamps.js';
import type { ServiceDeps } from '../deps.js';
import { announceSetting, assertVersion, pageOfRows } from './settings-support.js';
import * as repo from './repository.js';

type ConfigurationRow = repo.ApplicationConfigurationRecord;
const keyTaken = () => validationError([{ path: 'body.key', message: VALIDATION.fieldUnique }]);

/** The value fits its key's shape when the core reads that key (problems on `body.value...`). */
function checkShape(key: string, value: unknown): void {
  const shape = APPLICATION_CONFIGURATION_SHAPES[key];
  if (shape === undefined) return;
  const result = shape.safeParse(value, { error: specErrorMap });
  if (result.success) return;
  throw validationError(toFieldProblems(result.error).map((p) => ({ path: p.path === '' ? 'body.value' : `body.value.${p.path}`, message: p.message })));
}

export class ApplicationConfigurationService {
  constructor(private readonly deps: ServiceDeps) {}

  /** GET v2/admin/applicationConfiguration: search by key or description. */
  async list(q: ApplicationConfigurationSearchQuery): Promise<ApplicationConfigurationPage> {
    const rows = await repo.findApplicationConfigurations(this.deps.db);
    const page = pageOfRows(
      rows,
      q,
      (r) => [r.key, r.description],
      (r, key) => (key === 'key' ? r.key : r.updatedAt.toISOString()),
    );
    return { ...page, items: page.items.map((r) => this.toEntry(r)) };
  }

  async create(body: CreateApplicationConfigurationBody): Promise<ApplicationConfigurationEntry> {
    checkShape(body.key, body.value);
    if (await repo.applicationConfigurationKeyTaken(this.deps.db, body.key)) throw keyTaken();
    const row = await unlessTaken(
      () =>
        repo.createApplicationConfiguration(this.deps.db, { key: body.key, value: configurationValue.write(body.value), description: body.description ?? '' }),
      keyTaken,
    );
    return this.announce(row);
  }

  async get(id: string): Promise<ApplicationConfigurationEntry> {
    return this.toEntry(await this.require(id));
  }

  async update(id: string, body: UpdateApplicationConfigurationBody): Promise<ApplicationConfigurationEntry> {
    const row = await this.require(id);
    assertVersion(row.version, body.version);
    if (body.value !== undefined) checkShape(row.key, body.value);
    await atVersion(
      repo.updateApplicationConfigurationAtVersion(this.deps.db, id, row.version, {
        ...(body.value !== undefined ? { value: configurationValue.write(body.value) } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
      }),
    );
    return this.announce(await this.require(id));
  }

  async delete(id: string): Promise<SettingDeleted> {
    await requireWritten(repo.deleteApplicationConfiguration(this.deps.db, id));
    announceSetting(this.deps, 'application_configuration', id, true);
    return { id, deleted: true };
  }

  private require(id: string): Promise<ConfigurationRow> {
    return requireFound(repo.findApplicationConfiguration(this.deps.db, id));
  }

  private announce(row: ConfigurationRow): ApplicationConfigurationEntry {
    announceSetting(this.deps, 'application_configuration', row.id);
    return this.toEntry(row);
  }

  private toEntry(row: ConfigurationRow): ApplicationConfigurationEntry {
    return {
      id: row.id,
      key: row.key,
      value: configurationValue.read(row.value),
      description: row.description,
      ...recordStamps(row),
    };
  }
}

export const applicationConfigurationCalls = callsOf<ApplicationConfigurationService>()({
  searchApplicationConfiguration: (svc, { query }) => svc.list(query),
  createApplicationConfiguration: (svc, { body }) => svc.create(body),
  getApplicationConfiguration: (svc, { params }) => svc.get(params.id),
  updateApplicationConfiguration: (svc, { params, body }) => svc.update(params.id, body),
  deleteApplicationConfiguration: (svc, { params }) => svc.delete(params.id),
});
