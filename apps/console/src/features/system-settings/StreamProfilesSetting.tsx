/**
 * Stream profiles (spec 001 §2 /system_settings stream_profile; §5 one main stream profile per provider).
 */
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SystemSettingsProps } from './SystemSettings';

export default function StreamProfilesSetting(_props: SystemSettingsProps) {
  const { t } = useTranslation();
  return (
    <Text c="dimmed" data-testid="not-available">
      {t('common.notAvailableYetLong')}
    </Text>
  );
}
