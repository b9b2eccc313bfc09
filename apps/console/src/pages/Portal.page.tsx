import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { StandalonePage } from '../components/StandalonePage';
import type { PageProps } from './types';

/** /customer_portal and /easy_live: entry pages outside the console, not built yet. */
export default function PortalPage({ route }: PageProps) {
  const { t } = useTranslation();
  return (
    <StandalonePage title={t(`routes.${route.id}`)} testId={`portal-${route.id}`}>
      <Text c="dimmed" data-testid="not-available">
        {t('common.notAvailableYetLong')}
      </Text>
    </StandalonePage>
  );
}
