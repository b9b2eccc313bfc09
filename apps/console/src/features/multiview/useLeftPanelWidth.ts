import { useCallback, useEffect, useRef, useState } from 'react';
import { usePreferencesQuery, useUpdatePreferences } from '../../session/hooks';
import { clampPanelWidth, LEFT_PANEL } from './multiviewState';

/**
 * The multiview left panel width (spec 000 §2 "left panel in multiview is resizable", §3
 * preferences.leftPanelWidth): restored from the preferences, clamped, saved through
 * PUT userPreferences once the user stopped changing it (a drag once it is let go, however long the
 * pointer rests on the way; arrow keys after a pause); a pending save is sent on leaving.
 */
export function useLeftPanelWidth() {
  const prefs = usePreferencesQuery();
  const updatePreferences = useUpdatePreferences();
  // The width shown, and whether a drag still holds it (then it is not saved yet).
  const [local, setLocal] = useState<{ readonly width: number; readonly held: boolean } | null>(null);
  const pending = useRef<number | null>(null);
  const save = useRef(updatePreferences);

  useEffect(() => {
    save.current = updatePreferences;
  }, [updatePreferences]);

  // Debounced save: each change restarts the wait; a held width waits for its release.
  useEffect(() => {
    if (local === null) return;
    const { width, held } = local;
    pending.current = width;
    if (held) return;
    const handle = setTimeout(() => {
      pending.current = null;
      void save.current({ leftPanelWidth: width });
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

  /** Shown at once; saved once the user stops (debounced), a width `held` by a drag once it is released. */
  const setWidth = useCallback((width: number, held = false) => setLocal({ width: clampPanelWidth(width), held }), []);
  return { width: local?.width ?? clampPanelWidth(prefs.data?.leftPanelWidth), setWidth };
}
