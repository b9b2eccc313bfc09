/**
 * Channels (spec 001 §2 /system_entities channels; §3 Channel).
 */
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SystemEntitiesProps } from './SystemEntities';

export default function ChannelsEntity(_props: SystemEntitiesProps) {
  const { t } = useTranslation();
  return (
    <Text c="dimmed" data-testid="not-available">
      {t('common.notAvailableYetLong')}
    </Text>
  );
}
