/**
 * Reading and saving preference fields (spec 000 §3). The preferences are loaded by the session
 * gate before any page shows, so reads are synchronous. Saves are debounced and coalesced: each
 * caller schedules a builder under a key; at flush the builders run against the freshest cached
 * preferences and the merged patch goes out in one PUT userPreferences (useUpdatePreferences).
 * The cache is not touched before the answer (useUpdatePreferences puts the merged answer there):
 * every component reading the preferences re-renders on a cache change, the whole shell included,
 * so one update per save burst is what a grid drag or a filter change costs.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { UserPreferences } from '@fleet/contracts';
import { endpointKey } from '../api/hooks';
import { usePreferencesQuery, useUpdatePreferences } from '../session/hooks';

const EMPTY: UserPreferences = {};

/** The signed-in user's preferences as cached ({} before they load); re-renders when they change. */
export function usePreferences(): UserPreferences {
  return usePreferencesQuery(false).data ?? EMPTY;
}

/**
 * The preferences as they were when the component mounted, without subscribing to changes: what
 * a screen restores its state from (its own later saves must not re-render it).
 */
export function usePreferencesSnapshot(): UserPreferences {
  const queryClient = useQueryClient();
  const [snapshot] = useState(() => queryClient.getQueryData<UserPreferences>(endpointKey('getUserPreferences')) ?? EMPTY);
  return snapshot;
}

/** Builds a patch of top-level preference fields from the current preferences. */
export type PreferenceBuilder = (current: UserPreferences) => UserPreferences;

/** Default quiet time before scheduled preference changes are sent. */
export const PREFERENCE_SAVE_DELAY_MS = 400;

/**
 * A debounced saver of preference fields; what is pending is sent when the caller unmounts.
 * `schedule` a builder under a key (a later one under the same key replaces it), `flush` sends what is scheduled now.
 */
export function usePreferenceSaver(delayMs = PREFERENCE_SAVE_DELAY_MS) {
  const queryClient = useQueryClient();
  const update = useUpdatePreferences();
  const pending = useRef(new Map<string, PreferenceBuilder>());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const current = useCallback(() => queryClient.getQueryData<UserPreferences>(endpointKey('getUserPreferences')) ?? EMPTY, [queryClient]);

  const flush = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    if (pending.current.size === 0) return;
    let prefs = current();
    let patch: UserPreferences = {};
    for (const build of pending.current.values()) {
      const part = build(prefs);
      patch = { ...patch, ...part };
      prefs = { ...prefs, ...part };
    }
    pending.current.clear();
    void update(patch);
  }, [current, update]);

  const schedule = useCallback(
    (key: string, build: PreferenceBuilder) => {
      pending.current.set(key, build);
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = setTimeout(flush, delayMs);
    },
    [delayMs, flush],
  );

  // Send what is pending when the page goes away (latest flush through a ref).
  const flushRef = useRef(flush);
  useEffect(() => {
    flushRef.current = flush;
  }, [flush]);
  useEffect(() => () => flushRef.current(), []);

  return useMemo(() => ({ schedule, flush }), [schedule, flush]);
}
