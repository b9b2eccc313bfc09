import { em, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * Below this breakpoint the console takes its phone and small-tablet shape: the header folds into
 * the menu drawer (nav, scope pickers, application switcher, language, user menu), the unit list
 * shows one compact row per unit (name, status, bitrate, stream buttons) and a unit's detail takes
 * the list's place.
 */
export const COMPACT_BREAKPOINT = 'md';

/** True below COMPACT_BREAKPOINT; read at the first render, so a phone never draws the wide header first. */
export function useCompactLayout(): boolean {
  const theme = useMantineTheme();
  const width = theme.breakpoints[COMPACT_BREAKPOINT];
  return useMediaQuery(`(max-width: ${em(Number.parseFloat(width) * 16 - 0.1)})`, false, { getInitialValueInEffect: false }) === true;
}
