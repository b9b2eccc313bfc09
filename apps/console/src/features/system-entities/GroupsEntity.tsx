/**
 * Groups (spec 001 §2 /system_entities groups; §3 Group; §7 Groups admin calls), declared on the
 * resource kit: the searchable, sortable, paged list over v2/admin/groups; a modal creates one in an
 * inventory (then edits it), or renames one, changes its auto-association flags, deletes it and
 * changes its members, each among the objects of the group's inventory — units (admin unit group
 * association calls), channels and video return channels (admin group channel and vrChannel calls)
 * and users (the user's groups, PUT v2/users/{id}/groups).
 */
import { Checkbox, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { GROUP_SEARCH_KEYS, GROUP_SORT_KEYS } from '@fleet/contracts';
import type { GroupAutoAssociation, GroupDetail, GroupListRow } from '@fleet/contracts';
import { callEndpoint } from '../../api/client';
import {
  associationTab,
  BY_NAME,
  defineResource,
  nameSearch,
  op,
  pageRows,
  searchQuery,
  StrongText,
  type Change,
  type CustomFieldProps,
  type Field,
  type Op,
  type Search,
} from '../../kit';
import { SYSTEM_ENTITY_READS } from '../../realtime/systemEntities';
import { checkGroup, groupCreateBody, groupForm, groupUpdateBody, type GroupForm } from './entityForms';
import { entityPage } from './entityPage';
import { dateText } from '../../lib/dateFormat';

const AUTO_KEYS = ['units', 'channels', 'vrChannels', 'users'] as const satisfies readonly (keyof GroupAutoAssociation)[];

/** The kinds of new objects of the inventory that join the group by themselves. */
function AutoAssociation({ form, label, testId, readOnly }: CustomFieldProps<GroupForm>) {
  const { t } = useTranslation();
  const auto = form.values.autoAssociation;
  return (
    <Stack gap={4}>
      <StrongText>{label}</StrongText>
      <Group gap="md">
        {AUTO_KEYS.map((k) => (
          <Checkbox
            key={k}
            label={t(`systemEntities.groups.auto.${k}`)}
            checked={auto[k]}
            disabled={readOnly}
            onChange={(e) => form.set({ autoAssociation: { ...auto, [k]: e.currentTarget.checked } })}
            data-testid={`${testId}-${k}`}
          />
        ))}
      </Group>
    </Stack>
  );
}

const FIELDS: readonly Field<GroupForm>[] = [
  { name: 'name', kind: 'text', label: 'systemEntities.groups.name', required: true },
  {
    name: 'inventoryId',
    kind: 'inventory',
    label: 'systemEntities.groups.inventory',
    lockedOnEdit: true,
    testId: 'inventory',
    valueName: (v) => v.inventoryName,
  },
  { name: 'autoAssociation', kind: 'custom', label: 'systemEntities.groups.autoAssociation', testId: 'auto', render: AutoAssociation },
];

/** What a membership change makes stale: the group's reads and the members' own. */
const MEMBER_READS = [...SYSTEM_ENTITY_READS.group, 'searchAdminUnits', 'searchAdminChannels', 'searchAdminVrChannels', 'getAdminVrChannelGroups'] as const;

/** The first hundred members of the group. */
const firstMembers = (g: GroupDetail) => ({ params: { id: g.id }, query: { limit: 100 } });

type Link = 'addAdminUnitGroup' | 'removeAdminUnitGroup';
const unitLink = (id: Link) => op(id, ({ of, id: unitId }: Change<GroupDetail>) => ({ params: { id: unitId, groupId: of.id } }));
const channelLink = (id: 'addAdminGroupChannel' | 'removeAdminGroupChannel') =>
  op(id, ({ of, id: channelId }: Change<GroupDetail>) => ({ params: { id: of.id, channelId } }));
const vrChannelLink = (id: 'addAdminGroupVrChannel' | 'removeAdminGroupVrChannel') =>
  op(id, ({ of, id: vrChannelId }: Change<GroupDetail>) => ({ params: { id: of.id, vrChannelId } }));

/**
 * A user's groups are set as a whole (PUT v2/users/{id}/groups): the user's current groups are read
 * first and this group added to or taken out of them.
 */
function userLink(change: (groupIds: string[], groupId: string) => string[]): Op<Change<GroupDetail>, unknown> {
  return {
    id: 'setUserGroups',
    key: () => ['setUserGroups'],
    run: async ({ of, id }) => {
      const current = (await callEndpoint('getUserGroups', { params: { id } })).map((g) => g.id);
      return callEndpoint('setUserGroups', { params: { id }, body: { groupIds: change(current, of.id) } });
    },
  };
}

export const groupResource = defineResource<GroupListRow, GroupDetail, GroupForm>({
  testId: 'groups',
  formTestId: 'group',
  titles: { new: 'systemEntities.groups.new', edit: 'systemEntities.groups.editTitle', noun: 'systemEntities.groups.noun' },
  rowKey: (g) => g.id,
  label: (g) => g.name,
  list: { op: op('searchAdminGroups', (view) => ({ query: searchQuery(view, GROUP_SEARCH_KEYS, GROUP_SORT_KEYS) })), searchKeys: GROUP_SEARCH_KEYS },
  columns: (t) => [
    { id: 'name', header: t('systemEntities.groups.name'), sortKey: 'name', render: (g) => g.name },
    { id: 'inventoryName', header: t('systemEntities.groups.inventory'), sortKey: 'inventoryName', render: (g) => g.inventoryName },
    { id: 'units', header: t('systemEntities.common.units'), render: (g) => g.counts.units },
    { id: 'channels', header: t('systemEntities.common.channels'), render: (g) => g.counts.channels },
    { id: 'users', header: t('systemEntities.common.users'), render: (g) => g.counts.users },
    {
      id: 'createdOn',
      header: t('systemEntities.common.createdAt'),
      sortKey: 'createdOn',
      render: (g) => dateText(g.createdOn, (d) => d.toLocaleDateString()),
    },
  ],
  get: op('getAdminGroup', (id: string) => ({ params: { id } })),
  form: { fields: FIELDS, initial: groupForm, check: (values, group) => checkGroup(group === null)(values) },
  create: op('createAdminGroup', (values: GroupForm) => ({ body: groupCreateBody(values) })),
  update: op('updateAdminGroup', ({ entity, values }: { entity: GroupDetail; values: GroupForm }) => ({
    params: { id: entity.id },
    body: groupUpdateBody(values, entity.version),
  })),
  remove: op('deleteAdminGroup', (g: GroupDetail) => ({ params: { id: g.id } })),
  reopen: (g) => g.id,
  tabs: [
    // Units of the group's inventory join; a unit leaves (it stays in the inventory).
    associationTab({
      value: 'units',
      label: 'systemEntities.common.units',
      testId: 'group-units',
      members: { op: op('getAdminGroupUnits', firstMembers), rows: pageRows((u) => ({ id: u.id, label: u.name, detail: u.productType })) },
      candidates: {
        op: op('listAdminInventoryUnits', ({ of, search }: Search<GroupDetail>) => ({
          params: { id: of.inventoryId },
          query: { limit: 20, ...BY_NAME, ...nameSearch(search) },
        })),
        rows: (page) => page.items.map((u) => ({ id: u.uniqueId, label: u.name, detail: u.productType })),
      },
      add: unitLink('addAdminUnitGroup'),
      remove: unitLink('removeAdminUnitGroup'),
      stale: MEMBER_READS,
    }),
    // Channels of the group's inventory join and leave.
    associationTab({
      value: 'channels',
      label: 'systemEntities.common.channels',
      testId: 'group-channels',
      members: { op: op('getAdminGroupChannels', firstMembers), rows: pageRows((c) => ({ id: c.id, label: c.name, detail: c.type })) },
      candidates: {
        op: op('searchAdminChannels', ({ search }: Search<GroupDetail>) => ({ query: { limit: 50, ...BY_NAME, ...nameSearch(search) } })),
        rows: (page, group) =>
          page.items.filter((c) => c.inventoryIds.includes(group.inventoryId)).map((c) => ({ id: c.channelId, label: c.channelName, detail: c.type })),
      },
      add: channelLink('addAdminGroupChannel'),
      remove: channelLink('removeAdminGroupChannel'),
      stale: MEMBER_READS,
    }),
    // Video return channels of the group's inventory join and leave.
    associationTab({
      value: 'vrChannels',
      label: 'systemEntities.common.vrChannels',
      testId: 'group-vr-channels',
      members: { op: op('getAdminGroupVrChannels', firstMembers), rows: pageRows((v) => ({ id: v.id, label: v.name, detail: v.status })) },
      candidates: {
        op: op('listAdminInventoryVrChannels', ({ of, search }: Search<GroupDetail>) => ({
          params: { id: of.inventoryId },
          query: { limit: 20, ...nameSearch(search) },
        })),
        rows: (page) => page.items.map((v) => ({ id: v.uniqueId, label: v.name, detail: v.status })),
      },
      add: vrChannelLink('addAdminGroupVrChannel'),
      remove: vrChannelLink('removeAdminGroupVrChannel'),
      stale: MEMBER_READS,
    }),
    // Users of the group's inventory join and leave.
    associationTab({
      value: 'users',
      label: 'systemEntities.common.users',
      testId: 'group-users',
      members: { op: op('getAdminGroupUsers', firstMembers), rows: pageRows((u) => ({ id: u.id, label: u.username, detail: u.userType })) },
      candidates: {
        op: op('searchUsers', ({ of, search }: Search<GroupDetail>) => ({
          query: {
            limit: 20,
            inventoryId: of.inventoryId,
            sortBy: 'username' as const,
            sortDir: 'asc' as const,
            ...(search.trim() !== '' ? { searchKey: 'username' as const, searchValue: search.trim() } : {}),
          },
        })),
        rows: (page) => page.items.map((u) => ({ id: u.id, label: u.username, detail: u.userType })),
      },
      add: userLink((ids, group) => [...ids.filter((g) => g !== group), group]),
      remove: userLink((ids, group) => ids.filter((g) => g !== group)),
      stale: MEMBER_READS,
    }),
  ],
});

export default entityPage(groupResource);
