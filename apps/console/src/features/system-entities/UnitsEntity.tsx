/**
 * Units (spec 001 §2 /system_entities units; spec 000 §3 Unit).
 */
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SystemEntitiesProps } from './SystemEntities';

export default function UnitsEntity(_props: SystemEntitiesProps) {
  const { t } = useTranslation();
  return (
    <Text c="dimmed" data-testid="not-available">
      {t('common.notAvailableYetLong')}
    </Text>
  );
}
