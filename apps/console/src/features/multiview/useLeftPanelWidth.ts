import { useCallback, useEffect, useRef, useState } from 'react';
import { usePreferencesQuery, useUpdatePreferences } from '../../session/hooks';
import { clampPanelWidth, LEFT_PANEL } from './multiviewState';

/**
 * The multiview left panel width (spec 000 §2 "left panel in multiview is resizable", §3
 * preferences.leftPanelWidth): restored from the preferences, clamped, saved through
 * PUT userPreferences once the user stopped changing it; a pending save is sent on leaving.
 */
export function useLeftPanelWidth() {
  const prefs = usePreferencesQuery();
  const updatePreferences = useUpdatePreferences();
  const [local, setLocal] = useState<number | null>(null);
  const pending = useRef<number | null>(null);
  const save = useRef(updatePreferences);

  useEffect(() => {
    save.current = updatePreferences;
  }, [updatePreferences]);

  // Debounced save: each change restarts the wait.
  useEffect(() => {
    if (local === null) return;
    pending.current = local;
    const handle = setTimeout(() => {
      pending.current = null;
      void save.current({ leftPanelWidth: local });
    }, LEFT_PANEL.saveDebounceMs);
    return () => clearTimeout(handle);
  }, [local]);

  // Leaving the page before the wait is over still saves the last width.
  useEffect(
    () => () => {
      if (pending.current !== null) void save.current({ leftPanelWidth: pending.current });
      pending.current = null;
    },
    [],
  );

  /** While dragging: shown at once, saved once the user stops (debounced). */
  const setWidth = useCallback((width: number) => setLocal(clampPanelWidth(width)), []);
  return { width: local ?? clampPanelWidth(prefs.data?.leftPanelWidth), setWidth };
}
