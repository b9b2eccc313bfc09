import { useState } from 'react';
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@fleet/contracts';
import { useEndpointQuery } from '../api/hooks';
import { rolesOf } from '../session/hooks';
import { partialAccess, partialAccessDismissKey } from './partialAccess';

/** The same query (and freshness) as the scope picker's group list: one request serves both. */
const GROUPS_STALE_MS = 60_000;

function readDismissed(key: string): boolean {
  try {
    return window.sessionStorage.getItem(key) === '1';
  } catch {
    // Storage can be unavailable (privacy settings): the banner then comes back on reload.
    return false;
  }
}

/**
 * Spec 000 §2 Partial Access banner, shown in the shell while the rule of partialAccess.ts holds
 * (an inventory of the user that offers them no group, or no inventory); dismissible for the
 * browser session.
 */
export function PartialAccessBanner({ user }: { readonly user: CurrentUser }) {
  const { t } = useTranslation();
  const key = partialAccessDismissKey(user.id);
  const [dismissed, setDismissed] = useState(() => readDismissed(key));
  const groups = useEndpointQuery('lightFetchGroups', {}, { staleTime: GROUPS_STALE_MS });
  const partial = partialAccess({ roles: rolesOf(user), inventories: user.inventories, visibleGroups: groups.data });
  if (partial === null || dismissed) return null;
  const dismiss = () => {
    try {
      window.sessionStorage.setItem(key, '1');
    } catch {
      // See readDismissed: dismissed for this page only.
    }
    setDismissed(true);
  };
  return (
    <Alert
      color="orange"
      variant="light"
      mb="md"
      title={t('entryPages.partialAccess.title')}
      withCloseButton
      closeButtonLabel={t('entryPages.partialAccess.dismiss')}
      onClose={dismiss}
      data-testid="partial-access-banner"
      data-kind={partial.kind}
    >
      {partial.kind === 'noInventory'
        ? t('entryPages.partialAccess.noInventory')
        : t('entryPages.partialAccess.emptyInventories', { inventories: partial.inventories.join(', ') })}
    </Alert>
  );
}
