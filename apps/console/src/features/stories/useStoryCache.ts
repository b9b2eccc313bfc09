/**
 * Keeps the cached story lists and the open story current: story.changed / story.removed events
 * from /ws (and this console's own answers) are applied in place, without refetching the list;
 * the inventory's story count is read again.
 */
import { useCallback, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { Story, StoryListQuery, StoryPage } from '@fleet/contracts';
import { endpointKey, endpointPrefix } from '../../api/hooks';
import { useRealtime } from '../../realtime/RealtimeProvider';
import { DEFAULT_STORY_VIEW, inventoryOf, isStoryEvent, patchStory, patchStoryPage } from './storyLogic';
import type { StoryEvent } from './storyLogic';

interface ListKeyInput {
  params?: { inventoryId?: string };
  query?: Partial<StoryListQuery>;
}

/** Applies one story event to every cached list of its inventory and to the cached story. */
export function applyStoryEvent(queryClient: QueryClient, event: StoryEvent): void {
  const inventoryId = inventoryOf(event);
  for (const query of queryClient.getQueryCache().findAll({ queryKey: endpointPrefix('listInventoryStories') })) {
    const input = query.queryKey[1] as ListKeyInput | undefined; // keys are [id, input] (api/hooks)
    if (input?.params?.inventoryId !== inventoryId) continue;
    const view = {
      search: input.query?.search ?? '',
      sortBy: input.query?.sortBy ?? DEFAULT_STORY_VIEW.sortBy,
      sortDir: input.query?.sortDir ?? DEFAULT_STORY_VIEW.sortDir,
    };
    const before = queryClient.getQueryData<StoryPage>(query.queryKey);
    const after = patchStoryPage(before, event, view);
    if (after !== before) queryClient.setQueryData(query.queryKey, after);
  }
  // A story added or removed changes the inventory's count (read again: the event does not say which).
  void queryClient.invalidateQueries({ queryKey: endpointKey('countInventoryStories', { params: { inventoryId } }), exact: true });
  const id = event.type === 'story.changed' ? event.story.id : event.id;
  const key = endpointKey('getStory', { params: { inventoryId, storyId: id } });
  const current = queryClient.getQueryData<Story>(key);
  const next = patchStory(current, event);
  if (next === null) void queryClient.invalidateQueries({ queryKey: key });
  else if (next !== current && next !== undefined) queryClient.setQueryData(key, next);
}

/** Follows the story events of /ws while mounted. */
export function useStoriesLive(): void {
  const queryClient = useQueryClient();
  const { subscribe } = useRealtime();
  useEffect(
    () =>
      subscribe((event) => {
        if (isStoryEvent(event)) applyStoryEvent(queryClient, event);
      }),
    [queryClient, subscribe],
  );
}

/** Applies a story this console just received (a create, edit or unit change) like an event. */
export function useApplyStory(): (story: Story) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (story: Story) => {
      queryClient.setQueryData(endpointKey('getStory', { params: { inventoryId: story.inventoryId, storyId: story.id } }), story);
      applyStoryEvent(queryClient, { type: 'story.changed', story, at: Date.now() });
    },
    [queryClient],
  );
}

/** Removes a story this console just deleted. */
export function useForgetStory(): (inventoryId: string, id: string) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (inventoryId: string, id: string) => {
      applyStoryEvent(queryClient, { type: 'story.removed', id, inventoryId, at: Date.now() });
      queryClient.removeQueries({ queryKey: endpointKey('getStory', { params: { inventoryId, storyId: id } }) });
    },
    [queryClient],
  );
}
