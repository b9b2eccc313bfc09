/**
 * A system-settings kind is a declaration (`defineSettingKind`), the core's twin of the console's
 * `defineResource`: its table (a `SettingStore`), its presenter, its list's search and sort, its
 * unique columns with their errors, how a body becomes the row's columns, and hooks for the rules
 * that are its own. `settingService(kind)` turns one into the service of its calls:
 *
 * - list: every row, presented, searched (any of the kind's texts contains the search value, any
 *   case), filtered, sorted (then by the tie-break, then by id), one page of them;
 * - get: the row or 404;
 * - create: `check` (the body's own rules, answering what the write needs) → each unique column
 *   free ("Name field has to be unique", … on its field) → `guard` → insert → announce;
 * - update: the row or 404 → its version or 409 → `check` → unique columns (the changed ones) →
 *   `guard` → update at the version read (409 when it moved on) → announce the row read again;
 * - delete: the row or 404, `refuse`, then at its version (409); by id instead (404 when gone) for
 *   a kind whose service is `settingService(kind, 'by-id')`.
 *
 * A unique violation meeting a write (a name taken in between) answers the first unique column's
 * error when its value is taken, else the last one's. Every change is announced as
 * `systemSetting.changed` of the kind (settings-support.ts) unless the kind announces its own way.
 * A kind with calls of its own extends its service class and uses the steps below.
 */
import type { SystemSettingKind } from '@fleet/contracts';
import type { AppError } from '../../errors.js';
import type { Page } from '../../platform/paging.js';
import { atVersion, requireFound, requireWritten, unlessTaken } from '../../platform/versioned-write.js';
import type { ServiceDeps } from '../deps.js';
import type { SettingStore } from './repository.js';
import { announceSetting, assertVersion, pageOfRows, settingNameTaken, type SettingsListQuery } from './settings-support.js';

/** A create's body (no row yet) or an update's (with the stored row). */
export type Written<T extends KindTypes> = { body: T['create']; row: null } | { body: T['update']; row: T['row'] };

/** A column whose value no two rows share (within `scope`, when given). */
export interface UniqueColumn<T extends KindTypes> {
  readonly column: string;
  /** The value a body sets (nothing to check when none). */
  readonly value: (body: T['create'] | T['update']) => string | null | undefined;
  /** The rows it is unique among (stream profiles: their provider's). */
  readonly scope?: (body: T['create'] | T['update'], row: T['row'] | null) => Record<string, unknown>;
  /** Its error; "Name field has to be unique" on the name field when not given. */
  readonly error?: () => AppError;
}

/** The types a kind is about: its stored row, its answer, its create and update bodies, its list query. */
export interface KindTypes {
  row: { id: string; version: number };
  out: unknown;
  create: unknown;
  update: { version?: number | undefined };
  query: SettingsListQuery<string>;
}

export interface SettingKind<T extends KindTypes, Ctx, Prep, CreateData, UpdateData> {
  /** What `systemSetting.changed` names; a kind with `announce` of its own has none. */
  readonly kind?: SystemSettingKind;
  readonly store: SettingStore<T['row'], CreateData, UpdateData>;
  /** What the presenter needs besides the row, read once a call (every row's, or row `id`'s). */
  readonly context?: (deps: ServiceDeps, id?: string) => Ctx | Promise<Ctx>;
  readonly present: (row: T['row'], ctx: Ctx, deps: ServiceDeps) => T['out'];
  readonly list: {
    /** The texts the search value is looked for in. */
    readonly search: (item: T['out']) => readonly (string | null)[];
    /** The search value as sent, spaces kept (else trimmed). */
    readonly searchAsSent?: boolean;
    readonly filter?: (item: T['out'], q: T['query']) => boolean;
    readonly sort: (item: T['out'], key: T['query']['sortBy']) => string | number | null;
    readonly tieBreak?: (item: T['out']) => string;
  };
  readonly unique?: readonly UniqueColumn<T>[];
  /** The body's own rules (`row`: the stored one; null for a create), before uniqueness: what the write needs. */
  readonly check?: (written: Written<T>, deps: ServiceDeps) => Prep | Promise<Prep>;
  /** Rules against other stored state, after uniqueness (organisations' max users). */
  readonly guard?: (written: Written<T>, deps: ServiceDeps) => Promise<void>;
  readonly insert: (body: T['create'], prep: Prep, deps: ServiceDeps) => CreateData;
  readonly changes: (body: T['update'], row: T['row'], prep: Prep) => UpdateData;
  /** A delete (at the version read) goes only while the row matches this (geocoding: not the default). */
  readonly deleteWhere?: Record<string, unknown>;
  /** Why the row may not go (an error), or nothing. */
  readonly refuse?: (row: T['row'], deps: ServiceDeps) => AppError | undefined;
  /** The kind's own announcement of a change (`before` null: created; `after` null: deleted). */
  readonly announce?: (deps: ServiceDeps, before: T['row'] | null, after: T['row'] | null) => void;
}

/**
 * Declares a kind: `defineSettingKind<{ row; out; create; update; query }>()({ ... })` (the second
 * call infers what the presenter's context, the check and the store add).
 */
export function defineSettingKind<T extends KindTypes>() {
  return <Ctx = undefined, Prep = undefined, CreateData = unknown, UpdateData = unknown>(kind: SettingKind<T, Ctx, Prep, CreateData, UpdateData>) => kind;
}

export interface SettingDeletedAnswer {
  id: string;
  deleted: true;
}

export class SettingKindService<T extends KindTypes, Ctx, Prep, CreateData, UpdateData> {
  constructor(
    protected readonly deps: ServiceDeps,
    protected readonly kind: SettingKind<T, Ctx, Prep, CreateData, UpdateData>,
  ) {}

  async list(q: T['query']): Promise<Page<T['out']>> {
    const ctx = await this.context();
    const list = this.kind.list;
    const needle = (q.searchValue ?? '').toLowerCase();
    const items = (await this.kind.store.all(this.deps.db))
      .map((row) => ({ id: row.id, item: this.kind.present(row, ctx, this.deps) }))
      .filter(({ item }) => !list.searchAsSent || list.search(item).some((text) => text !== null && text.toLowerCase().includes(needle)))
      .filter(({ item }) => list.filter === undefined || list.filter(item, q));
    const page = pageOfRows(
      items,
      list.searchAsSent ? { ...q, searchValue: undefined } : q,
      ({ item }) => list.search(item),
      ({ item }, key) => list.sort(item, key),
      list.tieBreak && (({ item }) => list.tieBreak?.(item) ?? ''),
    );
    return { ...page, items: page.items.map(({ item }) => item) };
  }

  async get(id: string): Promise<T['out']> {
    return this.present(await this.require(id));
  }

  async create(body: T['create']): Promise<T['out']> {
    return this.present(await this.insert(body));
  }

  async update(id: string, body: T['update']): Promise<T['out']> {
    const row = await this.require(id);
    assertVersion(row.version, body.version);
    const prep = await this.checked({ body, row });
    return this.present(await this.write(row, this.kind.changes(body, row, prep), body));
  }

  /** The row or 404, its refusal, then the delete at the version read (409 when it moved on). */
  async delete(id: string): Promise<SettingDeletedAnswer> {
    const row = await this.require(id);
    const refusal = this.kind.refuse?.(row, this.deps);
    if (refusal) throw refusal;
    await atVersion(this.kind.store.delete(this.deps.db, id, row.version, this.kind.deleteWhere));
    this.announce(row, null, id);
    return { id, deleted: true };
  }

  // ── the steps, for a kind's own calls ────────────────────────────────────────────────────

  protected require(id: string): Promise<T['row']> {
    return requireFound(this.kind.store.find(this.deps.db, id));
  }

  protected async present(row: T['row']): Promise<T['out']> {
    return this.kind.present(row, await this.context(row.id), this.deps);
  }

  /** Checks a new row's body, inserts it (with `extra` columns, made once the checks passed: a secret's hash) and announces it. */
  protected async insert(body: T['create'], extra?: () => Promise<Partial<CreateData>>): Promise<T['row']> {
    const prep = await this.checked({ body, row: null });
    const data = { ...this.kind.insert(body, prep, this.deps), ...(await extra?.()) };
    const row = await unlessTaken(
      () => this.insertRow(data),
      (e) => this.whichTaken(e, body, null),
    );
    this.announce(null, row, row.id);
    return row;
  }

  /** Where a kind writes more with the row (geocoding's one default). */
  protected insertRow(data: CreateData): Promise<T['row']> {
    return this.kind.store.create(this.deps.db, data);
  }

  /** Writes columns over the version read (409 when it moved on), reads the row again and announces it. */
  protected async write(row: T['row'], data: UpdateData, body: T['update'] | null = null): Promise<T['row']> {
    await unlessTaken(
      () => this.updateRow(row, data),
      (e) => this.whichTaken(e, body, row),
    );
    const fresh = await this.require(row.id);
    this.announce(row, fresh, row.id);
    return fresh;
  }

  /** Where a kind writes more with the update (geocoding's one default). */
  protected updateRow(row: T['row'], data: UpdateData): Promise<void> {
    return atVersion(this.kind.store.updateAtVersion(this.deps.db, row.id, row.version, data));
  }

  protected announce(before: T['row'] | null, after: T['row'] | null, id: string): void {
    if (this.kind.announce) this.kind.announce(this.deps, before, after);
    else if (this.kind.kind) announceSetting(this.deps, this.kind.kind, id, after === null);
  }

  private context(id?: string): Ctx | Promise<Ctx> {
    // A kind without a context presents from the row alone (its Ctx is `undefined`).
    return this.kind.context ? this.kind.context(this.deps, id) : (undefined as Ctx);
  }

  /** The kind's own rules, then each unique column the body sets (changes) free, then its guard. */
  private async checked(written: Written<T>): Promise<Prep> {
    const { body, row } = written;
    // A kind without `check` needs nothing prepared (its Prep is `undefined`).
    const prep = this.kind.check ? await this.kind.check(written, this.deps) : (undefined as Prep);
    for (const unique of this.kind.unique ?? []) {
      const value = unique.value(body);
      if (value === null || value === undefined || (row !== null && value === (row as Record<string, unknown>)[unique.column])) continue;
      if (await this.kind.store.taken(this.deps.db, { ...unique.scope?.(body, row), [unique.column]: value }, row?.id ?? null)) throw takenError(unique);
    }
    await this.kind.guard?.(written, this.deps);
    return prep;
  }

  /**
   * A unique violation of a write: the first unique column's error when its value is taken, else
   * the last one's (the only one's, without a look); a kind without unique columns lets it pass.
   */
  private async whichTaken(violation: unknown, body: T['create'] | T['update'] | null, row: T['row'] | null): Promise<unknown> {
    const [first, ...others] = this.kind.unique ?? [];
    const last = others[others.length - 1];
    if (first === undefined) return violation;
    if (last === undefined) return takenError(first);
    const value = (body === null ? undefined : first.value(body)) ?? (row as Record<string, unknown> | null)?.[first.column];
    return typeof value === 'string' && (await this.kind.store.taken(this.deps.db, { [first.column]: value }, null)) ? takenError(first) : takenError(last);
  }
}

/** A kind whose delete goes by id whatever the version (404 when gone, never 409): modem vendors, AI credentials, … */
export class ByIdSettingKindService<T extends KindTypes, Ctx, Prep, CreateData, UpdateData> extends SettingKindService<T, Ctx, Prep, CreateData, UpdateData> {
  override async delete(id: string): Promise<SettingDeletedAnswer> {
    await requireWritten(this.kind.store.delete(this.deps.db, id));
    this.announce(null, null, id);
    return { id, deleted: true };
  }
}

const takenError = <T extends KindTypes>(unique: UniqueColumn<T>): AppError => (unique.error ? unique.error() : settingNameTaken());

type ServiceClass<S> = new (deps: ServiceDeps) => S;

/**
 * The service class of a kind: `class ModemVendorService extends settingService(modemVendorKind, 'by-id') {}`;
 * deletes at the version read unless `'by-id'`.
 */
export function settingService<T extends KindTypes, Ctx, Prep, CreateData, UpdateData>(
  kind: SettingKind<T, Ctx, Prep, CreateData, UpdateData>,
  deletes: 'by-id',
): ServiceClass<ByIdSettingKindService<T, Ctx, Prep, CreateData, UpdateData>>;
export function settingService<T extends KindTypes, Ctx, Prep, CreateData, UpdateData>(
  kind: SettingKind<T, Ctx, Prep, CreateData, UpdateData>,
  deletes?: 'at-version',
): ServiceClass<SettingKindService<T, Ctx, Prep, CreateData, UpdateData>>;
export function settingService<T extends KindTypes, Ctx, Prep, CreateData, UpdateData>(
  kind: SettingKind<T, Ctx, Prep, CreateData, UpdateData>,
  deletes: 'by-id' | 'at-version' = 'at-version',
): ServiceClass<SettingKindService<T, Ctx, Prep, CreateData, UpdateData>> {
  const Base = deletes === 'by-id' ? ByIdSettingKindService : SettingKindService;
  return class extends Base<T, Ctx, Prep, CreateData, UpdateData> {
    constructor(deps: ServiceDeps) {
      super(deps, kind);
    }
  };
}
