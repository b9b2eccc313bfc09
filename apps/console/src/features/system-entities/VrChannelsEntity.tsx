/**
 * Video return channels (spec 001 §2 /system_entities vrChannels; §3 Video return channel; §7 Video
 * return channels admin calls), declared on the resource kit: the searchable, sortable, paged list
 * over v2/admin/vrChannels; a modal creates one (in an inventory), or changes its name, description
 * and serial or deletes it (refused while collecting: the core's words), with the inventories and
 * groups it is shared with (feed sharing), each changed through PUT v2/admin/vrChannels/{uid} with
 * the whole new list under the channel's version.
 */
import { Badge } from '@mantine/core';
import { CreateAdminVrChannelBody, UpdateAdminVrChannelBody, VR_CHANNEL_SEARCH_KEYS, VR_CHANNEL_SORT_KEYS } from '@fleet/contracts';
import type { VrChannelDetail } from '@fleet/contracts';
import { checkSchema } from '../../lib/forms/fieldErrors';
import { associationTab, defineResource, listRows, op, pageRows, searchQuery, type Change, type Field, type Search } from '../../kit';
import { SYSTEM_ENTITY_READS } from '../../realtime/systemEntities';
import { checkInInventory } from './entityForms';
import { entityPage, inventoriesTab } from './entityPage';
import { vrChannelStatusLabel } from '../../lib/statusLabels';

interface VrChannelForm {
  readonly name: string;
  readonly description: string;
  readonly serialNumber: string;
  readonly inventoryId: string | null;
}

const FIELDS: readonly Field<VrChannelForm>[] = [
  { name: 'name', kind: 'text', label: 'systemDevices.vrChannels.name', required: true },
  { name: 'description', kind: 'text', label: 'systemDevices.vrChannels.description' },
  { name: 'serialNumber', kind: 'text', label: 'systemDevices.vrChannels.serialNumber' },
  { name: 'inventoryId', kind: 'inventory', label: 'systemDevices.vrChannels.inventory', only: 'create', testId: 'inventory' },
];

const vrBody = (form: VrChannelForm) => ({ name: form.name.trim(), description: form.description, serialNumber: form.serialNumber.trim() });

/** A new channel needs its inventory; both calls' schemas word the rest. */
function checkVrChannel(form: VrChannelForm, channel: VrChannelDetail | null) {
  if (channel !== null) return checkSchema(UpdateAdminVrChannelBody, vrBody(form));
  return checkInInventory(form, checkSchema(CreateAdminVrChannelBody, { ...vrBody(form), inventoryIds: [form.inventoryId ?? 'none'] }));
}

/** Feed sharing: the whole new list of inventories or groups, under the channel's version. */
const share = (change: (of: VrChannelDetail, id: string) => { inventoryIds?: string[]; groupIds?: string[] }) =>
  op('updateAdminVrChannel', ({ of, id }: Change<VrChannelDetail>) => ({ params: { uid: of.uniqueId }, body: { ...change(of, id), version: of.version } }));

export const vrChannelResource = defineResource<VrChannelDetail, VrChannelDetail, VrChannelForm>({
  testId: 'vr-channels',
  formTestId: 'vr-channel',
  titles: { new: 'systemDevices.vrChannels.new', edit: 'systemDevices.vrChannels.editTitle', noun: 'systemDevices.vrChannels.noun' },
  rowKey: (c) => c.uniqueId,
  label: (c) => c.name,
  list: {
    op: op('searchAdminVrChannels', (view) => ({ query: searchQuery(view, VR_CHANNEL_SEARCH_KEYS, VR_CHANNEL_SORT_KEYS) })),
    searchKeys: VR_CHANNEL_SEARCH_KEYS,
    searchLabels: { description: 'systemDevices.vrChannels.description' },
  },
  columns: (t) => [
    { id: 'name', header: t('systemDevices.vrChannels.name'), sortKey: 'name', render: (c) => c.name },
    { id: 'uniqueId', header: t('systemDevices.vrChannels.uniqueId'), sortKey: 'uniqueId', render: (c) => c.uniqueId },
    { id: 'serialNumber', header: t('systemDevices.vrChannels.serialNumber'), sortKey: 'serialNumber', render: (c) => c.serialNumber ?? '—' },
    { id: 'server', header: t('systemDevices.vrChannels.server'), render: (c) => c.serverName ?? '—' },
    {
      id: 'status',
      header: t('systemDevices.vrChannels.status'),
      sortKey: 'status',
      render: (c) => <Badge variant="light">{vrChannelStatusLabel(t, c.status)}</Badge>,
    },
  ],
  get: op('getAdminVrChannel', (uid: string) => ({ params: { uid } })),
  form: {
    fields: FIELDS,
    initial: (c) => ({ name: c?.name ?? '', description: c?.description ?? '', serialNumber: c?.serialNumber ?? '', inventoryId: null }),
    check: checkVrChannel,
  },
  create: op('createAdminVrChannel', (values: VrChannelForm) => ({ body: { ...vrBody(values), inventoryIds: [values.inventoryId ?? ''] } })),
  update: op('updateAdminVrChannel', ({ entity, values }: { entity: VrChannelDetail; values: VrChannelForm }) => ({
    params: { uid: entity.uniqueId },
    body: { ...vrBody(values), version: entity.version },
  })),
  remove: op('deleteAdminVrChannel', (c: VrChannelDetail) => ({ params: { uid: c.uniqueId } })),
  stale: SYSTEM_ENTITY_READS.vrChannel,
  tabs: [
    inventoriesTab({
      testId: 'vr-channel-inventories',
      members: {
        op: op('getAdminVrChannelInventories', (c: VrChannelDetail) => ({ params: { id: c.uniqueId } })),
        rows: listRows((i) => ({ id: i.id, label: i.name })),
      },
      add: share((c, id) => ({ inventoryIds: [...c.inventoryIds, id] })),
      remove: share((c, id) => ({ inventoryIds: c.inventoryIds.filter((i) => i !== id) })),
      stale: SYSTEM_ENTITY_READS.vrChannel,
    }),
    associationTab({
      value: 'groups',
      label: 'systemEntities.common.groups',
      testId: 'vr-channel-groups',
      members: {
        op: op('getAdminVrChannelGroups', (c: VrChannelDetail) => ({ params: { id: c.uniqueId }, query: { limit: 100 } })),
        rows: pageRows((g) => ({ id: g.id, label: g.name, detail: g.inventoryName })),
      },
      candidates: {
        op: op('getAdminVrChannelGroupsOfInventories', ({ of, search }: Search<VrChannelDetail>) => ({
          params: { id: of.uniqueId },
          query: { limit: 50, ...(search.trim() !== '' ? { searchValue: search.trim() } : {}) },
        })),
        rows: (page) => page.items.map((g) => ({ id: g.id, label: g.name, detail: g.inventoryName })),
      },
      add: share((c, id) => ({ groupIds: [...c.groupIds, id] })),
      remove: share((c, id) => ({ groupIds: c.groupIds.filter((g) => g !== id) })),
      stale: SYSTEM_ENTITY_READS.vrChannel,
    }),
  ],
});

export default entityPage(vrChannelResource);
