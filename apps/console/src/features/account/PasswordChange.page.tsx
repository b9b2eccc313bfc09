/**
 * The password change page a user within 14 days of password expiry is sent to right after signing
 * in (spec 000 §6 "unless dismissed"): change the password here, or keep it for now (the dismissal
 * is remembered by the core, so the user is not sent here again for this expiry), then continue to
 * the route they were going to (`next`). Reachable directly too, from any signed-in session.
 */
import { useState } from 'react';
import { Alert, Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { endpointKey, useEndpointMutation, useEndpointQuery } from '../../api/hooks';
import { StandalonePage } from '../../components/StandalonePage';
import type { PageProps } from '../../pages/types';
import { LIST_PATH } from '../../routing/routes';
import { NEXT_PARAM } from '../../session/initialRoute';
import { continueTarget, daysLeft } from './accountForms';
import { PasswordChangeForm } from './PasswordChangeForm';
import { ErrorAlert, MutedText } from '../../kit';

export default function PasswordChangePage({ route }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  const expiry = useEndpointQuery('getOwnPasswordExpiry');
  const dismiss = useEndpointMutation('dismissOwnPasswordExpiry', {
    onSuccess: (state) => queryClient.setQueryData(endpointKey('getOwnPasswordExpiry'), state),
  });
  const target = continueTarget(search.get(NEXT_PARAM), LIST_PATH);
  const go = () => void navigate(target, { replace: true });
  // The time the page opened: the days left read once, not on every render.
  const [openedAt] = useState(() => Date.now());
  const days = daysLeft(expiry.data?.expiresAt ?? null, openedAt);

  return (
    <StandalonePage title={t(`routes.${route.id}`)} testId={`page-${route.id}`}>
      {expiry.data?.expiring === true && days !== null && (
        <Alert color="yellow" data-testid="password-expiry-warning">
          {days === 0 ? t('account.expiry.expired') : t('account.expiry.expiresIn', { count: days })}
        </Alert>
      )}
      {expiry.data !== undefined && !expiry.data.expiring && <MutedText>{t('account.expiry.notExpiring')}</MutedText>}
      <PasswordChangeForm
        onChanged={go}
        extraActions={
          <Button variant="default" loading={dismiss.isPending} onClick={() => dismiss.mutate({}, { onSuccess: go })} data-testid="password-change-dismiss">
            {t('account.expiry.dismiss')}
          </Button>
        }
      />
      <ErrorAlert error={dismiss.error} />
    </StandalonePage>
  );
}
