import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@fleet/contracts';
import { useLogout } from '../session/useLogout';

/** The foot of every entry page (customer portal, easy live, limited access): who is signed in, and log-out. */
export function SignedInFooter({ user }: { readonly user: CurrentUser | undefined }) {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <Group justify="space-between" wrap="nowrap" mt="sm">
      <Text size="sm" c="dimmed" data-testid="entry-signed-in-as">
        {user ? t('entryPages.common.signedInAs', { name: user.username }) : null}
      </Text>
      <Button variant="default" size="xs" onClick={() => void logout()} data-testid="entry-logout">
        {t('entryPages.common.logout')}
      </Button>
    </Group>
  );
}
