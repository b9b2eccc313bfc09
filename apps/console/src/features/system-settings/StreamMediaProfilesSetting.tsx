/**
 * Stream media profiles (spec 001 §2 /system_settings stream_media_profile; §5 values 0-2147483647).
 */
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SystemSettingsProps } from './SystemSettings';

export default function StreamMediaProfilesSetting(_props: SystemSettingsProps) {
  const { t } = useTranslation();
  return (
    <Text c="dimmed" data-testid="not-available">
      {t('common.notAvailableYetLong')}
    </Text>
  );
}
