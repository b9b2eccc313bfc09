/**
 * Unit expiration in a group (spec 001 §7 GET/PUT v2/groups/{id}/units/{unitId}/expiration; §9
 * ad-hoc periods): each unit of the group with until when it stays (permanently, a date, or
 * expired), set to an ad-hoc period from now or made permanent again.
 */
import { useState } from 'react';
import { Badge, Button, Group, Text } from '@mantine/core';
import { Select } from '../../../components/Pickers';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ADHOC_PERIODS } from '@fleet/contracts';
import { endpointKey, useEndpointMutation, useEndpointQuery } from '../../../api/hooks';
import { useApiErrorMessage } from '../../../api/errorMessage';
import { useCanCall } from '../../../kit/access';
import { ListTable, type ListColumn } from '../../../kit/ListTable';
import { dateText } from '../../../lib/dateFormat';

const PERMANENT = 'permanent';

interface UnitItem {
  readonly groupId: string;
  readonly unitId: string;
  readonly label: string;
}

/** A unit's row: its expiration as read, the period chosen and its apply. */
function useUnitExpiration({ groupId, unitId, label }: UnitItem) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const errorText = useApiErrorMessage();
  const expiration = useEndpointQuery('getGroupUnitExpiration', { params: { id: groupId, unitId } });
  const save = useEndpointMutation('updateGroupUnitExpiration', {
    onSuccess: (saved) => queryClient.setQueryData(endpointKey('getGroupUnitExpiration', { params: { id: groupId, unitId } }), saved),
  });
  const [choice, setChoice] = useState<string>(PERMANENT);
  const current = expiration.data;
  let state = t('common.loading');
  if (expiration.isError) state = errorText(expiration.error);
  else if (current) {
    if (current.expiresAt == null) state = t('groups.invitations.permanent');
    else if (current.expired) state = t('groups.invitations.expired');
    else state = t('groups.invitations.until', { date: dateText(current.expiresAt, (d) => d.toLocaleString(i18n.language)) });
  }
  const apply = () => save.mutate({ params: { id: groupId, unitId }, body: { period: ADHOC_PERIODS.find((p) => p === choice) ?? null } });
  const saveError = save.error ? errorText(save.error) : null;
  return { unitId, label, state, current, saveError, choice, setChoice, apply, saving: save.isPending };
}
type UnitRow = ReturnType<typeof useUnitExpiration>;

export function UnitExpirations({
  groupId,
  units,
}: {
  readonly groupId: string;
  readonly units: readonly { readonly value: string; readonly label: string }[];
}) {
  const { t } = useTranslation();
  const canWrite = useCanCall('updateGroupUnitExpiration');
  const columns: ListColumn<UnitRow>[] = [
    { id: 'unit', header: '', render: (u) => u.label },
    {
      id: 'state',
      header: '',
      render: (u) => (
        <>
          <Badge variant="light" color={u.current?.expired === true ? 'red' : 'blue'} data-testid={`unit-expiration-state-${u.unitId}`}>
            {u.state}
          </Badge>
          {u.saveError != null && (
            <Text size="xs" c="red" role="alert">
              {u.saveError}
            </Text>
          )}
        </>
      ),
    },
  ];
  if (canWrite) {
    columns.push({
      id: 'period',
      header: '',
      render: (u) => (
        <Group gap="xs" wrap="nowrap">
          <Select
            size="xs"
            aria-label={t('groups.invitations.expiration')}
            data={[
              { value: PERMANENT, label: t('groups.invitations.permanent') },
              ...ADHOC_PERIODS.map((p) => ({ value: p, label: t(`groups.invitations.periods.${p}`) })),
            ]}
            value={u.choice}
            allowDeselect={false}
            onChange={(v) => v !== null && u.setChoice(v)}
            data-testid={`unit-expiration-period-${u.unitId}`}
          />
          <Button size="xs" variant="light" loading={u.saving} onClick={u.apply} data-testid={`unit-expiration-apply-${u.unitId}`}>
            {t('groups.invitations.apply')}
          </Button>
        </Group>
      ),
    });
  }
  return (
    <ListTable
      plain
      headless
      tableProps={{ withTableBorder: true, verticalSpacing: 4 }}
      items={units.map((u) => ({ groupId, unitId: u.value, label: u.label }))}
      rowKey={(u) => u.unitId}
      useRow={useUnitExpiration}
      columns={columns}
      testIdPrefix="unit-expirations"
      testId="unit-expirations"
      emptyText={t('groups.invitations.noUnits')}
      rowTestId={(u) => `unit-expiration-${u.unitId}`}
      rowData={(u) => ({ 'data-expires': u.current?.expiresAt ?? '' })}
    />
  );
}
