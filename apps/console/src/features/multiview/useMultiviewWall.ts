import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { UnitSummary } from '@fleet/contracts';
import { usePreferencesQuery, useUpdatePreferences } from '../../session/hooks';
import { defaultWall, parseWall, toggleWall, WALL } from './multiviewState';

export interface MultiviewWall {
  /** The units on the wall the user sees, by uniqueId in the wall's order. */
  readonly ids: readonly string[];
  /** The wall is the default one (the user saved none). */
  readonly isDefault: boolean;
  /** Adds the unit to the wall (at its end) or takes it off; a full wall takes no more. */
  readonly toggle: (unitId: string) => void;
  /** Back to the default wall (the saved one is forgotten). */
  readonly reset: () => void;
}

/**
 * The Multiview wall: the units the user put on it, saved in their preferences (`multiviewWall`,
 * through PUT userPreferences, once the user stopped changing it; a pending save is sent on
 * leaving), else the default wall, chosen once when the units first arrive (WALL.defaultSize of
 * them, live first, by name as people count): a unit that starts or stops streaming meanwhile does
 * not move the wall under the user's eyes.
 */
export function useMultiviewWall(units: readonly Pick<UnitSummary, 'uniqueId' | 'name' | 'status'>[] | undefined): MultiviewWall {
  const prefs = usePreferencesQuery();
  const updatePreferences = useUpdatePreferences();
  /** This visit's wall once the user changed it (null: not changed; the saved or default one shows). */
  const [edited, setEdited] = useState<{ ids: readonly string[]; isDefault: boolean } | null>(null);
  const [fallback, setFallback] = useState<readonly string[] | null>(null);
  if (fallback === null && units !== undefined) setFallback(defaultWall(units));
  const pending = useRef<{ ids: readonly string[] | null } | null>(null);
  const save = useRef(updatePreferences);

  useEffect(() => {
    save.current = updatePreferences;
  }, [updatePreferences]);

  const savedKey = prefs.data?.multiviewWall;
  const wanted = useMemo(() => edited?.ids ?? parseWall(savedKey) ?? fallback ?? [], [edited, savedKey, fallback]);
  // A saved unit the user no longer sees (deleted, out of their groups) has no tile and is dropped at the next save.
  const known = useMemo(() => (units === undefined ? null : new Set(units.map((u) => u.uniqueId))), [units]);
  const ids = useMemo(() => (known === null ? wanted : wanted.filter((id) => known.has(id))), [known, wanted]);
  const isDefault = edited === null ? parseWall(savedKey) === null : edited.isDefault;

  // Debounced save of the user's change: each change restarts the wait.
  useEffect(() => {
    if (pending.current === null) return;
    const handle = setTimeout(() => {
      const next = pending.current;
      pending.current = null;
      if (next !== null) void save.current({ multiviewWall: next.ids == null ? null : [...next.ids] });
    }, WALL.saveDebounceMs);
    return () => clearTimeout(handle);
  }, [edited]);

  // Leaving the page before the wait is over still saves the last change.
  useEffect(
    () => () => {
      const next = pending.current;
      pending.current = null;
      if (next !== null) void save.current({ multiviewWall: next.ids == null ? null : [...next.ids] });
    },
    [],
  );

  const toggle = useCallback(
    (unitId: string) => {
      const next = toggleWall(ids, unitId);
      if (next === ids) return;
      pending.current = { ids: next };
      setEdited({ ids: next, isDefault: false });
    },
    [ids],
  );
  const reset = useCallback(() => {
    const next = units === undefined ? [] : defaultWall(units);
    pending.current = { ids: null };
    setFallback(next);
    setEdited({ ids: next, isDefault: true });
  }, [units]);
  return { ids, isDefault, toggle, reset };
}
