/**
 * Says, above the page, that the core answered the signed-in user's details partly
 * (session/currentUser.ts): which of them it left out; the console works on with what grants nothing
 * in their place. Dismissible for this page load (the same fields missing in a later answer stay dismissed); a whole
 * answer (the poll's) takes it away.
 */
import { useState } from 'react';
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@fleet/contracts';
import { userGaps } from '../session/currentUser';

export function PartialUserNotice({ user }: { readonly user: CurrentUser }) {
  const { t } = useTranslation();
  // What was dismissed: the same gaps in a later answer (the poll's) stay dismissed, others show.
  const [dismissed, setDismissed] = useState<string | null>(null);
  const gaps = userGaps(user);
  const said = gaps.join(' ');
  if (gaps.length === 0 || dismissed === said) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      mb="md"
      title={t('regions.partialUser.title')}
      withCloseButton
      closeButtonLabel={t('common.close')}
      onClose={() => setDismissed(said)}
      data-testid="partial-user-notice"
      data-fields={said}
    >
      {t('regions.partialUser.body', { fields: gaps.map((gap) => t(`regions.userFields.${gap}`)).join(', ') })}
    </Alert>
  );
}
