/**
 * Forwarding a unit's live stream to social media or a CDN (spec 000 §7 "Social media and CDN
 * streams"). The unit's applications have no key for it (contracts UNIT_APPLICATIONS) and no read
 * returns it, so the console knows a forwarding from the core's answers (ExternalStreamResult.active)
 * and from what the unit does report: forwarding needs the unit streaming, and the core ends it
 * when the unit stops (so the state falls back to off as soon as the unit's applications say so).
 * The answers are kept per unit in a small store, so switching tabs keeps them.
 */
import { EXTERNAL_STREAM_KINDS } from '@fleet/contracts';
import type { Applications } from '@fleet/contracts';
import { isStreaming } from '@fleet/domain';
import type { ActivityState, Direction } from '../../lib/transitions/transitions';

export type ExternalStreamKind = (typeof EXTERNAL_STREAM_KINDS)[number];

export interface ExternalStreamEntry {
  readonly active: boolean;
  readonly destinationId: string | null;
}

export type ExternalStreams = Partial<Record<ExternalStreamKind, ExternalStreamEntry>>;

/** What the state badge shows: the call in flight, else the last answer while the unit streams. */
export function externalStreamState(entry: ExternalStreamEntry | undefined, applications: Applications, pending: Direction | null): ActivityState {
  if (pending === 'start') return 'connecting';
  if (pending === 'stop') return 'disconnecting';
  if (!isStreaming(applications)) return 'off';
  return entry?.active === true ? 'running' : 'off';
}

/** The entries once the unit stopped streaming: every forwarding ended (same object when none was active). */
export function settleExternalStreams(streams: ExternalStreams, streaming: boolean): ExternalStreams {
  if (streaming || !EXTERNAL_STREAM_KINDS.some((kind) => streams[kind]?.active === true)) return streams;
  const next: Partial<Record<ExternalStreamKind, ExternalStreamEntry>> = {};
  for (const kind of EXTERNAL_STREAM_KINDS) if (streams[kind] !== undefined) next[kind] = { active: false, destinationId: null };
  return next;
}

const EMPTY: ExternalStreams = {};

/** A per-unit store of the last answers, for useSyncExternalStore. */
export function createExternalStreamStore() {
  const byUnit = new Map<string, ExternalStreams>();
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  return {
    get: (unitId: string): ExternalStreams => byUnit.get(unitId) ?? EMPTY,
    set(unitId: string, kind: ExternalStreamKind, entry: ExternalStreamEntry) {
      byUnit.set(unitId, { ...(byUnit.get(unitId) ?? EMPTY), [kind]: entry });
      notify();
    },
    /** Follows the unit's applications: not streaming ends every forwarding. */
    settle(unitId: string, streaming: boolean) {
      const current = byUnit.get(unitId) ?? EMPTY;
      const next = settleExternalStreams(current, streaming);
      if (next === current) return;
      byUnit.set(unitId, next);
      notify();
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const externalStreamStore = createExternalStreamStore();
