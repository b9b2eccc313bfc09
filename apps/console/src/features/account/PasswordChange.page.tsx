import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { StandalonePage } from '../../components/StandalonePage';
import type { PageProps } from '../../pages/types';

/** The password change page a user within 14 days of password expiry is sent to (spec 000 §6), unless dismissed. */
export default function PasswordChangePage({ route }: PageProps) {
  const { t } = useTranslation();
  return (
    <StandalonePage title={t(`routes.${route.id}`)} testId={`page-${route.id}`}>
      <Text c="dimmed" data-testid="not-available">
        {t('common.notAvailableYetLong')}
      </Text>
    </StandalonePage>
  );
}
