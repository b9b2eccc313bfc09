import { lazy, Suspense, useState } from 'react';
import { Badge, Button, Code, Group, Loader, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LIMITS, type Publisher } from '@fleet/contracts';
import { endpointPrefix, useEndpointMutation, useEndpointQuery } from '../../api/hooks';
import { ConfirmDeleteModal } from '../../components/ConfirmDeleteModal';
import { QueryView } from '../../components/QueryView';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import type { PageProps } from '../../pages/types';
import { useToast } from '../../toast/useToast';
import { useSharesLive } from './useSharesLive';

// Loaded when a publisher is created or edited, or its links opened.
const PublisherModal = lazy(() => import('./PublisherModal'));
const ShareLinksModal = lazy(() => import('./ShareLinksModal'));

type Dialog =
  | { readonly kind: 'create' }
  | { readonly kind: 'edit'; readonly id: string }
  | { readonly kind: 'links'; readonly id: string }
  | { readonly kind: 'rekey'; readonly id: string }
  | { readonly kind: 'delete'; readonly id: string };

/**
 * /manage/shares/publishers (spec 001 §2 shares, §3 Publisher): the publishers of the user's groups
 * (one group's when picked), searched by name, kept current over /ws; create and edit (name and
 * description with the §5 rules inline), a new share key, delete, and each publisher's share links
 * (at most 10, §9). The route is for SHARES_ROLES, who may also write.
 */
export default function PublishersPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t(`routes.${route.id}`));
  const [groupId, setGroupId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const queryClient = useQueryClient();
  const toast = useToast();
  const groups = useEndpointQuery('fetchGroups', {});
  const query = { ...(groupId === null ? {} : { groupId }), ...(search.trim() === '' ? {} : { searchValue: search.trim() }), limit: LIMITS.pageSizeMax };
  const list = useEndpointQuery('listPublishers', { query }, { staleTime: Number.POSITIVE_INFINITY });
  useSharesLive();
  const publishers = list.data?.items ?? [];
  const groupOptions = (groups.data ?? []).map((g) => ({ id: g.id, name: g.name }));
  // Dialogs hold the id: the row they show follows the list (and so /ws) while open.
  const current = dialog !== null && dialog.kind !== 'create' ? publishers.find((p) => p.id === dialog.id) : undefined;
  const rekey = useEndpointMutation('regeneratePublisherShareKey');
  const remove = useEndpointMutation('deletePublisher');
  const refresh = () => void queryClient.invalidateQueries({ queryKey: endpointPrefix('listPublishers') });
  const close = () => {
    rekey.reset();
    remove.reset();
    setDialog(null);
  };
  const when = (iso: string) => new Date(iso).toLocaleDateString(i18n.language);

  const row = (p: Publisher) => (
    <Table.Tr key={p.id} data-testid={`publisher-row-${p.id}`} data-name={p.name}>
      <Table.Td data-testid={`publisher-name-${p.id}`}>{p.name}</Table.Td>
      <Table.Td>{p.groupName}</Table.Td>
      <Table.Td>
        <Code data-testid={`publisher-key-${p.id}`}>{p.shareKey}</Code>
      </Table.Td>
      <Table.Td data-testid={`publisher-description-${p.id}`}>{p.description}</Table.Td>
      <Table.Td data-testid={`publisher-sources-${p.id}`} data-value={p.sources.channels.length + p.sources.vrChannels.length}>
        {[...p.sources.channels, ...p.sources.vrChannels].map((x) => x.name).join(', ')}
      </Table.Td>
      <Table.Td>{t('shares.publishers.createdOnBy', { on: when(p.createdAt), by: p.createdByName || '—' })}</Table.Td>
      <Table.Td>
        <Badge variant="light" color={p.shareLinks.length >= LIMITS.shareLinksMax ? 'orange' : 'gray'} data-testid={`publisher-links-${p.id}`} data-value={p.shareLinks.length}>
          {t('shares.links.count', { count: p.shareLinks.length, max: LIMITS.shareLinksMax })}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button size="compact-xs" variant="light" onClick={() => setDialog({ kind: 'links', id: p.id })} data-testid={`publisher-open-links-${p.id}`}>
            {t('shares.actions.links')}
          </Button>
          <Button size="compact-xs" variant="light" onClick={() => setDialog({ kind: 'edit', id: p.id })} data-testid={`publisher-edit-${p.id}`}>
            {t('shares.actions.edit')}
          </Button>
          <Button size="compact-xs" variant="light" color="orange" onClick={() => setDialog({ kind: 'rekey', id: p.id })} data-testid={`publisher-rekey-${p.id}`}>
            {t('shares.actions.regenerate')}
          </Button>
          <Button size="compact-xs" variant="light" color="red" onClick={() => setDialog({ kind: 'delete', id: p.id })} data-testid={`publisher-delete-${p.id}`}>
            {t('shares.actions.delete')}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );

  return (
    <Stack gap="sm" data-testid="publishers-page">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={2} data-testid="page-title">
          {t(`routes.${route.id}`)}
        </Title>
        <Group gap="sm" align="center">
          <Select
            aria-label={t('shares.fields.group')}
            placeholder={t('shares.publishers.allGroups')}
            data={groupOptions.map((g) => ({ value: g.id, label: g.name }))}
            value={groupId}
            onChange={setGroupId}
            clearable
            searchable
            size="xs"
            w={220}
            data-testid="publishers-group"
          />
          <TextInput
            aria-label={t('shares.search')}
            placeholder={t('shares.search')}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            size="xs"
            w={200}
            data-testid="publishers-search"
          />
          <Button size="xs" onClick={() => setDialog({ kind: 'create' })} data-testid="publishers-create">
            {t('shares.publishers.create')}
          </Button>
        </Group>
      </Group>
      <QueryView query={list} testIdPrefix="publishers" errorTitle={t('shares.loadFailed')}>
        {() =>
          publishers.length === 0 ? (
            <Text c="dimmed" data-testid="publishers-empty">
              {search.trim() === '' ? t('shares.publishers.empty') : t('shares.noMatch')}
            </Text>
          ) : (
            <Table striped highlightOnHover data-testid="publishers-table" aria-label={t(`routes.${route.id}`)}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('shares.columns.name')}</Table.Th>
                  <Table.Th>{t('shares.columns.group')}</Table.Th>
                  <Table.Th>{t('shares.columns.shareKey')}</Table.Th>
                  <Table.Th>{t('shares.columns.description')}</Table.Th>
                  <Table.Th>{t('shares.columns.sources')}</Table.Th>
                  <Table.Th>{t('shares.columns.created')}</Table.Th>
                  <Table.Th>{t('shares.columns.links')}</Table.Th>
                  <Table.Th aria-label={t('shares.columns.actions')} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>{publishers.map(row)}</Table.Tbody>
            </Table>
          )
        }
      </QueryView>
      {dialog !== null && (
        <Suspense fallback={<Loader size="sm" aria-label={t('common.loading')} />}>
          {dialog.kind === 'create' && <PublisherModal publisher={null} groups={groupOptions} defaultGroupId={groupId} onClose={close} />}
          {dialog.kind === 'edit' && current && <PublisherModal publisher={current} groups={groupOptions} defaultGroupId={null} onClose={close} />}
          {dialog.kind === 'links' && current && <ShareLinksModal publisher={current} onClose={close} />}
          {dialog.kind === 'rekey' && current && (
            <ConfirmDeleteModal
              title={t('shares.publishers.rekeyTitle')}
              question={t('shares.publishers.rekeyQuestion', { name: current.name })}
              deleteLabel={t('shares.actions.regenerate')}
              pending={rekey.isPending}
              error={rekey.error}
              onConfirm={() =>
                rekey.mutate(
                  { params: { id: current.id }, body: { version: current.version } },
                  {
                    onSuccess: () => {
                      refresh();
                      toast.show({ message: t('shares.toasts.rekeyed', { name: current.name }), variant: 'success' });
                      close();
                    },
                  },
                )
              }
              onClose={close}
              testIdPrefix="publisher-rekey"
            />
          )}
          {dialog.kind === 'delete' && current && (
            <ConfirmDeleteModal
              title={t('shares.publishers.deleteTitle')}
              question={t('shares.publishers.deleteQuestion', { name: current.name })}
              pending={remove.isPending}
              error={remove.error}
              onConfirm={() =>
                remove.mutate(
                  { params: { id: current.id } },
                  {
                    onSuccess: () => {
                      refresh();
                      toast.show({ message: t('shares.toasts.deleted', { name: current.name }), variant: 'success' });
                      close();
                    },
                  },
                )
              }
              onClose={close}
              testIdPrefix="publisher-delete"
            />
          )}
        </Suspense>
      )}
    </Stack>
  );
}
