/**
 * The group modal's invitations tab: "Add LU-Smart/Lite" (ad-hoc, permanent, settings), the guest
 * interview invite and the group's units with their expiration (spec 001 §2, §7, §9).
 */
import { Suspense, useMemo, useState } from 'react';
import { lazy } from '../../../lib/lazy';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ADHOC_PLAN_TYPES, PERMANENT_KEY_REGENERATION } from '@fleet/contracts';
import type { GroupDetail } from '@fleet/contracts';
import { useEndpointQuery } from '../../../api/hooks';
import { UnitExpirations } from './UnitExpirations';
import { useCanCall } from '../../../kit/access';
import { enumLabel } from '../../../lib/tolerant';

const AddLuSmartModal = lazy(() => import('./AddLuSmartModal'));
const GroupGuestInvite = lazy(() => import('./GroupGuestInvite'));

type Open = 'luSmart' | 'guest' | null;

/** The group's units with their names where the user may read the inventory's unit list, else their ids. */
function useGroupUnits(group: GroupDetail): { value: string; label: string }[] {
  const canList = useCanCall('listAdminInventoryUnits');
  const units = useEndpointQuery('listAdminInventoryUnits', { params: { id: group.inventoryId }, query: { limit: 1000 } }, { enabled: canList });
  return useMemo(() => {
    const names = new Map((units.data?.items ?? []).map((u) => [u.uniqueId, u.name]));
    return group.members.unitIds.map((id) => ({ value: id, label: names.get(id) ?? id }));
  }, [units.data, group.members.unitIds]);
}

export default function InvitationsTab({ group }: { readonly group: GroupDetail }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Open>(null);
  const units = useGroupUnits(group);
  const canInvite = useCanCall('createGroupInvitation');
  const planType = ADHOC_PLAN_TYPES.find((p) => p === group.invitation.adhocMode);
  const adhocLabel = planType === undefined ? t('groups.invitations.off') : enumLabel(t, 'groups.invitations.planTypes', planType);
  return (
    <Stack gap="sm" data-testid="group-invitations">
      <Group gap="sm">
        <Button onClick={() => setOpen('luSmart')} data-testid="group-add-lusmart">
          {t('groups.invitations.addLuSmart')}
        </Button>
        {canInvite && (
          <Button variant="light" onClick={() => setOpen('guest')} data-testid="group-guest-invite">
            {t('groups.invitations.guestInvite')}
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed" data-testid="group-invitation-summary">
        {t('groups.invitations.summary', {
          adhoc: adhocLabel,
          regeneration: t(
            `groups.invitations.regenerations.${PERMANENT_KEY_REGENERATION.find((r) => r === group.invitation.permanentRegeneration) ?? 'never'}`,
          ),
        })}
      </Text>
      <Title order={6}>{t('groups.invitations.unitExpiration')}</Title>
      <UnitExpirations groupId={group.id} units={units} />
      <Suspense fallback={null}>
        {open === 'luSmart' && <AddLuSmartModal groupId={group.id} onClose={() => setOpen(null)} />}
        {open === 'guest' && <GroupGuestInvite groupId={group.id} groupName={group.name} units={units} onClose={() => setOpen(null)} />}
      </Suspense>
    </Stack>
  );
}
