/**
 * Application configuration (spec 001 §2 /system_settings application_configuration; §3 "contents not shown").
 *
 * - Keys are unique ("This field must be unique"; the unique index backs it) and fixed once made
 *   (the update's body has no key).
 * - The keys the core reads keep their shape (contracts APPLICATION_CONFIGURATION_SHAPES):
 *   `chatSupport` { enabled, scriptUrl } and `features` { flag: boolean } — the client
 *   configuration reads them for every console; a value that does not fit is refused on its field.
 * - Searched by key or description.
 */
import {
  APPLICATION_CONFIGURATION_SHAPES,
  specErrorMap,
  toFieldProblems,
  VALIDATION,
  type ApplicationConfigurationEntry,
  type ApplicationConfigurationSearchQuery,
  type CreateApplicationConfigurationBody,
  type UpdateApplicationConfigurationBody,
  RULES,
} from '@fleet/contracts';
import { callsOf } from '../../calls.js';
import { validationError } from '../../errors.js';
import { recordStamps } from '../../platform/storage/record-stamps.js';
import { configurationValue } from './settings-columns.js';
import { defineSettingKind, settingService } from './setting-kind.js';
import * as repo from './repository.js';

/**
 * The value fits its key's shape when the core reads that key (problems on `body.value...`, in the shape's
 * own words, the bare "Invalid field" naming the rule: the shape its key takes).
 */
function checkShape(key: string, value: unknown): void {
  const shape = APPLICATION_CONFIGURATION_SHAPES[key];
  if (shape === undefined) return;
  const result = shape.safeParse(value, { error: specErrorMap });
  if (result.success) return;
  throw validationError(
    toFieldProblems(result.error).map((p) => ({
      path: p.path === '' ? 'body.value' : `body.value.${p.path}`,
      message: p.message === VALIDATION.invalidField ? RULES.keyValueShape : p.message,
    })),
  );
}

export const applicationConfigurationKind = defineSettingKind<{
  row: repo.ApplicationConfigurationRecord;
  out: ApplicationConfigurationEntry;
  create: CreateApplicationConfigurationBody;
  update: UpdateApplicationConfigurationBody;
  query: ApplicationConfigurationSearchQuery;
}>()({
  kind: 'application_configuration',
  store: repo.applicationConfigurations,
  present: (row) => ({
    id: row.id,
    key: row.key,
    value: configurationValue.read(row.value),
    description: row.description,
    ...recordStamps(row),
  }),
  list: {
    search: (e) => [e.key, e.description],
    sort: (e, key) => e[key],
  },
  insert: (body) => ({ key: body.key, value: configurationValue.write(body.value), description: body.description ?? '' }),
  changes: (body) => ({
    ...(body.value !== undefined ? { value: configurationValue.write(body.value) } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
  }),
  unique: [
    {
      column: 'key',
      value: (body) => ('key' in body ? body.key : undefined),
      error: () => validationError([{ path: 'body.key', message: VALIDATION.fieldUnique }]),
    },
  ],
  check: ({ body, row }) => {
    if (row === null) checkShape('key' in body ? body.key : '', body.value);
    else if (body.value !== undefined) checkShape(row.key, body.value);
  },
});

export class ApplicationConfigurationService extends settingService(applicationConfigurationKind, 'by-id') {}

export const applicationConfigurationCalls = callsOf<ApplicationConfigurationService>()({
  searchApplicationConfiguration: (svc, { query }) => svc.list(query),
  createApplicationConfiguration: (svc, { body }) => svc.create(body),
  getApplicationConfiguration: (svc, { params }) => svc.get(params.id),
  updateApplicationConfiguration: (svc, { params, body }) => svc.update(params.id, body),
  deleteApplicationConfiguration: (svc, { params }) => svc.delete(params.id),
});
