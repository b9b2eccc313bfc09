/**
 * The user's "unit and license activation" permission in the user modal of /users (spec 001 §6
 * "Unit and license activation is a grantable permission"): admins grant or revoke it on users of
 * their inventories (PUT v2/admin/users/{id}/permissions/unitLicenseActivation); with it the user
 * activates licences on /unit_license_activation. The user's read does not carry the permission,
 * so the section shows what the last change here made it. Shown only to the roles the catalogue
 * lets make the call.
 *
 * Test ids: `user-licence-permission`, `-grant`, `-revoke`, `-state`.
 */
import { useState } from 'react';
import { Badge, Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LicencePermission, UserAccountDetail } from '@fleet/contracts';
import { useCanApply, useToastMutation, MutedText } from '../../kit';

export function LicencePermissionSection({ user }: { readonly user: UserAccountDetail }) {
  const { t } = useTranslation();
  const may = useCanApply('setLicencePermission');
  const [answer, setAnswer] = useState<LicencePermission | null>(null);
  const set = useToastMutation('setLicencePermission', {
    success: (result) => t(result.granted ? 'users.licencePermission.granted' : 'users.licencePermission.revoked', { username: user.username }),
    onSuccess: setAnswer,
  });
  if (!may) return null;
  const change = (granted: boolean) => set.mutate({ params: { id: user.id }, body: { granted } });
  const pendingOn = (granted: boolean) => set.isPending && set.variables?.body?.granted === granted;
  return (
    <Stack gap="xs" data-testid="user-licence-permission">
      <MutedText>{t('users.licencePermission.help')}</MutedText>
      <Group gap="xs">
        {(['grant', 'revoke'] as const).map((how) => (
          <Button
            key={how}
            size="compact-sm"
            variant={how === 'grant' ? 'light' : 'default'}
            onClick={() => change(how === 'grant')}
            loading={pendingOn(how === 'grant')}
            disabled={set.isPending}
            data-testid={`user-licence-permission-${how}`}
          >
            {t(`users.licencePermission.${how}`)}
          </Button>
        ))}
        {answer !== null && answer.userId === user.id && (
          <Badge color={answer.granted ? 'green' : 'gray'} variant="light" data-testid="user-licence-permission-state" data-granted={String(answer.granted)}>
            {t(answer.granted ? 'users.licencePermission.stateGranted' : 'users.licencePermission.stateRevoked')}
          </Badge>
        )}
      </Group>
    </Stack>
  );
}
