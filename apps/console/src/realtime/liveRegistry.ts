/**
 * What the realtime layer knows of the rest of the console: nothing but this registry's shape. Each
 * feature declares, per resource it keeps in the query cache, what each kind of realtime event
 * changes there (`LiveResource`: the reads it patches in place, the reads it makes stale, how),
 * as refine's live provider invalidates by resource; the console's composition (src/live/) lists the
 * resources and `liveTable` joins them into the one table the provider applies every event through.
 * This folder imports no feature.
 *
 * Every patch a resource makes goes through the one version rule of kit/cache (`applyVersioned`: an
 * older patch is dropped, the fields an event carries replace, the others stay).
 *
 * Two other ways to hear events, both registered the same way:
 * - `batched`: the long lists (the unit lists, the map's markers) take a frame's events at once;
 * - `observe`: a consumer outside the cache (the notification centre) hears each event once, as it
 *   arrives; unlike `apply`, it is never replayed onto a read's answer (readReplay.ts).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { EndpointId, RealtimeEvent, RealtimeEventType } from '@fleet/contracts';
import { invalidateReads } from './systemEntities';

export interface LiveContext {
  readonly queryClient: QueryClient;
  /** A unit's name as the cached lists know it (the active alerts list shows it). */
  readonly unitName: (unitId: string) => string;
}

export type EventOf<K extends RealtimeEventType> = Extract<RealtimeEvent, { type: K }>;

/** What one event kind changes in one resource's reads. */
export interface LiveEntry<K extends RealtimeEventType> {
  /** The reads patched in place (never refetched). */
  readonly patches?: readonly EndpointId[];
  /** The reads made stale (read again where shown): answers the event does not carry. */
  readonly rereads?: readonly EndpointId[];
  /** What else follows the event outside the cache (a dialog's progress), for the reader. */
  readonly screens?: string;
  readonly apply?: (ctx: LiveContext, event: EventOf<K>) => void;
}

export type LiveEntries = { readonly [K in RealtimeEventType]?: LiveEntry<K> };

export interface LiveResource {
  /** The resource's name (what it keeps: `units`, `channels`, `notificationCentre`, ...). */
  readonly resource: string;
  readonly events: LiveEntries;
  /** Events applied a frame at a time (the long lists): the kinds, and how the frame's events of them change the cache. */
  readonly batched?: {
    readonly kinds: readonly RealtimeEventType[];
    readonly apply: (queryClient: QueryClient, events: readonly RealtimeEvent[]) => void;
  };
  /** Hears each event once as it arrives (after the cache is patched), never replayed. */
  readonly observe?: (ctx: LiveContext, events: readonly RealtimeEvent[]) => void;
}

/** One event kind's entry over every resource: the union of their reads, the resources, their patches in order. */
export interface JoinedEntry {
  readonly resources: readonly string[];
  readonly patches: readonly EndpointId[];
  readonly rereads: readonly EndpointId[];
  readonly screens: readonly string[];
  readonly apply: ((ctx: LiveContext, event: RealtimeEvent) => void) | null;
}

export interface LiveTable {
  readonly resources: readonly LiveResource[];
  /** Per event kind some resource registered for (a kind no resource follows changes no cache). */
  readonly entries: { readonly [K in RealtimeEventType]?: JoinedEntry };
  /** Applies one event to every cached read but the batched ones. */
  readonly apply: (ctx: LiveContext, event: RealtimeEvent) => void;
  /** Whether a resource takes this event a frame at a time. */
  readonly isBatched: (event: RealtimeEvent) => boolean;
  /** Applies a frame's batched events (each resource gets those of its kinds, in order). */
  readonly applyBatched: (queryClient: QueryClient, events: readonly RealtimeEvent[]) => void;
  /** Hands events to the observers. */
  readonly observe: (ctx: LiveContext, events: readonly RealtimeEvent[]) => void;
}

const unique = <T>(items: readonly T[]): T[] => [...new Set(items)];

/**
 * A resource's step that cannot read what it patches (a core's answer in the cache without a field the
 * step reads) leaves that answer as it was, until its next read, and every other step still runs: an
 * event never fails the realtime layer, nor reaches the page as an uncaught error.
 */
function guarded<A extends unknown[]>(resource: string, what: string, step: (...args: A) => void): (...args: A) => void {
  return (...args) => {
    try {
      step(...args);
    } catch (error) {
      console.warn(`live ${resource}: ${what} not applied`, error);
    }
  };
}

/** The one table of the given resources (their order is the order their patches run in). */
export function liveTable(resources: readonly LiveResource[]): LiveTable {
  const names = resources.map((r) => r.resource);
  const twice = names.find((name, index) => names.indexOf(name) !== index);
  if (twice !== undefined) throw new Error(`live resource registered twice: ${twice}`);
  const entries: { [K in RealtimeEventType]?: JoinedEntry } = {};
  const kinds = unique(resources.flatMap((r) => Object.keys(r.events) as RealtimeEventType[]));
  for (const type of kinds) {
    const own = resources.flatMap((r) => {
      const entry = r.events[type] as LiveEntry<RealtimeEventType> | undefined;
      return entry === undefined ? [] : [{ resource: r.resource, entry }];
    });
    const steps = own.flatMap(({ resource, entry }) => (entry.apply ? [guarded(resource, type, entry.apply as (ctx: LiveContext, event: never) => void)] : []));
    entries[type] = {
      resources: own.map((o) => o.resource),
      patches: unique(own.flatMap(({ entry }) => entry.patches ?? [])),
      rereads: unique(own.flatMap(({ entry }) => entry.rereads ?? [])),
      screens: own.flatMap(({ entry }) => (entry.screens ? [entry.screens] : [])),
      apply:
        steps.length === 0
          ? null
          : (ctx, event) => {
              for (const step of steps) step(ctx, event as never);
            },
    };
  }
  const batchedKinds = new Set(resources.flatMap((r) => r.batched?.kinds ?? []));
  const observers = resources.flatMap((r) => (r.observe ? [guarded(r.resource, 'observe', r.observe)] : []));
  return {
    resources,
    entries,
    apply: (ctx, event) => entries[event.type]?.apply?.(ctx, event),
    isBatched: (event) => batchedKinds.has(event.type),
    applyBatched: (queryClient, events) => {
      if (events.length === 0) return;
      for (const r of resources) {
        if (!r.batched) continue;
        const kinds = r.batched.kinds;
        const mine = events.filter((e) => kinds.includes(e.type));
        if (mine.length > 0) guarded(r.resource, 'batch', r.batched.apply)(queryClient, mine as never);
      }
    },
    observe: (ctx, events) => {
      if (events.length === 0) return;
      for (const observer of observers) observer(ctx, events);
    },
  };
}

// ── helpers the resources' entries are written with ─────────────────────────────────────────────

/** A reread of these calls' cached answers. */
export const reread =
  (ids: readonly EndpointId[]) =>
  ({ queryClient }: LiveContext): void =>
    invalidateReads(queryClient, ids);

/** Reads the calls an event makes stale by `stale` (a rule of the screen that shows them). */
export const rereadBy =
  (stale: (event: RealtimeEvent) => readonly EndpointId[]) =>
  ({ queryClient }: LiveContext, event: RealtimeEvent): void =>
    invalidateReads(queryClient, stale(event));

/** Runs the steps in order. */
export function all<E>(...steps: readonly ((ctx: LiveContext, event: E) => void)[]): (ctx: LiveContext, event: E) => void {
  return (ctx, event) => {
    for (const step of steps) step(ctx, event);
  };
}

/** The same entry for several event kinds (a resource that reads again on any of them). */
export function onEach<K extends RealtimeEventType>(kinds: readonly K[], entry: LiveEntry<K>): { [P in K]: LiveEntry<P> } {
  return Object.fromEntries(kinds.map((kind) => [kind, entry])) as unknown as { [P in K]: LiveEntry<P> };
}
