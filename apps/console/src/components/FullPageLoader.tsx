import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function FullPageLoader() {
  const { t } = useTranslation();
  return (
    <Center h="100vh" data-testid="page-loading">
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
}
