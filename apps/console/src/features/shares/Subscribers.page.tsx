import { lazy, Suspense, useState } from 'react';
import { Badge, Button, Code, Grid, Group, Loader, Paper, Stack, Table, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LIMITS, type Subscriber, type SubscriberFolder } from '@fleet/contracts';
import { endpointPrefix, useEndpointMutation, useEndpointQuery } from '../../api/hooks';
import { ConfirmDeleteModal } from '../../components/ConfirmDeleteModal';
import { QueryView } from '../../components/QueryView';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import type { PageProps } from '../../pages/types';
import { InventoryPicker, useInventoryChoice } from '../audio-rooms/InventoryPicker';
import { folderTree } from './shareForms';
import { useSharesLive } from './useSharesLive';

// Loaded when a folder or subscriber is created or edited.
const FolderModal = lazy(() => import('./FolderModal'));
const SubscriberModal = lazy(() => import('./SubscriberModal'));

type Dialog =
  | { readonly kind: 'newFolder' }
  | { readonly kind: 'editFolder'; readonly folder: SubscriberFolder }
  | { readonly kind: 'newSubscriber' }
  | { readonly kind: 'editSubscriber'; readonly subscriber: Subscriber };

/**
 * /manage/shares/subscribers (spec 001 §2 "share publishers and subscribers (with folders)", §3
 * Subscriber / folder): one of the user's inventories, its folder tree on the left (the root
 * folder first; it shows no rename or delete, §5 "Editing root subscriber folders not allowed"),
 * the picked folder's subscribers on the right; folders created, renamed, moved and deleted,
 * subscribers created with a publisher's share key, edited, moved and deleted. Kept current over /ws.
 */
export default function SubscribersPage({ route }: PageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t(`routes.${route.id}`));
  const choice = useInventoryChoice();
  const inventoryId = choice.inventoryId;
  const [picked, setPicked] = useState<{ inventoryId: string; folderId: string } | null>(null);
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const queryClient = useQueryClient();
  const tree = useEndpointQuery('listSubscriberFolders', { params: { id: inventoryId ?? '' } }, { enabled: inventoryId !== null, staleTime: Number.POSITIVE_INFINITY });
  const folders = tree.data?.folders ?? [];
  const nodes = folderTree(folders);
  // The picked folder while it exists in the shown inventory, else the root.
  const selected = folders.find((f) => picked !== null && picked.inventoryId === inventoryId && f.id === picked.folderId) ?? folders.find((f) => f.isRoot) ?? null;
  const query = { ...(selected ? { folderId: selected.id } : {}), ...(search.trim() === '' ? {} : { searchValue: search.trim() }), limit: LIMITS.pageSizeMax };
  const list = useEndpointQuery('listSubscribers', { params: { id: inventoryId ?? '' }, query }, { enabled: inventoryId !== null && selected !== null, staleTime: Number.POSITIVE_INFINITY });
  useSharesLive();
  const subscribers = list.data?.items ?? [];
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: endpointPrefix('listSubscriberFolders') });
    void queryClient.invalidateQueries({ queryKey: endpointPrefix('listSubscribers') });
  };
  const close = () => setDialog(null);
  const delFolder = useConfirmedDelete(useEndpointMutation('deleteSubscriberFolder'), {
    variables: (folder: SubscriberFolder) => ({ params: { id: folder.id } }),
    deleted: (folder) => t('shares.toasts.folderDeleted', { name: folder.name }),
    onDeleted: refresh,
  });
  const delSubscriber = useConfirmedDelete(useEndpointMutation('deleteSubscriber'), {
    variables: (subscriber: Subscriber) => ({ params: { id: subscriber.id } }),
    deleted: (subscriber) => t('shares.toasts.subscriberDeleted', { name: subscriber.name }),
    onDeleted: refresh,
  });

  return (
    <Stack gap="sm" data-testid="subscribers-page">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={2} data-testid="page-title">
          {t(`routes.${route.id}`)}
        </Title>
        <InventoryPicker choice={choice} label={t('shares.fields.inventory')} testId="subscribers-inventory" />
      </Group>
      {inventoryId === null ? (
        <Text c="dimmed" data-testid="subscribers-no-inventory">
          {t('shares.subscribers.noInventory')}
        </Text>
      ) : (
        <QueryView query={tree} testIdPrefix="folders" errorTitle={t('shares.loadFailed')}>
          {() => (
            <Grid>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <Paper withBorder p="sm" data-testid="folder-tree">
                  <Stack gap={4}>
                    <Group justify="space-between">
                      <Text fw={600}>{t('shares.folders.title')}</Text>
                      <Button size="compact-xs" variant="light" onClick={() => setDialog({ kind: 'newFolder' })} disabled={selected === null} data-testid="folder-create">
                        {t('shares.folders.create')}
                      </Button>
                    </Group>
                    {nodes.map(({ folder, depth }) => {
                      const active = selected?.id === folder.id;
                      return (
                        <Group key={folder.id} gap="xs" wrap="nowrap" pl={depth * 16} data-testid={`folder-${folder.id}`} data-name={folder.name} data-root={String(folder.isRoot)} data-active={String(active)}>
                          <UnstyledButton
                            onClick={() => setPicked({ inventoryId, folderId: folder.id })}
                            style={{ flex: 1, fontWeight: active ? 700 : 400 }}
                            aria-current={active ? 'true' : undefined}
                            data-testid={`folder-pick-${folder.id}`}
                          >
                            {folder.name}
                          </UnstyledButton>
                          <Badge size="xs" variant="light" color="gray" data-testid={`folder-count-${folder.id}`}>
                            {folder.subscriberCount}
                          </Badge>
                          {/* §5: the root folder is not edited, so it offers neither rename nor delete. */}
                          {!folder.isRoot && (
                            <>
                              <Button size="compact-xs" variant="subtle" onClick={() => setDialog({ kind: 'editFolder', folder })} data-testid={`folder-edit-${folder.id}`}>
                                {t('shares.actions.edit')}
                              </Button>
                              <Button size="compact-xs" variant="subtle" color="red" onClick={() => delFolder.ask(folder)} data-testid={`folder-delete-${folder.id}`}>
                                {t('shares.actions.delete')}
                              </Button>
                            </>
                          )}
                        </Group>
                      );
                    })}
                  </Stack>
                </Paper>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 8 }}>
                <Stack gap="sm">
                  <Group justify="space-between">
                    <Text fw={600} data-testid="subscribers-folder-name">
                      {selected?.name ?? ''}
                    </Text>
                    <Group gap="sm">
                      <TextInput
                        aria-label={t('shares.search')}
                        placeholder={t('shares.search')}
                        value={search}
                        onChange={(e) => setSearch(e.currentTarget.value)}
                        size="xs"
                        w={200}
                        data-testid="subscribers-search"
                      />
                      <Button size="xs" onClick={() => setDialog({ kind: 'newSubscriber' })} disabled={selected === null} data-testid="subscribers-create">
                        {t('shares.subscribers.create')}
                      </Button>
                    </Group>
                  </Group>
                  <QueryView query={list} testIdPrefix="subscribers" errorTitle={t('shares.loadFailed')}>
                    {() =>
                      subscribers.length === 0 ? (
                        <Text c="dimmed" data-testid="subscribers-empty">
                          {search.trim() === '' ? t('shares.subscribers.empty') : t('shares.noMatch')}
                        </Text>
                      ) : (
                        <Table striped highlightOnHover data-testid="subscribers-table">
                          <Table.Thead>
                            <Table.Tr>
                              <Table.Th>{t('shares.columns.name')}</Table.Th>
                              <Table.Th>{t('shares.columns.shareKey')}</Table.Th>
                              <Table.Th aria-label={t('shares.columns.actions')} />
                            </Table.Tr>
                          </Table.Thead>
                          <Table.Tbody>
                            {subscribers.map((s) => (
                              <Table.Tr key={s.id} data-testid={`subscriber-row-${s.id}`} data-name={s.name}>
                                <Table.Td data-testid={`subscriber-name-${s.id}`}>{s.name}</Table.Td>
                                <Table.Td>
                                  <Code>{s.shareKey}</Code>
                                </Table.Td>
                                <Table.Td>
                                  <Group gap="xs" justify="flex-end">
                                    <Button size="compact-xs" variant="light" onClick={() => setDialog({ kind: 'editSubscriber', subscriber: s })} data-testid={`subscriber-edit-${s.id}`}>
                                      {t('shares.actions.edit')}
                                    </Button>
                                    <Button size="compact-xs" variant="light" color="red" onClick={() => delSubscriber.ask(s)} data-testid={`subscriber-delete-${s.id}`}>
                                      {t('shares.actions.delete')}
                                    </Button>
                                  </Group>
                                </Table.Td>
                              </Table.Tr>
                            ))}
                          </Table.Tbody>
                        </Table>
                      )
                    }
                  </QueryView>
                </Stack>
              </Grid.Col>
            </Grid>
          )}
        </QueryView>
      )}
      {dialog !== null && inventoryId !== null && selected !== null && (
        <Suspense fallback={<Loader size="sm" aria-label={t('common.loading')} />}>
          {dialog.kind === 'newFolder' && <FolderModal inventoryId={inventoryId} folders={folders} folder={null} parentId={selected.id} onClose={close} />}
          {dialog.kind === 'editFolder' && <FolderModal inventoryId={inventoryId} folders={folders} folder={dialog.folder} parentId={selected.id} onClose={close} />}
          {dialog.kind === 'newSubscriber' && <SubscriberModal inventoryId={inventoryId} folders={folders} subscriber={null} folderId={selected.id} onClose={close} />}
          {dialog.kind === 'editSubscriber' && <SubscriberModal inventoryId={inventoryId} folders={folders} subscriber={dialog.subscriber} folderId={selected.id} onClose={close} />}
        </Suspense>
      )}
      {delFolder.target !== null && (
        <ConfirmDeleteModal title={t('shares.folders.deleteTitle')} question={t('shares.folders.deleteQuestion', { name: delFolder.target.name })} testIdPrefix="folder-delete" {...delFolder.modalProps} />
      )}
      {delSubscriber.target !== null && (
        <ConfirmDeleteModal
          title={t('shares.subscribers.deleteTitle')}
          question={t('shares.subscribers.deleteQuestion', { name: delSubscriber.target.name })}
          testIdPrefix="subscriber-delete"
          {...delSubscriber.modalProps}
        />
      )}
    </Stack>
  );
}
