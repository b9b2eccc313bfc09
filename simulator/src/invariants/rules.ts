/**
 * The spec's state rules, written here a second time from the spec's words (000 §4, 001 §4) for the
 * fleet invariants: the core derives with packages/domain, the invariants derive with these, so a
 * mistake in either shows as a difference instead of agreeing with itself.
 */
import type { Applications, ChannelStatus, UnitApplicationKey, UnitStatus, UnitStatusChangeEvent } from '@fleet/contracts';

/**
 * 000 §4: a unit with no applications reported (off) is offline; otherwise the running activities
 * in priority order — upgrade, fetchlogs, databridge (transparent bridge), video (with forward:
 * streaming and forwarding; in the speed-test state: speedtest; else streaming), forward (with
 * store: store and forward, else forwarding), store alone (store and forward); else idle. An
 * activity counts while its key is reported, whatever its state (it winds down holding what it had).
 */
export function unitStatusOf(online: boolean, applications: Applications): UnitStatus {
  if (!online) return 'offline';
  // Plain reads, no helper closure: this runs for every unit every simulated second in the fuzzer.
  if (present(applications, 'upgrade')) return 'upgrading';
  if (present(applications, 'fetchlogs')) return 'fetchlogs';
  if (present(applications, 'databridge')) return 'transparent_bridge';
  if (present(applications, 'video')) {
    if (present(applications, 'forward')) return 'streamingandforwarding';
    return applications.video?.state === 'speedtest' ? 'speedtest' : 'streaming';
  }
  if (present(applications, 'forward')) return present(applications, 'store') ? 'storeandforward' : 'forwarding';
  if (present(applications, 'store')) return 'storeandforward';
  return 'idle';
}

function present(applications: Applications, key: UnitApplicationKey): boolean {
  return applications[key] !== undefined && applications[key] !== null;
}

/** 001 §4 counters: offline (unavailable is treated as offline), idle, and busy for every other status. */
export type ChannelCounterClass = 'offline' | 'idle' | 'busy';

export function channelCounterClass(status: string): ChannelCounterClass {
  if (status === 'offline' || status === 'unavailable') return 'offline';
  return status === 'idle' ? 'idle' : 'busy';
}

/** The offline / idle / busy counters over a list of channel statuses. */
export function countChannelClasses(statuses: readonly string[]): Record<ChannelCounterClass, number> {
  const counters = { offline: 0, idle: 0, busy: 0 };
  for (const s of statuses) counters[channelCounterClass(s)] += 1;
  return counters;
}

/** 001 §4: a group of channels is idle if any is idle, else collecting if any is collecting, else offline. */
export function groupStatusOf(statuses: readonly string[]): Extract<ChannelStatus, 'idle' | 'collecting' | 'offline'> {
  if (statuses.includes('idle')) return 'idle';
  if (statuses.includes('collecting')) return 'collecting';
  return 'offline';
}

type CounterClass = 'offline' | 'online' | 'streaming' | 'storeAndForward';

/**
 * 000 §4 groupings for the counter transitions: offline-like (offline, unavailable), online-like
 * (online, idle, forwarding), store and forward, and streaming for every busy status (the spec has
 * no transition of its own for a speed test, sending logs, an upgrade or a bridge).
 */
function counterClassOf(status: UnitStatus): CounterClass {
  if (status === 'offline' || status === 'unavailable') return 'offline';
  if (status === 'online' || status === 'idle' || status === 'forwarding') return 'online';
  if (status === 'storeandforward') return 'storeAndForward';
  return 'streaming';
}

/**
 * 000 §4 counter transitions (001 §4 unit status change events): the event for a unit moving from
 * `previous` (a unit not heard from yet is offline) to `status`; null when its group did not
 * change; `unknown` between streaming and store and forward, for which the spec names none.
 */
export function counterTransitionOf(previous: UnitStatus | null, status: UnitStatus): UnitStatusChangeEvent | null {
  const from = counterClassOf(previous ?? 'offline');
  const to = counterClassOf(status);
  if (from === to) return null;
  return TRANSITIONS[from][to];
}

const TRANSITIONS: Record<CounterClass, Record<CounterClass, UnitStatusChangeEvent | null>> = {
  offline: { offline: null, online: 'offlineToOnline', streaming: 'offlineToStreaming', storeAndForward: 'offlineToStoreAndForward' },
  online: { offline: 'onlineToOffline', online: null, streaming: 'onlineToStreaming', storeAndForward: 'onlineToStoreAndForward' },
  streaming: { offline: 'streamingToOffline', online: 'streamingToOnline', streaming: null, storeAndForward: 'unknown' },
  storeAndForward: { offline: 'storeAndForwardToOffline', online: 'storeAndForwardToOnline', streaming: 'unknown', storeAndForward: null },
};
