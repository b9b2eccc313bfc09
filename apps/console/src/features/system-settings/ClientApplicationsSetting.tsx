/**
 * Client applications (spec 001 §2 /system_settings client_application).
 */
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SystemSettingsProps } from './SystemSettings';

export default function ClientApplicationsSetting(_props: SystemSettingsProps) {
  const { t } = useTranslation();
  return (
    <Text c="dimmed" data-testid="not-available">
      {t('common.notAvailableYetLong')}
    </Text>
  );
}
