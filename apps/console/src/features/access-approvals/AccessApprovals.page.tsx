/**
 * Access approvals (spec 001 §2 /access_approvals, a super-user page; §4 "Access approval: active,
 * expired, used", "Support access on a device lasts 8 hours, then blocks automatically"), on the
 * resource kit: every approval, newest first, 50 a page, filtered by status and searched (device,
 * reason, who asked); an active one is revoked (it ends now) or marked used, from its row or from
 * its details (a row opens them, read fresh with getAccessApproval: its status as of now and the
 * time left). An active approval whose time is up reads expired without waiting for a reload.
 * Follows accessApproval.changed live.
 */
import { createContext, useContext, useMemo, useState } from 'react';
import { Badge, Button, Group, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ACCESS_APPROVAL_SORT_KEYS, ACCESS_APPROVAL_STATES, type AccessApproval, type AccessApprovalStatus } from '@fleet/contracts';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { defineResource, op, ResourceList, ResourceModal, searchValueQuery, useCanCall, useListView, useToastMutation } from '../../kit';
import { MutedText, StrongText } from '../../kit/MutedText';
import { useNow } from '../../kit/useNow';
import type { PageProps } from '../../pages/types';
import { invalidateReads } from '../../realtime/systemEntities';
import { shownStatus } from './approvalStatus';
import { useRegionCall } from '../../api/regionCalls';
import { enumLabel } from '../../lib/tolerant';
import { dateText } from '../../lib/dateFormat';

const TICK_MS = 15_000;
const STATUS_COLOR: Record<AccessApprovalStatus, string> = { active: 'green', expired: 'gray', used: 'blue' };
const READS = ['listAccessApprovals', 'getAccessApproval'] as const;
type Filter = AccessApprovalStatus | 'all';

/** The time the page shows statuses at: it moves every TICK_MS, so an active approval whose time is up shows expired. */
const Now = createContext(0);

/** When an approval ended: revoked or used, by whom and when. */
function endedText(t: TFunction, a: AccessApproval): string {
  if (a.revokedAt) return t('adminPages.accessApprovals.revokedBy', { who: a.revokedBy ?? '?', when: dateText(a.revokedAt, (d) => d.toLocaleString()) });
  if (a.usedAt) return t('adminPages.accessApprovals.usedBy', { who: a.usedBy ?? '?', when: dateText(a.usedAt, (d) => d.toLocaleString()) });
  return t('common.none');
}

/** The approvals of one status (all: every one); a status shows as of the page's time (`Now`). */
function approvalResource(status: Filter) {
  return defineResource<AccessApproval, AccessApproval, object>({
    testId: 'aa',
    formTestId: 'aa-details',
    titles: { new: 'adminPages.accessApprovals.details', edit: 'adminPages.accessApprovals.details', noun: 'adminPages.accessApprovals.noun' },
    rowKey: (a) => a.id,
    label: (a) => a.deviceName || a.deviceId,
    list: {
      op: op('listAccessApprovals', (view) => ({ query: { ...searchValueQuery(view, ACCESS_APPROVAL_SORT_KEYS), ...(status === 'all' ? {} : { status }) } })),
      searchKeys: [],
      defaultSort: 'createdAt',
    },
    columns: (t) => [
      { id: 'device', header: t('adminPages.accessApprovals.columns.device'), sortKey: 'deviceId', render: (a) => <DeviceName approval={a} /> },
      { id: 'status', header: t('adminPages.accessApprovals.columns.status'), sortKey: 'status', render: (a) => <StatusBadge approval={a} /> },
      { id: 'reason', header: t('adminPages.accessApprovals.columns.reason'), render: (a) => a.reason || t('common.none') },
      { id: 'requestedBy', header: t('adminPages.accessApprovals.columns.requestedBy'), render: (a) => a.requestedBy ?? t('common.none') },
      ...(['createdAt', 'expiresAt'] as const).map((at) => ({
        id: at,
        header: t(`adminPages.accessApprovals.columns.${at}`),
        sortKey: at,
        render: (a: AccessApproval) => dateText(a[at], (d) => d.toLocaleString()),
      })),
      { id: 'ended', header: t('adminPages.accessApprovals.columns.ended'), render: (a) => endedText(t, a), cellTestId: true },
      { id: 'actions', header: t('kit.list.actions'), render: (a) => <ApprovalActions approval={a} testId="aa" /> },
    ],
    get: op('getAccessApproval', (id: string) => ({ params: { id } })),
  });
}

/**
 * Revoke and mark used of an active approval, with their toasts; the approval's reads are read
 * again after either. A click on them does not open the row's details.
 */
function ApprovalActions({ approval: a, testId, after }: { approval: AccessApproval; testId: string; after?: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const options = (how: 'revoke' | 'use') => ({
    success: () => t(`adminPages.accessApprovals.toasts.${how}`, { device: a.deviceName || a.deviceId }),
    onSuccess: () => {
      invalidateReads(queryClient, READS);
      after?.();
    },
  });
  const revoke = useToastMutation('revokeAccessApproval', options('revoke'));
  const use = useToastMutation('useAccessApproval', options('use'));
  const mayRevoke = useCanCall('revokeAccessApproval');
  const mayUse = useCanCall('useAccessApproval');
  const now = useContext(Now);
  if (shownStatus(a, now) !== 'active') return null;
  const body = { params: { id: a.id }, body: { version: a.version } };
  return (
    <Group gap={4} wrap="nowrap" onClick={(e) => e.stopPropagation()}>
      {mayRevoke && (
        <Button size="compact-xs" variant="light" color="red" onClick={() => revoke.mutate(body)} data-testid={`${testId}-revoke-${a.id}`}>
          {t('adminPages.accessApprovals.revoke')}
        </Button>
      )}
      {mayUse && (
        <Button size="compact-xs" variant="light" onClick={() => use.mutate(body)} data-testid={`${testId}-use-${a.id}`}>
          {t('adminPages.accessApprovals.markUsed')}
        </Button>
      )}
    </Group>
  );
}

export default function AccessApprovalsPage({ route }: PageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t(`routes.${route.id}`));
  const [status, setStatus] = useState<Filter>('all');
  const [view, setView] = useListView('', 'createdAt', 'desc');
  const [open, setOpen] = useState<string | null>(null);
  const now = useNow(TICK_MS);
  const resource = useMemo(() => approvalResource(status), [status]);
  useRegionCall(resource.list.op.id);
  const list = useQuery({
    queryKey: resource.list.op.key(view),
    queryFn: ({ signal }) => resource.list.op.run(view, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <Now.Provider value={now}>
      <Stack gap="md" p="md" data-testid="access-approvals-page">
        <Title order={1} size="h2">
          {t(`routes.${route.id}`)}
        </Title>
        <ResourceList
          testId="aa"
          columns={resource.columns(t)}
          view={view}
          onViewChange={setView}
          query={list}
          rowKey={resource.rowKey}
          onOpen={(a) => setOpen(a.id)}
          rowData={(a) => ({ 'data-device': a.deviceId, 'data-status': shownStatus(a, now) })}
          emptyText={t('adminPages.accessApprovals.empty')}
          toolbar={
            <SegmentedControl
              value={status}
              onChange={(v) => {
                setStatus(ACCESS_APPROVAL_STATES.find((s) => s === v) ?? 'all');
                setView((current) => ({ ...current, page: 1 }));
              }}
              data={[
                { value: 'all', label: t('adminPages.accessApprovals.all') },
                ...ACCESS_APPROVAL_STATES.map((s) => ({ value: s, label: t(`adminPages.accessApprovals.statuses.${s}`) })),
              ]}
              data-testid="aa-status"
            />
          }
        />
        {open !== null && <ApprovalDetails resource={resource} id={open} onClose={() => setOpen(null)} />}
      </Stack>
    </Now.Provider>
  );
}

function StatusBadge({ approval: a }: { approval: AccessApproval }) {
  const { t } = useTranslation();
  const shown = shownStatus(a, useContext(Now));
  return (
    <Badge variant="light" color={STATUS_COLOR[shown]} data-testid={`aa-status-${a.id}`}>
      {enumLabel(t, 'adminPages.accessApprovals.statuses', shown)}
    </Badge>
  );
}

function DeviceName({ approval: a }: { approval: AccessApproval }) {
  return (
    <>
      <StrongText>{a.deviceName || a.deviceId}</StrongText>
      <MutedText size="xs">{a.deviceId}</MutedText>
    </>
  );
}

/** One approval as the core keeps it now: who asked and why, when it ends (the time left while active), who ended it. */
function ApprovalDetails({ resource, id, onClose }: { resource: ReturnType<typeof approvalResource>; id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { get } = resource;
  const now = useContext(Now);
  useRegionCall(get?.id);
  const query = useQuery({
    queryKey: get ? get.key(id) : ['aa.none'],
    queryFn: ({ signal }) => (get ? get.run(id, signal) : Promise.reject(new Error('no read'))),
    staleTime: 0,
  });
  const row = (label: string, value: string, testId?: string) => [
    <MutedText key={`${label}-l`}>{label}</MutedText>,
    <Text key={`${label}-v`} fz="sm" data-testid={testId}>
      {value}
    </Text>,
  ];
  const details = (a: AccessApproval) => {
    const status = shownStatus(a, now);
    return (
      <Stack gap="sm">
        <SimpleGrid cols={2} spacing="xs" verticalSpacing={4}>
          {row(t('adminPages.accessApprovals.columns.device'), `${a.deviceName || a.deviceId} (${a.deviceId})`)}
          {row(t('adminPages.accessApprovals.columns.status'), enumLabel(t, 'adminPages.accessApprovals.statuses', status), 'aa-details-status')}
          {row(t('adminPages.accessApprovals.columns.reason'), a.reason || t('common.none'))}
          {row(t('adminPages.accessApprovals.columns.requestedBy'), a.requestedBy ?? t('common.none'))}
          {row(t('adminPages.accessApprovals.approvedBy'), a.approvedBy ?? t('common.none'))}
          {row(
            t('adminPages.accessApprovals.columns.createdAt'),
            dateText(a.createdAt, (d) => d.toLocaleString()),
          )}
          {row(
            t('adminPages.accessApprovals.columns.expiresAt'),
            dateText(a.expiresAt, (d) => d.toLocaleString()),
          )}
          {status === 'active' &&
            row(
              t('adminPages.accessApprovals.timeLeft'),
              t('adminPages.accessApprovals.minutes', { count: Math.ceil((new Date(a.expiresAt).getTime() - now) / 60_000) }),
              'aa-details-left',
            )}
          {row(t('adminPages.accessApprovals.columns.ended'), endedText(t, a))}
        </SimpleGrid>
        <Group justify="flex-end">
          <ApprovalActions approval={a} testId="aa-details" after={onClose} />
        </Group>
      </Stack>
    );
  };
  return (
    <ResourceModal
      testId="aa-details"
      title={t('adminPages.accessApprovals.details')}
      isNew={false}
      query={query}
      editor={(a) => a && details(a)}
      tabs={[]}
      onClose={onClose}
    />
  );
}
