import { useState } from 'react';
import { Button, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { Select } from '../../components/Pickers';
import { Modal } from '../../components/Overlays';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { BROADER_ROLES, hasAnyRole, MANAGE_ROLES } from '@fleet/contracts';
import type { Story } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { PageTitle } from '../../components/PageTitle';
import { ResourceList, useListView, useToastMutation, type ListColumn } from '../../kit';
import type { PageProps } from '../../pages/types';
import { invalidateReads } from '../../realtime/systemEntities';
import { rolesOf, usePreferencesQuery, useSessionUser, useUpdatePreferences } from '../../session/hooks';
import { IntegrationModal } from './IntegrationModal';
import { StoryDetails } from './StoryDetails';
import { StoryFormModal } from './StoryFormModal';
import { listQueryOf, STORY_PAGE_SIZE, STORY_READS } from './storyLogic';
import { dateText } from '../../lib/dateFormat';

/** Search box: the list asks the core again this long after the last key stroke. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * /stories (spec 000 §2 Stories): the stories of one inventory (the preferred one, else the
 * user's first) with the inventory's count (001 §7 "stories with count"), search, sort and
 * paging; add/edit in a modal with the field rules inline; details in a drawer (`?story=<id>`) with the assigned units; delete with a confirmation; the
 * integration settings modal (NRCS sync, test mapping) for manage-level users. Live through /ws:
 * a story event makes the lists, the open story and the count read again.
 * Read-only users see the stories and no write buttons.
 */
export default function StoriesPage(_props: PageProps) {
  const { t, i18n } = useTranslation();
  const user = useSessionUser();
  const roles = user ? rolesOf(user) : [];
  const canWrite = hasAnyRole(roles, BROADER_ROLES);
  const canConfigure = hasAnyRole(roles, MANAGE_ROLES);
  const preferences = usePreferencesQuery(false).data;
  const updatePreferences = useUpdatePreferences();
  const queryClient = useQueryClient();

  const inventories = user?.inventories ?? [];
  const preferred = preferences?.inventoryId;
  const [inventoryId, setInventoryId] = useState<string>(() =>
    preferred && inventories.some((i) => i.id === preferred) ? preferred : (inventories[0]?.id ?? ''),
  );
  const [view, setView] = useListView('', 'lastModified', 'desc');
  const [search] = useDebouncedValue(view.searchValue, SEARCH_DEBOUNCE_MS);

  const [searchParams, setSearchParams] = useSearchParams();
  const openStoryId = searchParams.get('story');
  const openStory = (id: string | null) =>
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id === null) next.delete('story');
        else next.set('story', id);
        return next;
      },
      { replace: id === null },
    );

  const [form, setForm] = useState<{ story?: Story } | null>(null);
  const [deleting, setDeleting] = useState<Story | null>(null);
  const [integrationOpen, setIntegrationOpen] = useState(false);
  const remove = useToastMutation('deleteStory', {
    success: () => t('stories.remove.deleted'),
    onSuccess: (_answer, sent) => {
      invalidateReads(queryClient, STORY_READS);
      if (openStoryId === sent.params?.storyId) openStory(null);
      setDeleting(null);
    },
  });

  const list = useEndpointQuery(
    'listInventoryStories',
    { params: { inventoryId }, query: listQueryOf(view, search) },
    { enabled: inventoryId !== '', placeholderData: keepPreviousData },
  );

  // Spec 001 §7 "stories with count": how many stories the inventory holds, whatever the search.
  const count = useEndpointQuery('countInventoryStories', { params: { inventoryId } }, { enabled: inventoryId !== '' });

  const chooseInventory = (id: string | null) => {
    if (!id || id === inventoryId) return;
    setInventoryId(id);
    setView((v) => ({ ...v, page: 1 }));
    openStory(null);
    const name = inventories.find((i) => i.id === id)?.name ?? null;
    void updatePreferences({ inventoryId: id, inventoryName: name });
  };

  const confirmDelete = () => deleting && remove.mutate({ params: { inventoryId, storyId: deleting.id } });

  const columns: readonly ListColumn<Story>[] = [
    {
      id: 'slugline',
      header: t('stories.columns.slugline'),
      sortKey: 'slugline',
      render: (story) => (
        <UnstyledButton onClick={() => openStory(story.id)} data-testid={`story-open-${story.id}`} fw={500} fz="sm">
          <span data-testid={`story-slugline-${story.id}`}>{story.slugline}</span>
        </UnstyledButton>
      ),
    },
    { id: 'storyId', header: t('stories.columns.storyId'), sortKey: 'storyId', render: (story) => story.storyId || t('common.none') },
    { id: 'reporter', header: t('stories.columns.reporter'), sortKey: 'reporter', render: (story) => story.reporter || t('common.none') },
    { id: 'crewName', header: t('stories.columns.crewName'), sortKey: 'crewName', render: (story) => story.crewName || t('common.none') },
    { id: 'units-count', header: t('stories.columns.units'), cellTestId: true, render: (story) => story.units.length },
    {
      id: 'lastModified',
      header: t('stories.columns.lastModified'),
      sortKey: 'lastModified',
      render: (story) => dateText(story.lastModified, (d) => d.toLocaleString(i18n.language)),
    },
  ];
  const actions: ListColumn<Story> = {
    id: 'actions',
    header: t('stories.columns.actions'),
    render: (story) => (
      <Group gap={4} wrap="nowrap">
        <Button size="compact-xs" variant="subtle" onClick={() => setForm({ story })} data-testid={`story-edit-${story.id}`}>
          {t('stories.actions.edit')}
        </Button>
        <Button size="compact-xs" variant="subtle" color="red" onClick={() => setDeleting(story)} data-testid={`story-delete-${story.id}`}>
          {t('stories.actions.delete')}
        </Button>
      </Group>
    ),
  };

  const body =
    inventoryId === '' ? (
      <Text c="dimmed" data-testid="stories-no-inventory">
        {t('stories.noInventory')}
      </Text>
    ) : (
      <ResourceList
        testId="stories"
        rowTestId="story"
        tableTestId="table"
        columns={canWrite ? [...columns, actions] : columns}
        view={view}
        onViewChange={setView}
        query={list}
        rowKey={(story) => story.id}
        rowData={(story) => ({ 'data-selected': story.id === openStoryId || undefined })}
        pageSize={STORY_PAGE_SIZE}
        emptyText={t('stories.empty')}
        errorTitle={t('stories.loadFailed')}
        toolbar={
          <Select
            label={t('stories.inventory')}
            data={inventories.map((i) => ({ value: i.id, label: i.name }))}
            value={inventoryId}
            onChange={chooseInventory}
            allowDeselect={false}
            w={240}
            description={
              count.data === undefined ? undefined : (
                <span data-testid="stories-inventory-count" data-count={count.data.count}>
                  {t('stories.inventoryCount', { count: count.data.count })}
                </span>
              )
            }
            data-testid="stories-inventory"
          />
        }
      />
    );

  return (
    <Stack gap="md" data-testid="stories-page">
      <Group justify="space-between" align="flex-end">
        <PageTitle title={t('stories.title')} />
        <Group gap="xs">
          {canConfigure && inventoryId !== '' && (
            <Button variant="default" onClick={() => setIntegrationOpen(true)} data-testid="stories-integration">
              {t('stories.integration')}
            </Button>
          )}
          {canWrite && inventoryId !== '' && (
            <Button onClick={() => setForm({})} data-testid="stories-add">
              {t('stories.add')}
            </Button>
          )}
        </Group>
      </Group>
      {body}
      <StoryFormModal opened={form !== null} onClose={() => setForm(null)} inventoryId={inventoryId} story={form?.story} />
      <StoryDetails
        inventoryId={inventoryId}
        storyId={openStoryId}
        canWrite={canWrite}
        onClose={() => openStory(null)}
        onEdit={(story) => setForm({ story })}
        onDelete={setDeleting}
      />
      {canConfigure && integrationOpen && <IntegrationModal onClose={() => setIntegrationOpen(false)} inventoryId={inventoryId} />}
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={t('stories.remove.title')} centered>
        <Stack data-testid="story-delete-dialog">
          <Text size="sm">{t('stories.remove.confirm', { slugline: deleting?.slugline ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)} data-testid="story-delete-cancel">
              {t('stories.remove.cancel')}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={confirmDelete} data-testid="story-delete-confirm">
              {t('stories.remove.confirmButton')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
