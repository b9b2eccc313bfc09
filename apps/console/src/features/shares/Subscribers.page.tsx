/**
 * /manage/shares/subscribers (spec 001 §2 "share publishers and subscribers (with folders)", §3
 * Subscriber / folder): one of the user's inventories, its folder tree on the left (the root
 * folder first; it shows no rename or delete, §5 "Editing root subscriber folders not allowed"),
 * the picked folder's subscribers on the right, declared on the resource kit; folders created,
 * renamed, moved and deleted, subscribers created with a publisher's share key, edited, moved and
 * deleted. Kept current over /ws.
 */
import { useMemo, useState } from 'react';
import { Badge, Button, Code, Grid, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SUBSCRIBER_SORT_KEYS, type EndpointId, type Subscriber, type SubscriberFolder } from '@fleet/contracts';
import { useEndpointMutation, useEndpointQuery } from '../../api/hooks';
import { ConfirmDeleteModal } from '../../components/ConfirmDeleteModal';
import { QueryView } from '../../components/QueryView';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { defineResource, op, RowButtonsPage, searchQuery, versionedUpdate } from '../../kit';
import type { PageProps } from '../../pages/types';
import { invalidateReads } from '../../realtime/systemEntities';
import { InventoryScreen } from '../audio-rooms/InventoryPicker';
import FolderModal from './FolderModal';
import { folderTree, subscriberErrors, type SubscriberFormValues } from './shareForms';

/** A folder's subscriber count follows its subscribers; a deleted folder moves its subscribers. */
const SUBSCRIBER_READS: readonly EndpointId[] = ['listSubscriberFolders', 'listSubscribers'];

/** The subscribers of one folder; a new one starts there, and the form moves one to any folder of the inventory. */
function subscriberResource(inventoryId: string, folderId: string, folders: readonly SubscriberFolder[]) {
  return defineResource<Subscriber, Subscriber, SubscriberFormValues>({
    testId: 'subscriber',
    titles: { new: 'shares.subscribers.createTitle', edit: 'shares.subscribers.editTitle', noun: 'shares.subscribers.noun' },
    rowKey: (s) => s.id,
    label: (s) => s.name,
    list: {
      op: op('listSubscribers', (view) => ({ params: { id: inventoryId }, query: { ...searchQuery(view, ['name'], SUBSCRIBER_SORT_KEYS), folderId } })),
      searchKeys: ['name'],
    },
    columns: (t) => [
      { id: 'name', header: t('shares.columns.name'), sortKey: 'name', cellTestId: true, render: (s) => s.name },
      { id: 'shareKey', header: t('shares.columns.shareKey'), render: (s) => <Code>{s.shareKey}</Code> },
    ],
    form: {
      fields: [
        { name: 'name', kind: 'text', label: 'shares.fields.name', description: 'shares.fields.nameHint', required: true },
        { name: 'shareKey', kind: 'text', label: 'shares.fields.shareKey', description: 'shares.fields.shareKeyHint', required: true, testId: 'share-key' },
        {
          name: 'folderId',
          kind: 'select',
          label: 'shares.fields.folder',
          testId: 'folder',
          options: () => folderTree(folders).map((n) => ({ value: n.folder.id, label: `${'\u2003'.repeat(n.depth)}${n.folder.name}` })),
        },
      ],
      initial: (s) => ({ name: s?.name ?? '', shareKey: s?.shareKey ?? '', folderId: s?.folderId ?? folderId }),
      check: (values) => subscriberErrors(values),
    },
    create: op('createSubscriber', (v: SubscriberFormValues) => ({ params: { id: inventoryId }, body: subscriberBody(v) })),
    update: versionedUpdate('updateSubscriber', subscriberBody),
    remove: op('deleteSubscriber', (s: Subscriber) => ({ params: { id: s.id } })),
    stale: ['listSubscriberFolders'],
  });
}

const subscriberBody = (v: SubscriberFormValues) => ({ name: v.name, shareKey: v.shareKey.trim(), ...(v.folderId ? { folderId: v.folderId } : {}) });

function FolderSubscribers({
  inventoryId,
  folder,
  folders,
}: {
  readonly inventoryId: string;
  readonly folder: SubscriberFolder;
  readonly folders: readonly SubscriberFolder[];
}) {
  const { t } = useTranslation();
  const resource = useMemo(() => subscriberResource(inventoryId, folder.id, folders), [inventoryId, folder.id, folders]);
  return (
    <Stack gap="sm">
      <Text fw={600} data-testid="subscribers-folder-name">
        {folder.name}
      </Text>
      <RowButtonsPage
        resource={resource}
        listTestId="subscribers"
        filterKey={folder.id}
        addTestId="subscribers-create"
        addLabel={t('shares.subscribers.create')}
        rowData={(s) => ({ 'data-name': s.name })}
        deleteQuestion={(s) => t('shares.subscribers.deleteQuestion', { name: s.name })}
        emptyText={(view) => (view.searchValue.trim() === '' ? t('shares.subscribers.empty') : t('shares.noMatch'))}
      />
    </Stack>
  );
}

export default function SubscribersPage({ route }: PageProps) {
  const { t } = useTranslation();
  return (
    <InventoryScreen
      testId="subscribers"
      title={t(`routes.${route.id}`)}
      pickerLabel={t('shares.fields.inventory')}
      noInventory={t('shares.subscribers.noInventory')}
    >
      {(inventoryId) => <InventoryFolders key={inventoryId} inventoryId={inventoryId} />}
    </InventoryScreen>
  );
}

/** The inventory's folder tree and the picked folder's subscribers. */
function InventoryFolders({ inventoryId }: { readonly inventoryId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<string | null>(null);
  const [dialog, setDialog] = useState<{ readonly folder: SubscriberFolder | null } | null>(null);
  const tree = useEndpointQuery('listSubscriberFolders', { params: { id: inventoryId } });
  const folders = useMemo(() => tree.data?.folders ?? [], [tree.data]);
  const nodes = folderTree(folders);
  // The picked folder while it exists, else the root.
  const selected = folders.find((f) => f.id === picked) ?? folders.find((f) => f.isRoot) ?? null;
  const delFolder = useConfirmedDelete(useEndpointMutation('deleteSubscriberFolder'), {
    variables: (folder: SubscriberFolder) => ({ params: { id: folder.id } }),
    deleted: (folder) => t('shares.toasts.folderDeleted', { name: folder.name }),
    onDeleted: () => invalidateReads(queryClient, SUBSCRIBER_READS),
  });
  return (
    <>
      <QueryView query={tree} testIdPrefix="folders" errorTitle={t('shares.loadFailed')}>
        {() => (
          <Grid>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Paper withBorder p="sm" data-testid="folder-tree">
                <Stack gap={4}>
                  <Group justify="space-between">
                    <Text fw={600}>{t('shares.folders.title')}</Text>
                    <Button
                      size="compact-xs"
                      variant="light"
                      onClick={() => setDialog({ folder: null })}
                      disabled={selected === null}
                      data-testid="folder-create"
                    >
                      {t('shares.folders.create')}
                    </Button>
                  </Group>
                  {nodes.map(({ folder, depth }) => {
                    const active = selected?.id === folder.id;
                    return (
                      <Group
                        key={folder.id}
                        gap="xs"
                        wrap="nowrap"
                        pl={depth * 16}
                        data-testid={`folder-${folder.id}`}
                        data-name={folder.name}
                        data-root={String(folder.isRoot)}
                        data-active={String(active)}
                      >
                        <UnstyledButton
                          onClick={() => setPicked(folder.id)}
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
                            <Button size="compact-xs" variant="subtle" onClick={() => setDialog({ folder })} data-testid={`folder-edit-${folder.id}`}>
                              {t('shares.actions.edit')}
                            </Button>
                            <Button
                              size="compact-xs"
                              variant="subtle"
                              color="red"
                              onClick={() => delFolder.ask(folder)}
                              data-testid={`folder-delete-${folder.id}`}
                            >
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
              {selected !== null && <FolderSubscribers inventoryId={inventoryId} folder={selected} folders={folders} />}
            </Grid.Col>
          </Grid>
        )}
      </QueryView>
      {dialog !== null && selected !== null && (
        <FolderModal inventoryId={inventoryId} folders={folders} folder={dialog.folder} parentId={selected.id} onClose={() => setDialog(null)} />
      )}
      {delFolder.target != null && (
        <ConfirmDeleteModal
          title={t('shares.folders.deleteTitle')}
          question={t('shares.folders.deleteQuestion', { name: delFolder.target.name })}
          testIdPrefix="folder-delete"
          {...delFolder.modalProps}
        />
      )}
    </>
  );
}
