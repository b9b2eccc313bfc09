/**
 * The console's colour scheme: light, dark, or the operating system's (`auto`, the default). The
 * choice is kept in this browser (so the first paint after a reload has it) and in the user's
 * preferences (`colorScheme`), which win once signed in (SessionGate), as the language does.
 */
import { localStorageColorSchemeManager } from '@mantine/core';

export const COLOR_SCHEME_STORAGE_KEY = 'fleet.colorScheme';

export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });
