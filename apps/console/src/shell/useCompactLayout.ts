import { em, useMantineTheme } from '@mantine/core';
import type { MantineBreakpoint } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * Below this breakpoint the console takes its phone and tablet shape: the header folds into the
 * menu drawer (nav, scope pickers, application switcher, language, user menu) and a unit's detail
 * takes the unit list's place. Below `sm` (a phone) the unit list also shows one compact row per
 * unit (name, bitrate, status, stream buttons).
 */
export const COMPACT_BREAKPOINT = 'md';

/** The frame's header height and its menu column's width (px): the frame and its loading outline. */
export const FRAME_HEADER_HEIGHT = 56;
export const FRAME_NAVBAR_WIDTH = 260;

/** True while the window is narrower than `breakpoint`; read at the first render, so a phone never draws the wide layout first. */
export function useNarrowerThan(breakpoint: MantineBreakpoint): boolean {
  const theme = useMantineTheme();
  const width = Number.parseFloat(theme.breakpoints[breakpoint] ?? '0') * 16;
  return useMediaQuery(`(max-width: ${em(width - 0.1)})`, false, { getInitialValueInEffect: false }) === true;
}

/** True below COMPACT_BREAKPOINT. */
export function useCompactLayout(): boolean {
  return useNarrowerThan(COMPACT_BREAKPOINT);
}
