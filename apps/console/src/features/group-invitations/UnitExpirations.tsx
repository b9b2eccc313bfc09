/**
 * Unit expiration in a group (spec 001 §7 GET/PUT v2/groups/{id}/units/{unitId}/expiration; §9
 * ad-hoc periods): each unit of the group with until when it stays (permanently, a date, or
 * expired), set to an ad-hoc period from now or made permanent again.
 */
import { useState } from 'react';
import { Badge, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ADHOC_PERIODS } from '@fleet/contracts';
import { endpointKey, useEndpointMutation, useEndpointQuery } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import { useCanCall } from '../../kit/access';

const PERMANENT = 'permanent';

function UnitRow({ groupId, unitId, label }: { readonly groupId: string; readonly unitId: string; readonly label: string }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const errorText = useApiErrorMessage();
  const canWrite = useCanCall('updateGroupUnitExpiration');
  const expiration = useEndpointQuery('getGroupUnitExpiration', { params: { id: groupId, unitId } });
  const save = useEndpointMutation('updateGroupUnitExpiration');
  const [choice, setChoice] = useState<string>(PERMANENT);
  const current = expiration.data;
  let state = t('common.loading');
  if (expiration.isError) state = errorText(expiration.error);
  else if (current) {
    if (current.expiresAt === null) state = t('groups.invitations.permanent');
    else if (current.expired) state = t('groups.invitations.expired');
    else state = t('groups.invitations.until', { date: new Date(current.expiresAt).toLocaleString(i18n.language) });
  }
  const onApply = () => {
    const period = ADHOC_PERIODS.find((p) => p === choice) ?? null;
    save.mutate(
      { params: { id: groupId, unitId }, body: { period } },
      { onSuccess: (saved) => queryClient.setQueryData(endpointKey('getGroupUnitExpiration', { params: { id: groupId, unitId } }), saved) },
    );
  };
  return (
    <Table.Tr data-testid={`unit-expiration-${unitId}`} data-expires={current?.expiresAt ?? ''}>
      <Table.Td>{label}</Table.Td>
      <Table.Td>
        <Badge variant="light" color={current?.expired === true ? 'red' : 'blue'} data-testid={`unit-expiration-state-${unitId}`}>
          {state}
        </Badge>
        {save.error && (
          <Text size="xs" c="red" role="alert">
            {errorText(save.error)}
          </Text>
        )}
      </Table.Td>
      {canWrite && (
        <Table.Td>
          <Group gap="xs" wrap="nowrap">
            <Select
              size="xs"
              aria-label={t('groups.invitations.expiration')}
              data={[
                { value: PERMANENT, label: t('groups.invitations.permanent') },
                ...ADHOC_PERIODS.map((p) => ({ value: p, label: t(`groups.invitations.periods.${p}`) })),
              ]}
              value={choice}
              allowDeselect={false}
              onChange={(v) => v !== null && setChoice(v)}
              data-testid={`unit-expiration-period-${unitId}`}
            />
            <Button size="xs" variant="light" loading={save.isPending} onClick={onApply} data-testid={`unit-expiration-apply-${unitId}`}>
              {t('groups.invitations.apply')}
            </Button>
          </Group>
        </Table.Td>
      )}
    </Table.Tr>
  );
}

export function UnitExpirations({
  groupId,
  units,
}: {
  readonly groupId: string;
  readonly units: readonly { readonly value: string; readonly label: string }[];
}) {
  const { t } = useTranslation();
  if (units.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="unit-expirations-empty">
        {t('groups.invitations.noUnits')}
      </Text>
    );
  }
  return (
    <Stack gap={4} data-testid="unit-expirations">
      <Table withTableBorder verticalSpacing={4}>
        <Table.Tbody>
          {units.map((u) => (
            <UnitRow key={u.value} groupId={groupId} unitId={u.value} label={u.label} />
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
