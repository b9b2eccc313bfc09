import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { usePreferencesSnapshot, usePreferenceSaver } from '../../preferences/usePreferences';
import { useSearchParam } from '../../routing/useSearchParam';

/** The search parameter of the selected unit: `/list?unit=<uniqueId>`. */
export const UNIT_PARAM = 'unit';
/** Parameters the unit detail panel owns; they go when the panel closes. */
const PANEL_PARAMS = ['tab', 'config', 'dialog'] as const;

/**
 * The selected unit of /list: held in the URL (`?unit=`), remembered as
 * preferences.lastSelectedUnit (debounced save) and restored when /list opens without `?unit=`.
 * Selecting keeps the other search parameters (the detail panel's tab, config, dialog).
 * `restore: false` (a narrow window, where the detail takes the list's place) opens on the list.
 */
export function useUnitSelection({ restore = true }: { restore?: boolean } = {}) {
  const [, setParams] = useSearchParams();
  const [selectedId, setSelected] = useSearchParam(UNIT_PARAM, { also: PANEL_PARAMS });
  const prefs = usePreferencesSnapshot();
  const saver = usePreferenceSaver();

  // Restore once, on opening the page without ?unit=.
  const restored = useRef(false);
  const last = prefs.lastSelectedUnit ?? null;
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    if (restore && selectedId === null && last !== null) {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set(UNIT_PARAM, last);
          return next;
        },
        { replace: true },
      );
    }
  }, [restore, selectedId, last, setParams]);

  // Remember the selection (only when it differs from what is saved); clearing saves null.
  const { schedule } = saver;
  const saved = useRef(last);
  useEffect(() => {
    if (selectedId === null || selectedId === saved.current) return;
    saved.current = selectedId;
    schedule('lastSelectedUnit', () => ({ lastSelectedUnit: selectedId }));
  }, [selectedId, schedule]);

  const clear = useCallback(() => {
    setSelected(null);
    saved.current = null;
    schedule('lastSelectedUnit', () => ({ lastSelectedUnit: null }));
  }, [setSelected, schedule]);

  return useMemo(() => ({ selectedId, select: setSelected, clear }), [selectedId, setSelected, clear]);
}
