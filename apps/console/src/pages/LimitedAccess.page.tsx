import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { StandalonePage } from '../components/StandalonePage';
import type { PageProps } from './types';

/** The Limited Access page of video-return-only accounts (spec 000 §2, §6). */
export default function LimitedAccessPage({ route }: PageProps) {
  const { t } = useTranslation();
  return (
    <StandalonePage title={t(`routes.${route.id}`)} testId={`page-${route.id}`}>
      <Text c="dimmed" data-testid="not-available">
        {t('common.notAvailableYetLong')}
      </Text>
    </StandalonePage>
  );
}
