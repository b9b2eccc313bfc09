import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { usePreferencesSnapshot, usePreferenceSaver } from '../../preferences/usePreferences';

/** The search parameter of the selected unit: `/list?unit=<uniqueId>`. */
export const UNIT_PARAM = 'unit';
/** Parameters the unit detail panel owns; they go when the panel closes. */
const PANEL_PARAMS = ['tab', 'config', 'dialog'] as const;

export interface UnitSelection {
  readonly selectedId: string | null;
  readonly select: (unitId: string) => void;
  readonly clear: () => void;
}

/**
 * The selected unit of /list: held in the URL (`?unit=`), remembered as
 * preferences.lastSelectedUnit (debounced save) and restored when /list opens without `?unit=`.
 * Selecting keeps the other search parameters (the detail panel's tab, config, dialog).
 */
export function useUnitSelection(): UnitSelection {
  const [params, setParams] = useSearchParams();
  const prefs = usePreferencesSnapshot();
  const saver = usePreferenceSaver();
  const selectedId = params.get(UNIT_PARAM);

  // Restore once, on opening the page without ?unit=.
  const restored = useRef(false);
  const last = prefs.lastSelectedUnit ?? null;
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    if (selectedId === null && last !== null) {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set(UNIT_PARAM, last);
          return next;
        },
        { replace: true },
      );
    }
  }, [selectedId, last, setParams]);

  // Remember the selection (only when it differs from what is saved); clearing saves null.
  const { schedule } = saver;
  const saved = useRef(last);
  useEffect(() => {
    if (selectedId === null || selectedId === saved.current) return;
    saved.current = selectedId;
    schedule('lastSelectedUnit', () => ({ lastSelectedUnit: selectedId }));
  }, [selectedId, schedule]);

  const select = useCallback(
    (unitId: string) => {
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        next.set(UNIT_PARAM, unitId);
        return next;
      });
    },
    [setParams],
  );

  const clear = useCallback(() => {
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.delete(UNIT_PARAM);
      for (const key of PANEL_PARAMS) next.delete(key);
      return next;
    });
    saved.current = null;
    schedule('lastSelectedUnit', () => ({ lastSelectedUnit: null }));
  }, [setParams, schedule]);

  return useMemo(() => ({ selectedId, select, clear }), [selectedId, select, clear]);
}
