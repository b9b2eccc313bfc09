/**
 * /remote_actions for partners (spec 001 §2 "support actions for partners") and, with an inventory
 * filter over every inventory's units, for super user and staff (the admin view): the units of the
 * partner's inventories (the unit list call, kept current over /ws by the shell), each with the
 * three support actions — send logs (a description, optionally the channel), reboot (confirmed),
 * support access for 8 hours (a reason) — and the history of actions (GET v2/remoteActions, newest
 * first, paged, read again on `remoteAction.changed`), with the time left of an
 * active support access; an action opens with its details read afresh (RemoteActionDetail).
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Badge, Button, Group, Stack, Text, Textarea, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { Select } from '../../components/Pickers';
import { Modal } from '../../components/Overlays';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RemoteAction, RemoteActionKind, RemoteActionPage, SupportAccess, UnitSummary } from '@fleet/contracts';
import { isApiError } from '../../api/ApiError';
import { useEndpointQuery } from '../../api/hooks';
import { QueryView } from '../../components/QueryView';
import { ListTable, type ListColumn } from '../../kit/ListTable';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { ErrorAlert, MutedText, StrongText, useToastMutation } from '../../kit';
import { useNow } from '../../kit/useNow';
import { invalidateReads } from '../../realtime/systemEntities';
import { useSessionUser } from '../../session/hooks';
import { RemoteActionDetail, STATUS_COLOR } from './RemoteActionDetail';
import { accessState, actionableUnits, activeAccessOf, durationParts, remainingMs } from './remoteActionsLogic';
import { enumLabel } from '../../lib/tolerant';
import { dateText } from '../../lib/dateFormat';

type Column = 'time' | 'device' | 'action' | 'status' | 'access' | 'requestedBy' | 'reason' | 'actions';
const PAGE_SIZE = 20;
const REMOTE_ACTION_READS = ['listRemoteActions', 'getRemoteAction'] as const;
/** How often the remaining time of support accesses is redrawn. */
const TICK_MS = 15_000;
const NO_UNITS: readonly UnitSummary[] = [];
/** A unit's three support actions, each opening its dialog. */
const ACTION_BUTTONS: readonly { kind: RemoteActionKind; testId: string; color?: string }[] = [
  { kind: 'sendLogs', testId: 'ra-send-logs' },
  { kind: 'reboot', testId: 'ra-reboot', color: 'orange' },
  { kind: 'supportAccess', testId: 'ra-support-access', color: 'grape' },
];

interface Dialog {
  readonly kind: RemoteActionKind;
  readonly unit: UnitSummary;
}

export function PartnerRemoteActions() {
  return <RemoteActionsView admin={false} />;
}

/**
 * The remote actions view. Partners act on the units of their inventories; the admin view (super
 * user and staff) on every unit, narrowed to one inventory by its filter (the history too).
 */
export function RemoteActionsView({ admin }: { readonly admin: boolean }) {
  const { t } = useTranslation();
  const title = t(admin ? 'routes.remoteActionsAdmin' : 'routes.remoteActionsPartner');
  useDocumentTitle(title);
  const user = useSessionUser();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [inventory, setInventory] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [opened, setOpened] = useState<string | null>(null);
  const units = useEndpointQuery('fetchDevices', {}, { staleTime: Number.POSITIVE_INFINITY });
  const inventories = useEndpointQuery('searchAdminInventories', { query: { limit: 1000 } }, { enabled: admin, staleTime: Number.POSITIVE_INFINITY });
  const historyQuery = { offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE, ...(inventory !== null ? { inventoryId: inventory } : {}) };
  const history = useEndpointQuery('listRemoteActions', { query: historyQuery }, { staleTime: Number.POSITIVE_INFINITY });
  // Never older than the data: a grant that arrives between two ticks must not be measured from the
  // older tick, which would show more than the 8 hours it lasts.
  const now = Math.max(useNow(TICK_MS), history.dataUpdatedAt);

  const inventoryIds = useMemo(() => (user?.inventories ?? []).map((i) => i.id), [user]);
  const mine = useMemo(() => {
    const all = units.data ?? NO_UNITS;
    if (!admin) return actionableUnits(all, inventoryIds);
    return inventory === null ? [...all] : actionableUnits(all, [inventory]);
  }, [units.data, inventoryIds, admin, inventory]);
  const needle = search.trim().toLowerCase();
  const shown = needle === '' ? mine : mine.filter((u) => u.name.toLowerCase().includes(needle) || u.uniqueId.toLowerCase().includes(needle));
  const known = history.data?.items ?? [];

  const remaining = (access: SupportAccess | null) => {
    if (!access) return t('common.none');
    const state = accessState(access, now);
    if (state !== 'active') return t(`remoteActions.access.${state}`);
    return t('remoteActions.access.active', durationParts(remainingMs(access, now)));
  };

  const column = <R,>(id: Column, render: (row: R) => ReactNode, cellTestId?: boolean): ListColumn<R> => ({
    id,
    header: t(`remoteActions.columns.${id}`),
    render,
    cellTestId,
  });
  const unitColumns = [
    column('device', (unit: UnitSummary) => (
      <>
        <StrongText>{unit.name}</StrongText>
        <MutedText size="xs">{unit.uniqueId}</MutedText>
      </>
    )),
    column('status', (unit: UnitSummary) => unit.status, true),
    column('access', (unit: UnitSummary) => remaining(activeAccessOf(known, unit.uniqueId, now)), true),
    column('actions', (unit: UnitSummary) => (
      <Group gap={4} wrap="nowrap">
        {ACTION_BUTTONS.map(({ kind, testId, color }) => (
          <Button
            key={kind}
            size="compact-xs"
            variant="light"
            color={color}
            onClick={() => setDialog({ kind, unit })}
            data-testid={`${testId}-${unit.uniqueId}`}
          >
            {t(`remoteActions.kinds.${kind}`)}
          </Button>
        ))}
      </Group>
    )),
  ];
  const historyColumns = [
    column('time', (a: RemoteAction) => dateText(a.createdAt, (d) => d.toLocaleString())),
    column('device', (a: RemoteAction) => a.deviceName || a.deviceId),
    column('action', (a: RemoteAction) => enumLabel(t, 'remoteActions.kinds', a.action)),
    column('status', (a: RemoteAction) => (
      <Badge color={STATUS_COLOR[a.status]} variant="light" data-testid={`ra-history-status-${a.id}`} data-status={a.status}>
        {enumLabel(t, 'remoteActions.statuses', a.status)}
      </Badge>
    )),
    column('access', (a: RemoteAction) => (a.action === 'supportAccess' ? remaining(a.supportAccess) : t('common.none')), true),
    column('requestedBy', (a: RemoteAction) => a.requestedBy ?? t('common.none')),
    column('reason', (a: RemoteAction) => a.reason || t('common.none')),
    {
      id: 'open',
      header: '',
      headerNode: <VisuallyHidden>{t('remoteActions.detail.open')}</VisuallyHidden>,
      render: (a: RemoteAction) => (
        <Button size="compact-xs" variant="subtle" onClick={() => setOpened(a.id)} data-testid={`ra-history-open-${a.id}`}>
          {t('remoteActions.detail.open')}
        </Button>
      ),
    },
  ];
  const historyTable = (data: RemoteActionPage) => (
    <ListTable
      tableProps={{ highlightOnHover: false }}
      minWidth={800}
      items={data.items}
      columns={historyColumns}
      rowKey={(a) => a.id}
      testIdPrefix="ra-history"
      testId="ra-history"
      rowTestId={(a) => `ra-history-${a.id}`}
      rowData={(a) => ({ 'data-device': a.deviceId, 'data-action': a.action })}
      emptyText={t('remoteActions.noHistory')}
      total={data.total}
      page={page}
      pageSize={PAGE_SIZE}
      onPage={setPage}
    />
  );

  return (
    <Stack gap="md" p="md" data-testid={admin ? 'remote-actions-admin-view' : 'remote-actions-partner'}>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Group justify="space-between">
        <Title order={4}>{t('remoteActions.devices')}</Title>
        {admin && (
          <Select
            aria-label={t('adminPages.remoteActions.inventory')}
            placeholder={t('adminPages.remoteActions.allInventories')}
            data={(inventories.data?.items ?? []).map((i) => ({ value: i.id, label: i.name }))}
            value={inventory}
            onChange={(v) => {
              setInventory(v);
              setPage(1);
            }}
            clearable
            searchable
            comboboxProps={{ withinPortal: true }}
            data-testid="ra-inventory-filter"
          />
        )}
        <TextInput
          placeholder={t('remoteActions.search')}
          aria-label={t('remoteActions.search')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          data-testid="ra-device-search"
        />
      </Group>
      <QueryView query={units} testIdPrefix="ra-devices" errorTitle={t('remoteActions.loadError')}>
        {() => (
          <ListTable
            items={shown}
            columns={unitColumns}
            rowKey={(u) => u.uniqueId}
            testIdPrefix="ra-devices"
            testId="ra-devices"
            rowTestIdPrefix="ra-device"
            rowTestId={(u) => `ra-device-${u.uniqueId}`}
            rowData={(u) => ({ 'data-status': u.status })}
            emptyText={t('remoteActions.noDevices')}
          />
        )}
      </QueryView>
      <Title order={4}>{t('remoteActions.history')}</Title>
      <QueryView query={history} testIdPrefix="ra-history" errorTitle={t('remoteActions.loadError')}>
        {historyTable}
      </QueryView>
      {dialog && <ActionDialog dialog={dialog} onClose={() => setDialog(null)} />}
      {opened !== null && <RemoteActionDetail id={opened} remaining={remaining} onClose={() => setOpened(null)} />}
    </Stack>
  );
}

/** The confirmation (reboot) or the form (reason, description, channel) of one action, then its request. */
function ActionDialog({ dialog, onClose }: { readonly dialog: Dialog; readonly onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [channelId, setChannelId] = useState<string | null>(null);
  const { kind, unit } = dialog;
  const channels = useEndpointQuery('fetchChannels', {}, { enabled: kind === 'sendLogs', staleTime: Number.POSITIVE_INFINITY });
  const create = useToastMutation('createRemoteAction', {
    success: () => t('remoteActions.started', { action: t(`remoteActions.kinds.${kind}`), name: unit.name }),
    onSuccess: () => {
      invalidateReads(queryClient, REMOTE_ACTION_READS);
      onClose();
    },
    // The dialog shows the refusal.
    onError: () => undefined,
  });
  const fieldError = (field: string) => (isApiError(create.error) ? create.error.fields.find((f) => f.path === `body.${field}`)?.message : undefined);
  const otherError = fieldError('reason') || fieldError('channelId') ? null : create.error;
  const submit = () =>
    create.mutate({
      body: {
        deviceType: 'unit',
        deviceId: unit.uniqueId,
        action: kind,
        ...(reason.trim() !== '' ? { reason } : {}),
        ...(kind === 'sendLogs' && channelId ? { channelId } : {}),
      },
    });
  const channelOptions = (channels.data?.channels ?? []).map((c) => ({ value: c.channelId, label: c.channelName || c.channelId }));

  return (
    <Modal opened onClose={onClose} title={t(`remoteActions.${kind}.title`, { name: unit.name })}>
      <Stack gap="sm" data-testid={`ra-dialog-${kind}`}>
        <Text fz="sm">{t(`remoteActions.${kind}.body`)}</Text>
        {kind !== 'reboot' && (
          <Textarea
            label={t(`remoteActions.${kind}.reason`)}
            required={kind === 'sendLogs'}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={fieldError('reason')}
            autosize
            minRows={2}
            data-testid="ra-dialog-reason"
          />
        )}
        {kind === 'sendLogs' && (
          <Select
            label={t('remoteActions.sendLogs.channel')}
            placeholder={t('remoteActions.sendLogs.channelPlaceholder')}
            data={channelOptions}
            value={channelId}
            onChange={setChannelId}
            clearable
            searchable
            error={fieldError('channelId')}
            data-testid="ra-dialog-channel"
          />
        )}
        <ErrorAlert error={otherError} testId="ra-dialog-error" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('remoteActions.cancel')}
          </Button>
          <Button onClick={submit} loading={create.isPending} color={kind === 'reboot' ? 'orange' : undefined} data-testid="ra-dialog-confirm">
            {t(`remoteActions.${kind}.confirm`)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
