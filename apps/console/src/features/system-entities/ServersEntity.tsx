/**
 * Servers of one type (spec 001 §2 /system_entities mmh_servers, vr_servers, ingest_servers, transceiver_servers; §3 Server).
 */
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SystemEntitiesProps } from './SystemEntities';

export default function ServersEntity(_props: SystemEntitiesProps) {
  const { t } = useTranslation();
  return (
    <Text c="dimmed" data-testid="not-available">
      {t('common.notAvailableYetLong')}
    </Text>
  );
}
