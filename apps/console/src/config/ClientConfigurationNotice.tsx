import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ClientConfigurationState } from './clientConfiguration';

/**
 * What a user whose client configuration was rejected (403, spec 000 §8) sees: one plain sentence
 * saying that the configuration-dependent features are off, instead of a broken page.
 */
export function ClientConfigurationNotice({ state }: { readonly state: ClientConfigurationState }) {
  const { t } = useTranslation();
  if (state.status !== 'rejected') return null;
  return (
    <Alert color="yellow" variant="light" data-testid="client-configuration-rejected" title={t('entryPages.configuration.rejectedTitle')}>
      {t('entryPages.configuration.rejected')}
    </Alert>
  );
}
