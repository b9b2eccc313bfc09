import { useState } from 'react';
import {
  Button, Group, Modal, Pagination, Select, Stack, Table, Text, TextInput, Title, UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { BROADER_ROLES, hasAnyRole, MANAGE_ROLES } from '@fleet/contracts';
import type { Story, StoryPage, StorySortKey } from '@fleet/contracts';
import { useEndpointMutation, useEndpointQuery } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import { QueryView } from '../../components/QueryView';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import type { PageProps } from '../../pages/types';
import { rolesOf, usePreferencesQuery, useSessionUser, useUpdatePreferences } from '../../session/hooks';
import { useToast } from '../../toast/useToast';
import { IntegrationModal } from './IntegrationModal';
import { StoryDetails } from './StoryDetails';
import { StoryFormModal } from './StoryFormModal';
import { DEFAULT_STORY_VIEW, listQueryOf, nextSort, pageCount } from './storyLogic';
import type { StoryListView } from './storyLogic';
import { useForgetStory, useStoriesLive } from './useStoryCache';

/** The list's sortable columns, in display order (units is not sortable). */
const COLUMNS: readonly (StorySortKey | 'units')[] = ['slugline', 'storyId', 'reporter', 'crewName', 'units', 'lastModified'];

/** Search box: the list asks the core again this long after the last key stroke. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * /stories (spec 000 §2 Stories): the stories of one inventory (the preferred one, else the
 * user's first) with the inventory's count (001 §7 "stories with count"), search, sort and
 * paging; add/edit in a modal with the field rules inline; details in a drawer (`?story=<id>`) with the assigned units; delete with a confirmation; the
 * integration settings modal (NRCS sync, test mapping) for manage-level users. Live through /ws.
 * Read-only users see the stories and no write buttons.
 */
export default function StoriesPage(_props: PageProps) {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('stories.title'));
  const user = useSessionUser();
  const roles = user ? rolesOf(user) : [];
  const canWrite = hasAnyRole(roles, BROADER_ROLES);
  const canConfigure = hasAnyRole(roles, MANAGE_ROLES);
  const preferences = usePreferencesQuery(false).data;
  const updatePreferences = useUpdatePreferences();
  const errorMessage = useApiErrorMessage();
  const toast = useToast();
  useStoriesLive();

  const inventories = user?.inventories ?? [];
  const preferred = preferences?.inventoryId;
  const [inventoryId, setInventoryId] = useState<string>(
    () => (preferred && inventories.some((i) => i.id === preferred) ? preferred : (inventories[0]?.id ?? '')),
  );
  const [viewState, setView] = useState<StoryListView>(DEFAULT_STORY_VIEW);
  const [searchText, setSearchText] = useState('');
  const [debouncedSearch] = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  const view: StoryListView = { ...viewState, search: debouncedSearch };

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
  const remove = useEndpointMutation('deleteStory');
  const forgetStory = useForgetStory();

  const list = useEndpointQuery(
    'listInventoryStories',
    { params: { inventoryId }, query: listQueryOf(view) },
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

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync({ params: { inventoryId, storyId: deleting.id } });
      forgetStory(inventoryId, deleting.id);
      if (openStoryId === deleting.id) openStory(null);
      toast.show({ message: t('stories.remove.deleted'), variant: 'success' });
      setDeleting(null);
    } catch (error) {
      toast.show({ message: errorMessage(error), variant: 'error' });
    }
  };

  const sortHeader = (column: StorySortKey | 'units') => {
    const label = t(`stories.columns.${column}`);
    if (column === 'units') return <Table.Th key={column}>{label}</Table.Th>;
    const active = view.sortBy === column;
    return (
      <Table.Th key={column} aria-sort={active ? (view.sortDir === 'asc' ? 'ascending' : 'descending') : 'none'}>
        <UnstyledButton
          onClick={() => setView((v) => nextSort(v, column))}
          aria-label={t('stories.sortBy', { column: label })}
          data-testid={`stories-sort-${column}`}
          fw={600}
          fz="sm"
        >
          {label} {active ? (view.sortDir === 'asc' ? '▲' : '▼') : ''}
        </UnstyledButton>
      </Table.Th>
    );
  };

  /** One page of the list: the table with its total and paging, or the empty note. */
  const pageContent = (page: StoryPage) =>
    page.items.length === 0 ? (
      <Text c="dimmed" data-testid="stories-empty">
        {t('stories.empty')}
      </Text>
    ) : (
      <Stack gap="sm">
        <Table.ScrollContainer minWidth={800}>
          <Table striped highlightOnHover verticalSpacing="xs" data-testid="stories-table">
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map(sortHeader)}
                {canWrite && <Table.Th>{t('stories.columns.actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {page.items.map((story) => (
                <Table.Tr key={story.id} data-testid={`story-row-${story.id}`} data-selected={story.id === openStoryId || undefined}>
                  <Table.Td>
                    <UnstyledButton onClick={() => openStory(story.id)} data-testid={`story-open-${story.id}`} fw={500} fz="sm">
                      <span data-testid={`story-slugline-${story.id}`}>{story.slugline}</span>
                    </UnstyledButton>
                  </Table.Td>
                  <Table.Td>{story.storyId || t('common.none')}</Table.Td>
                  <Table.Td>{story.reporter || t('common.none')}</Table.Td>
                  <Table.Td>{story.crewName || t('common.none')}</Table.Td>
                  <Table.Td data-testid={`story-units-count-${story.id}`}>{story.units.length}</Table.Td>
                  <Table.Td>{new Date(story.lastModified).toLocaleString(i18n.language)}</Table.Td>
                  {canWrite && (
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button size="compact-xs" variant="subtle" onClick={() => setForm({ story })} data-testid={`story-edit-${story.id}`}>
                          {t('stories.actions.edit')}
                        </Button>
                        <Button size="compact-xs" variant="subtle" color="red" onClick={() => setDeleting(story)} data-testid={`story-delete-${story.id}`}>
                          {t('stories.actions.delete')}
                        </Button>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="space-between">
          <Text size="sm" c="dimmed" data-testid="stories-total">
            {t('stories.total', { count: page.total })}
          </Text>
          {page.total > page.limit && (
            <Pagination
              total={pageCount(page.total)}
              value={view.page}
              onChange={(p) => setView((v) => ({ ...v, page: p }))}
              size="sm"
              data-testid="stories-pagination"
            />
          )}
        </Group>
      </Stack>
    );

  const body =
    inventoryId === '' ? (
      <Text c="dimmed" data-testid="stories-no-inventory">
        {t('stories.noInventory')}
      </Text>
    ) : (
      <QueryView query={list} testIdPrefix="stories" errorTitle={t('stories.loadFailed')}>
        {pageContent}
      </QueryView>
    );

  return (
    <Stack gap="md" data-testid="stories-page">
      <Group justify="space-between" align="flex-end">
        <Title order={2} data-testid="page-title">
          {t('stories.title')}
        </Title>
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
      <Group align="flex-end" gap="sm">
        <Select
          label={t('stories.inventory')}
          data={inventories.map((i) => ({ value: i.id, label: i.name }))}
          value={inventoryId === '' ? null : inventoryId}
          onChange={chooseInventory}
          allowDeselect={false}
          w={240}
          description={count.data === undefined ? undefined : <span data-testid="stories-inventory-count" data-count={count.data.count}>{t('stories.inventoryCount', { count: count.data.count })}</span>}
          data-testid="stories-inventory"
        />
        <TextInput
          label={t('stories.search')}
          placeholder={t('stories.searchPlaceholder')}
          value={searchText}
          onChange={(e) => {
            setSearchText(e.currentTarget.value);
            setView((v) => ({ ...v, page: 1 }));
          }}
          style={{ flex: 1, maxWidth: 420 }}
          data-testid="stories-search"
        />
      </Group>
      {body}
      <StoryFormModal
        opened={form !== null}
        onClose={() => setForm(null)}
        inventoryId={inventoryId}
        story={form?.story}
      />
      <StoryDetails
        inventoryId={inventoryId}
        storyId={openStoryId}
        canWrite={canWrite}
        onClose={() => openStory(null)}
        onEdit={(story) => setForm({ story })}
        onDelete={setDeleting}
      />
      {canConfigure && <IntegrationModal opened={integrationOpen} onClose={() => setIntegrationOpen(false)} inventoryId={inventoryId} />}
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={t('stories.remove.title')} centered>
        <Stack data-testid="story-delete-dialog">
          <Text size="sm">{t('stories.remove.confirm', { slugline: deleting?.slugline ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)} data-testid="story-delete-cancel">
              {t('stories.remove.cancel')}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => void confirmDelete()} data-testid="story-delete-confirm">
              {t('stories.remove.confirmButton')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
