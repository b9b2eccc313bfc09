/**
 * The shares screens' form rules, as the core checks them (the catalogue body schemas, so the §5
 * messages read the same inline as in a 400), plus what the core checks that a schema cannot:
 * a share link's start in the future (§5) and the 10-link limit (§9). Also the subscriber folder
 * tree laid out for the screen. No React here.
 */
import {
  CreatePublisherBody,
  CreateShareLinkBody,
  CreateSubscriberBody,
  FolderName,
  LIMITS,
  VALIDATION,
  type Publisher,
  type PublisherSources,
  type Subscriber,
  type SubscriberFolder,
} from '@fleet/contracts';
import { checkSchema, mergeErrors, problemsToErrors, schemaProblems, type FieldErrors } from '../../lib/forms/fieldErrors';

/** `sources`: `channel:<id>` / `vrChannel:<id>` of each shared source (the picker's values). */
export type PublisherFormValues = Readonly<Pick<Publisher, 'name' | 'description'> & { groupId: string | null; sources: readonly string[] }>;

export const sourceValue = (kind: 'channel' | 'vrChannel', id: string) => `${kind}:${id}`;

export function publisherSourcesValues(sources: PublisherSources): string[] {
  return [...sources.channels.map((c) => sourceValue('channel', c.id)), ...sources.vrChannels.map((c) => sourceValue('vrChannel', c.id))];
}

/** The sources body of the picker's values. */
export function sourcesBody(values: readonly string[]): { channelIds: string[]; vrChannelIds: string[] } {
  const of = (kind: string) => values.filter((v) => v.startsWith(`${kind}:`)).map((v) => v.slice(kind.length + 1));
  return { channelIds: of('channel'), vrChannelIds: of('vrChannel') };
}

export function publisherErrors(values: PublisherFormValues): FieldErrors {
  return publisherFields(
    checkSchema(CreatePublisherBody, {
      groupId: values.groupId ?? undefined,
      name: values.name,
      description: values.description,
      sources: sourcesBody(values.sources),
    }),
  );
}

/** Errors by body path (`sources.channelIds.0`, ...) on the form's fields: any source's problem shows under the sources picker. */
export function publisherFields(errors: FieldErrors): FieldErrors {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const field = path.startsWith('sources') ? 'sources' : path;
    if (!(field in out)) out[field] = message;
  }
  return out;
}

/** A new link's form: the start is a `datetime-local` input's value (local time, no zone) or '' when not picked, the duration minutes as typed. */
export const EMPTY_SHARE_LINK = { description: '', start: '', duration: '' };
export type ShareLinkFormValues = Readonly<typeof EMPTY_SHARE_LINK>;

/** The link body of the form's values: the local start read as the browser's time zone. */
export function shareLinkBody(values: ShareLinkFormValues): { description: string; startTime: string; durationMinutes?: number } {
  const start = values.start === '' ? null : new Date(values.start);
  const minutes = values.duration.trim() === '' ? undefined : Number(values.duration);
  return {
    description: values.description,
    startTime: start === null || Number.isNaN(start.getTime()) ? '' : start.toISOString(),
    ...(minutes === undefined ? {} : { durationMinutes: minutes }),
  };
}

/** Errors by field (description, startTime, durationMinutes); `now` is the moment the form is checked. */
export function shareLinkErrors(values: ShareLinkFormValues, now: number): FieldErrors {
  const body = shareLinkBody(values);
  const schema = checkSchema(CreateShareLinkBody, body);
  const past: FieldErrors = body.startTime !== '' && new Date(body.startTime).getTime() <= now ? { startTime: VALIDATION.shareLinkStartInFuture } : {};
  return mergeErrors(schema, schema.startTime === undefined ? past : {});
}

/** The end a link will have (start + duration), or null while either is missing. */
export function shareLinkEnd(values: ShareLinkFormValues): Date | null {
  const body = shareLinkBody(values);
  if (body.startTime === '' || body.durationMinutes === undefined || !Number.isFinite(body.durationMinutes)) return null;
  return new Date(new Date(body.startTime).getTime() + body.durationMinutes * 60_000);
}

/** Whether a publisher may take another link (§9 "Max 10 share links"). */
export const canAddShareLink = (count: number): boolean => count < LIMITS.shareLinksMax;

export type SubscriberFormValues = Readonly<Pick<Subscriber, 'name' | 'shareKey'> & { folderId: string | null }>;

export function subscriberErrors(values: SubscriberFormValues): FieldErrors {
  return checkSchema(CreateSubscriberBody, { name: values.name, shareKey: values.shareKey, ...(values.folderId ? { folderId: values.folderId } : {}) });
}

export function folderNameErrors(name: string): FieldErrors {
  return problemsToErrors(schemaProblems(FolderName, name).map((p) => ({ ...p, path: 'name' })));
}

export interface FolderNode {
  readonly folder: SubscriberFolder;
  readonly depth: number;
}

/**
 * The folders in tree order (each folder followed by its sub-folders, by name), with their depth.
 * A folder whose parent is missing from the list hangs under the root rather than disappearing.
 */
export function folderTree(folders: readonly SubscriberFolder[]): FolderNode[] {
  const root = folders.find((f) => f.isRoot);
  if (!root) return [];
  const ids = new Set(folders.map((f) => f.id));
  const parentOf = (f: SubscriberFolder) => (f.parentId != null && ids.has(f.parentId) ? f.parentId : root.id);
  const children = new Map<string, SubscriberFolder[]>();
  for (const f of folders) {
    if (f.id === root.id) continue;
    const list = children.get(parentOf(f)) ?? [];
    list.push(f);
    children.set(parentOf(f), list);
  }
  const out: FolderNode[] = [];
  const seen = new Set<string>();
  const walk = (f: SubscriberFolder, depth: number) => {
    if (seen.has(f.id)) return;
    seen.add(f.id);
    out.push({ folder: f, depth });
    for (const c of [...(children.get(f.id) ?? [])].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id))) walk(c, depth + 1);
  };
  walk(root, 0);
  return out;
}
