/**
 * Geocoding profiles (spec 001 §2 /system_settings geocoding_profile; §5 accuracies; §8 geocoding profile in use).
 */
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SystemSettingsProps } from './SystemSettings';

export default function GeocodingProfilesSetting(_props: SystemSettingsProps) {
  const { t } = useTranslation();
  return (
    <Text c="dimmed" data-testid="not-available">
      {t('common.notAvailableYetLong')}
    </Text>
  );
}
