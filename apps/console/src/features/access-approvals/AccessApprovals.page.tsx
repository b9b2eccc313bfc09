/**
 * Access approvals (spec 001 §2 /access_approvals, a super-user page; §4 "Access approval: active,
 * expired, used", "Support access on a device lasts 8 hours, then blocks automatically"): every
 * approval, newest first, 50 a page, filtered by status and searched (device, reason, who asked);
 * an active one is revoked (it ends now) or marked used. An active approval whose time is up reads
 * expired without waiting for a reload. Follows accessApproval.changed live.
 */
import { useEffect, useState } from 'react';
import { Badge, Button, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ACCESS_APPROVAL_STATES, type AccessApproval, type AccessApprovalStatus } from '@fleet/contracts';
import { useApiErrorMessage } from '../../api/errorMessage';
import { useEndpointMutation, useEndpointQuery } from '../../api/hooks';
import { ListTable, type ListColumn } from '../../components/ListTable';
import { QueryView } from '../../components/QueryView';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import type { PageProps } from '../../pages/types';
import { useToast } from '../../toast/useToast';
import { useRefetchOn } from '../whats-new/useRefetchOn';
import { shownStatus } from './approvalStatus';

const PAGE_SIZE = 50;
const TICK_MS = 15_000;
const STATUS_COLOR: Record<AccessApprovalStatus, string> = { active: 'green', expired: 'gray', used: 'blue' };

export default function AccessApprovalsPage({ route }: PageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t(`routes.${route.id}`));
  const toast = useToast();
  const errorText = useApiErrorMessage();
  const [status, setStatus] = useState<AccessApprovalStatus | 'all'>('all');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const query = {
    offset: (page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
    ...(status !== 'all' ? { status } : {}),
    ...(search.trim() !== '' ? { searchValue: search.trim() } : {}),
  };
  const list = useEndpointQuery('listAccessApprovals', { query }, { placeholderData: (previous) => previous });
  useRefetchOn(['accessApproval.changed'], ['listAccessApprovals']);
  const revoke = useEndpointMutation('revokeAccessApproval');
  const use = useEndpointMutation('useAccessApproval');
  const act = (a: AccessApproval, how: 'revoke' | 'use') =>
    (how === 'revoke' ? revoke : use).mutate(
      { params: { id: a.id }, body: { version: a.version } },
      {
        onSuccess: () => {
          toast.show({ message: t(`adminPages.accessApprovals.toasts.${how}`, { device: a.deviceName || a.deviceId }), variant: 'success' });
          void list.refetch();
        },
        onError: (e) => toast.show({ message: errorText(e), variant: 'error' }),
      },
    );
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : t('common.none'));
  const ended = (a: AccessApproval) => {
    if (a.revokedAt) return t('adminPages.accessApprovals.revokedBy', { who: a.revokedBy ?? '?', when: when(a.revokedAt) });
    if (a.usedAt) return t('adminPages.accessApprovals.usedBy', { who: a.usedBy ?? '?', when: when(a.usedAt) });
    return t('common.none');
  };
  const columns: ListColumn<AccessApproval>[] = [
    {
      id: 'device',
      header: t('adminPages.accessApprovals.columns.device'),
      render: (a) => (
        <>
          <Text fz="sm" fw={500}>{a.deviceName || a.deviceId}</Text>
          <Text fz="xs" c="dimmed">{a.deviceId}</Text>
        </>
      ),
    },
    {
      id: 'status',
      header: t('adminPages.accessApprovals.columns.status'),
      render: (a) => {
        const shown = shownStatus(a, now);
        return <Badge variant="light" color={STATUS_COLOR[shown]} data-testid={`aa-status-${a.id}`}>{t(`adminPages.accessApprovals.statuses.${shown}`)}</Badge>;
      },
    },
    { id: 'reason', header: t('adminPages.accessApprovals.columns.reason'), render: (a) => a.reason || t('common.none') },
    { id: 'requestedBy', header: t('adminPages.accessApprovals.columns.requestedBy'), render: (a) => a.requestedBy ?? t('common.none') },
    { id: 'createdAt', header: t('adminPages.accessApprovals.columns.createdAt'), render: (a) => when(a.createdAt) },
    { id: 'expiresAt', header: t('adminPages.accessApprovals.columns.expiresAt'), render: (a) => when(a.expiresAt) },
    { id: 'ended', header: t('adminPages.accessApprovals.columns.ended'), render: ended, cellTestId: true },
    {
      id: 'actions',
      header: t('adminPages.accessApprovals.columns.actions'),
      render: (a) =>
        shownStatus(a, now) === 'active' && (
          <Group gap={4} wrap="nowrap">
            <Button size="compact-xs" variant="light" color="red" onClick={() => act(a, 'revoke')} data-testid={`aa-revoke-${a.id}`}>
              {t('adminPages.accessApprovals.revoke')}
            </Button>
            <Button size="compact-xs" variant="light" onClick={() => act(a, 'use')} data-testid={`aa-use-${a.id}`}>
              {t('adminPages.accessApprovals.markUsed')}
            </Button>
          </Group>
        ),
    },
  ];

  return (
    <Stack gap="md" p="md" data-testid="access-approvals-page">
      <Title order={2}>{t(`routes.${route.id}`)}</Title>
      <Group justify="space-between">
        <SegmentedControl
          value={status}
          onChange={(v) => { setStatus(v as AccessApprovalStatus | 'all'); setPage(1); }}
          data={[{ value: 'all', label: t('adminPages.accessApprovals.all') }, ...ACCESS_APPROVAL_STATES.map((s) => ({ value: s, label: t(`adminPages.accessApprovals.statuses.${s}`) }))]}
          data-testid="aa-status"
        />
        <TextInput
          placeholder={t('adminPages.accessApprovals.search')}
          aria-label={t('adminPages.accessApprovals.search')}
          value={search}
          onChange={(e) => { setSearch(e.currentTarget.value); setPage(1); }}
          data-testid="aa-search"
        />
      </Group>
      <QueryView query={list} testIdPrefix="aa-list" errorTitle={t('adminPages.loadError')}>
        {(data) => (
          <ListTable
            items={data.items}
            total={data.total}
            columns={columns}
            rowKey={(a) => a.id}
            rowData={(a) => ({ 'data-device': a.deviceId, 'data-status': shownStatus(a, now) })}
            tableTestId="table"
            emptyText={t('adminPages.accessApprovals.empty')}
            testIdPrefix="aa"
            minWidth={900}
            page={page}
            pageSize={PAGE_SIZE}
            onPage={setPage}
          />
        )}
      </QueryView>
    </Stack>
  );
}
