/**
 * The header's current inventory and group (spec 000 §3 / 001 §3 preferences groupId, inventoryId,
 * inventoryName), saved in the user's preferences so the next login starts there. Inventories: the
 * user's own (users/current), or for super user and staff the admin inventory list, searched on the
 * server and paged as the list scrolls. Groups: those of the inventory the user may see
 * (groups/light_fetch).
 */
import { useCallback, useMemo, useState } from 'react';
import { Group, Stack } from '@mantine/core';
import { Select } from '../components/Pickers';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@fleet/contracts';
import type { CurrentUser, UserPreferences } from '@fleet/contracts';
import { endpointKey, useEndpointInfiniteQuery, useEndpointQuery } from '../api/hooks';
import { selectData } from '../lib/tolerant';
import { usePreferences } from '../preferences/usePreferences';
import { rolesOf, useUpdatePreferences } from '../session/hooks';
import { currentGroupId, currentInventory, groupsOfInventory, inventoryPickPatch, nextPageOffset, picksAmongAllInventories, withCurrentOption } from './scope';
import type { ScopeInventory, ScopePatch } from './scope';

const SEARCH_DEBOUNCE_MS = 300;
const PAGE_SIZE = LIMITS.unitSearchDefaultPageSize;
/** Groups and inventories change rarely; a minute-old list is fine for a picker. */
const LIST_STALE_MS = 60_000;
/** The pickers' option lists exist only while open (Mantine keeps them mounted, hidden, by default). */
const CLOSED_UNMOUNTED = { keepMounted: false } as const;

/** Saves a pick: shown at once (the cached preferences), put back if the core refuses it. */
function useScopeSaver(): (patch: Partial<ScopePatch>) => void {
  const queryClient = useQueryClient();
  const update = useUpdatePreferences();
  return useCallback(
    (patch: Partial<ScopePatch>) => {
      const key = endpointKey('getUserPreferences');
      const before = queryClient.getQueryData<UserPreferences>(key);
      queryClient.setQueryData<UserPreferences>(key, { ...before, ...patch });
      void update(patch).then((saved) => {
        if (saved === null) queryClient.setQueryData(key, before);
      });
    },
    [queryClient, update],
  );
}

/** Super user and staff: the admin inventory list, searched by name, next page on scrolling to the end. */
function useAdminInventoryOptions(enabled: boolean, search: string): { options: ScopeInventory[]; loadMore: () => void; loading: boolean } {
  const query = useEndpointInfiniteQuery(
    'searchAdminInventories',
    ['shellInventoryPicker', search],
    (offset: number) => ({
      query: {
        offset,
        limit: PAGE_SIZE,
        sortBy: 'name' as const,
        sortDir: 'asc' as const,
        ...(search === '' ? {} : { searchKey: 'name' as const, searchValue: search }),
      },
    }),
    { initialPageParam: 0, getNextPageParam: nextPageOffset, enabled, staleTime: LIST_STALE_MS },
  );
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  // A page without its items (a core that left them out) adds nothing; an inventory without an id cannot be picked.
  const options = useMemo(
    () =>
      (data?.pages ?? []).flatMap((page) =>
        (page.items ?? []).flatMap((inv) => (typeof inv.id === 'string' && inv.id !== '' ? [{ id: inv.id, name: inv.name ?? inv.id }] : [])),
      ),
    [data],
  );
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return { options, loadMore, loading: query.isFetching };
}

/** `stacked`: one picker under the other, each the full width (the menu drawer of a narrow window); else side by side in the header. */
export function ScopePicker({ user, stacked = false }: { readonly user: CurrentUser; readonly stacked?: boolean }) {
  const { t } = useTranslation();
  const prefs = usePreferences();
  const save = useScopeSaver();
  const global = picksAmongAllInventories(rolesOf(user));
  const inventory = currentInventory(prefs, user.inventories, global);

  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  // While the search box shows the current inventory's name, list everything (not just that one).
  const serverSearch = search === inventory?.name ? '' : search;
  const admin = useAdminInventoryOptions(global, serverSearch);
  const inventoryOptions = withCurrentOption(global ? admin.options : user.inventories, inventory);

  const allGroups = useEndpointQuery('lightFetchGroups', {}, { staleTime: LIST_STALE_MS });
  const groups = groupsOfInventory(allGroups.data ?? [], inventory?.id ?? null);
  const groupId = currentGroupId(prefs.groupId, groups);

  const pickInventory = (id: string | null) => {
    const picked = inventoryOptions.find((inv) => inv.id === id);
    if (picked && picked.id !== inventory?.id) save(inventoryPickPatch(picked, allGroups.data ?? []));
  };

  const Frame = stacked ? Stack : Group;
  return (
    <Frame gap="xs" {...(stacked ? {} : { wrap: 'nowrap' as const })} data-testid="shell-scope">
      <Select
        aria-label={t('shell.inventory')}
        label={stacked ? t('shell.inventory') : undefined}
        placeholder={t('shell.noInventory')}
        data={selectData(
          inventoryOptions,
          (inv) => inv.id,
          (inv) => inv.name,
        )}
        value={inventory?.id ?? null}
        onChange={pickInventory}
        allowDeselect={false}
        searchable
        // Global users' options are already the server's matches; others' are filtered here.
        {...(global ? { filter: ({ options }) => options, searchValue: searchText, onSearchChange: setSearchText } : {})}
        scrollAreaProps={{ onBottomReached: admin.loadMore }}
        nothingFoundMessage={admin.loading ? t('shell.loading') : t('shell.nothingFound')}
        size={stacked ? 'sm' : 'xs'}
        w={stacked ? '100%' : 200}
        // Options mounted only while open: a closed picker costs no positioning work on each render.
        comboboxProps={CLOSED_UNMOUNTED}
        data-testid="shell-inventory"
        data-value={inventory?.id ?? ''}
      />
      <Select
        aria-label={t('shell.group')}
        label={stacked ? t('shell.group') : undefined}
        placeholder={t('shell.noGroup')}
        data={selectData(
          groups,
          (group) => group.id,
          (group) => group.name,
        )}
        value={groupId}
        onChange={(id) => id !== null && id !== groupId && save({ groupId: id })}
        allowDeselect={false}
        searchable
        disabled={groups.length === 0}
        size={stacked ? 'sm' : 'xs'}
        w={stacked ? '100%' : 180}
        comboboxProps={CLOSED_UNMOUNTED}
        data-testid="shell-group"
        data-value={groupId ?? ''}
      />
    </Frame>
  );
}
