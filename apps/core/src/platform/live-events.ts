/**
 * Events the core derives from the unit stream it publishes (spec 000 §4 transitions).
 */
import { isOfflineLike } from '@fleet/domain';
import type { RealtimeHub } from './hub.js';

/** Application keys whose start/stop passes through a transition, and the flag it sets (spec 000 §4). */
const TRANSITION_FLAGS = { video: 'isTransition', videoReturn: 'isVrTransition', databridge: 'isDbTransition' } as const;

/**
 * Events derived from the unit stream, published once by the instance that owns the unit:
 * `unit.transition` — an application in connecting / disconnecting / stopping sets the spec's
 * transition flag (isTransition, isVrTransition, isDbTransition) with the wanted state; reaching
 * it (running, or gone) clears the flag. (Alerts are raised and cleared by the devices' own
 * reports, mock/fleet.ts, with durable rows.)
 */
export function deriveLiveEvents(hub: RealtimeHub): void {
  const flags = new Map<string, string>(); // `${unitId}:${flag}` → target
  hub.onPublish((topics, event) => {
    if (event.type !== 'unit.status') return;
    for (const [app, flag] of Object.entries(TRANSITION_FLAGS)) {
      const state = event.applications[app as keyof typeof TRANSITION_FLAGS]?.state;
      const target = isOfflineLike(event.status)
        ? null
        : state === 'connecting'
          ? 'running'
          : state === 'disconnecting' || state === 'stopping'
            ? 'stopped'
            : null;
      const key = `${event.unitId}:${flag}`;
      const before = flags.get(key) ?? null;
      if (target === before) continue;
      if (target === null) flags.delete(key);
      else flags.set(key, target);
      hub.publish(topics, { type: 'unit.transition', unitId: event.unitId, flag, active: target !== null, target, at: event.at });
    }
  });
}
