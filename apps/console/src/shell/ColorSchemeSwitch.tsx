import { SegmentedControl, useMantineColorScheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { COLOR_SCHEME_PREFERENCES } from '@fleet/contracts';
import type { ColorSchemePreference } from '@fleet/contracts';
import { useSessionUser, useUpdatePreferences } from '../session/hooks';

function isColorSchemePreference(value: string): value is ColorSchemePreference {
  return (COLOR_SCHEME_PREFERENCES as readonly string[]).includes(value);
}

/**
 * System / Light / Dark (test id `preferences-color-scheme`, the chosen one in `data-scheme`): applied
 * at once, remembered in this browser and in the user's preferences (`colorScheme`), as the language is.
 */
export function ColorSchemeSwitch({ labelId }: { labelId: string }) {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const user = useSessionUser();
  const updatePreferences = useUpdatePreferences();
  const choose = (value: string) => {
    if (!isColorSchemePreference(value)) return;
    setColorScheme(value);
    if (user) void updatePreferences({ colorScheme: value });
  };
  return (
    <SegmentedControl
      value={colorScheme}
      onChange={choose}
      aria-labelledby={labelId}
      data={COLOR_SCHEME_PREFERENCES.map((value) => ({ value, label: t(`account.preferences.colorSchemes.${value}`) }))}
      data-testid="preferences-color-scheme"
      data-scheme={colorScheme}
    />
  );
}
