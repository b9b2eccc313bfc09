/**
 * Video return channels (spec 001 §2 /system_entities vrChannels; §3 Video return channel).
 */
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SystemEntitiesProps } from './SystemEntities';

export default function VrChannelsEntity(_props: SystemEntitiesProps) {
  const { t } = useTranslation();
  return (
    <Text c="dimmed" data-testid="not-available">
      {t('common.notAvailableYetLong')}
    </Text>
  );
}
