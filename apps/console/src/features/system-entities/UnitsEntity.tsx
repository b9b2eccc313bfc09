/**
 * Units (spec 001 §2 /system_entities units; spec 000 §3 Unit; 000 §7 admin unit calls), declared on
 * the resource kit: the searchable, sortable, paged list over v2/admin/units; a modal registers one
 * in an inventory (then edits it), or changes (name, comment, ownership), deletes and associates one
 * — its inventories ("Unit max inventories reached", "Association already exists" as the core says
 * them) and the groups of its inventories — and shows its activity, its target software version
 * and its deregistration (UnitAdminTabs.tsx).
 */
import { ADMIN_UNIT_SORT_KEYS, OWNERSHIP_VALUES, UNIT_DEVICE_GROUPS } from '@fleet/contracts';
import type { UnitDetail, AdminUnitRow } from '@fleet/contracts';
import { associationTab, defineResource, listRows, nameSearch, op, pageRows, searchQuery, type Change, type Field, type Search } from '../../kit';
import { SYSTEM_ENTITY_READS } from '../../realtime/systemEntities';
import { checkUnit, unitCreateBody, unitForm, unitUpdateBody, type UnitForm } from './entityForms';
import { entityPage, inventoriesTab } from './entityPage';
import { UnitActivityTab, UnitSoftwareTab } from './UnitAdminTabs';
import { unitStatusLabel } from '../../lib/statusLabels';

const SEARCH_KEYS = ['name', 'uniqueId', 'serialNumber', 'productType', 'status', 'swVersion', 'ownership', 'comment'] as const;

const FIELDS: readonly Field<UnitForm>[] = [
  { name: 'name', kind: 'text', label: 'systemEntities.units.name', required: true },
  {
    name: 'typeGroup',
    kind: 'select',
    label: 'systemEntities.units.typeGroup',
    only: 'create',
    testId: 'type-group',
    options: () => UNIT_DEVICE_GROUPS.map((g) => ({ value: g, label: g })),
  },
  { name: 'productType', kind: 'text', label: 'systemEntities.units.productType', only: 'create', testId: 'product-type', required: true },
  { name: 'serialNumber', kind: 'text', label: 'systemEntities.units.serialNumber', only: 'create', testId: 'serial', required: true },
  { name: 'inventoryId', kind: 'inventory', label: 'systemEntities.units.inventory', only: 'create', testId: 'inventory', required: true },
  { name: 'comment', kind: 'text', label: 'systemEntities.units.comment' },
  {
    name: 'ownership',
    kind: 'select',
    label: 'systemEntities.units.ownership',
    options: () => OWNERSHIP_VALUES.map((o) => ({ value: o, label: o })),
    clearable: true,
  },
];

const inventoryLink = (id: 'addAdminUnitInventory' | 'removeAdminUnitInventory') =>
  op(id, ({ of, id: inventoryId }: Change<UnitDetail>) => ({ params: { id: of.uniqueId, inventoryId } }));
const groupLink = (id: 'addAdminUnitGroup' | 'removeAdminUnitGroup') =>
  op(id, ({ of, id: groupId }: Change<UnitDetail>) => ({ params: { id: of.uniqueId, groupId } }));

export const unitResource = defineResource<AdminUnitRow, UnitDetail, UnitForm>({
  testId: 'units',
  formTestId: 'unit',
  titles: {
    new: 'systemEntities.units.new',
    edit: 'systemEntities.units.editTitle',
    noun: 'systemEntities.units.noun',
    created: 'systemEntities.units.created',
  },
  rowKey: (u) => u.uniqueId,
  label: (u) => u.name,
  list: {
    op: op('searchAdminUnits', (view) => ({ query: searchQuery(view, SEARCH_KEYS, ADMIN_UNIT_SORT_KEYS) })),
    searchKeys: SEARCH_KEYS,
    searchLabels: { serialNumber: 'systemEntities.units.serialNumber', comment: 'systemEntities.units.comment' },
  },
  columns: (t) => [
    { id: 'name', header: t('systemEntities.units.name'), sortKey: 'name', render: (u) => u.name },
    { id: 'uniqueId', header: t('systemEntities.units.uniqueId'), sortKey: 'uniqueId', render: (u) => u.uniqueId },
    { id: 'productType', header: t('systemEntities.units.productType'), sortKey: 'productType', render: (u) => u.productType },
    { id: 'status', header: t('systemEntities.units.status'), sortKey: 'status', render: (u) => unitStatusLabel(t, u.status) },
    { id: 'swVersion', header: t('systemEntities.units.swVersion'), sortKey: 'swVersion', render: (u) => u.swVersion },
    { id: 'ownership', header: t('systemEntities.units.ownership'), sortKey: 'ownership', render: (u) => u.ownership || '—' },
    { id: 'inventories', header: t('systemEntities.common.inventories'), render: (u) => u.inventoryIds.length },
  ],
  get: op('getAdminUnit', (id: string) => ({ params: { id } })),
  form: { fields: FIELDS, initial: unitForm, check: (values, unit) => checkUnit(unit === null)(values) },
  create: op('createAdminUnit', (values: UnitForm) => ({ body: unitCreateBody(values) })),
  update: op('updateAdminUnit', ({ entity, values }: { entity: UnitDetail; values: UnitForm }) => ({
    params: { id: entity.uniqueId },
    body: unitUpdateBody(values, entity.version),
  })),
  remove: op('deleteAdminUnit', (u: UnitDetail) => ({ params: { id: u.uniqueId } })),
  reopen: (u) => u.uniqueId,
  stale: SYSTEM_ENTITY_READS.unit,
  tabs: [
    // Any inventory found by name joins; leaving one takes the unit out of its groups too.
    inventoriesTab({
      testId: 'unit-inventories',
      members: {
        op: op('getAdminUnitInventories', (u: UnitDetail) => ({ params: { id: u.uniqueId } })),
        rows: listRows((i) => ({ id: i.id, label: i.name, detail: i.region })),
      },
      add: inventoryLink('addAdminUnitInventory'),
      remove: inventoryLink('removeAdminUnitInventory'),
      stale: SYSTEM_ENTITY_READS.unit,
    }),
    // A group of one of the unit's inventories joins (groups/ofInventories gives them).
    associationTab({
      value: 'groups',
      label: 'systemEntities.common.groups',
      testId: 'unit-groups',
      members: {
        op: op('getAdminUnitGroups', (u: UnitDetail) => ({ params: { id: u.uniqueId }, query: { limit: 100 } })),
        rows: pageRows((g) => ({ id: g.id, label: g.name, detail: g.inventoryName })),
      },
      candidates: {
        op: op('getAdminUnitGroupsOfInventories', ({ of, search }: Search<UnitDetail>) => ({
          params: { id: of.uniqueId },
          query: { limit: 50, ...nameSearch(search) },
        })),
        rows: (page) => page.items.filter((g) => !g.associated).map((g) => ({ id: g.id, label: g.name, detail: g.inventoryName })),
      },
      add: groupLink('addAdminUnitGroup'),
      remove: groupLink('removeAdminUnitGroup'),
      stale: [...SYSTEM_ENTITY_READS.unit, 'searchAdminGroups'],
    }),
    { value: 'activity', label: 'systemEntities.units.activity.tab', call: 'getAdminUnitApplications', render: (unit) => <UnitActivityTab unit={unit} /> },
    { value: 'software', label: 'systemEntities.units.software.tab', call: 'setAdminUnitTargetSwVersion', render: (unit) => <UnitSoftwareTab unit={unit} /> },
  ],
});

export default entityPage(unitResource);
