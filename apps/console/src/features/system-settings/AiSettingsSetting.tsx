/**
 * AI credentials (spec 001 §2 /system_settings ai_settings).
 */
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SystemSettingsProps } from './SystemSettings';

export default function AiSettingsSetting(_props: SystemSettingsProps) {
  const { t } = useTranslation();
  return (
    <Text c="dimmed" data-testid="not-available">
      {t('common.notAvailableYetLong')}
    </Text>
  );
}
