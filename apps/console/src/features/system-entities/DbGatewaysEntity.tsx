/**
 * Databridge gateways (spec 001 §2 /system_entities dbGateways; §3 databridge gateways), declared
 * on the resource kit: the searchable, sortable, paged list over v2/admin/dbGateways; a modal
 * creates one, or changes or deletes one (name unique, host, port 1-65535, inventory or none), the
 * spec's messages inline.
 */
import type { AdminDbGateway, AdminDbGatewayRow } from '@fleet/contracts';
import { defineResource, op, searchQuery } from '../../kit';
import { checkDbGateway, DB_GATEWAY_FIELDS, dbGatewayCreateBody, dbGatewayForm, dbGatewayUpdateBody, type DbGatewayForm } from './deviceForms';
import { entityPage } from './entityPage';

const SEARCH_KEYS = ['name', 'host', 'status'] as const;
const SORT_KEYS = ['name', 'host', 'status'] as const;

export const dbGatewayResource = defineResource<AdminDbGatewayRow, AdminDbGateway, DbGatewayForm>({
  testId: 'db-gateways',
  formTestId: 'db-gateway',
  titles: { new: 'systemDevices.dbGateways.new', edit: 'systemDevices.dbGateways.editTitle', noun: 'systemDevices.dbGateways.noun' },
  rowKey: (g) => g.id,
  label: (g) => g.name,
  list: { op: op('searchAdminDbGateways', (view) => ({ query: searchQuery(view, SEARCH_KEYS, SORT_KEYS) })), searchKeys: SEARCH_KEYS },
  columns: (t) => [
    { id: 'name', header: t('systemDevices.dbGateways.name'), sortKey: 'name', render: (g) => g.name },
    { id: 'host', header: t('systemDevices.dbGateways.host'), sortKey: 'host', render: (g) => g.host || '—' },
    { id: 'port', header: t('systemDevices.dbGateways.port'), render: (g) => g.port ?? '—' },
    { id: 'status', header: t('systemDevices.dbGateways.status'), sortKey: 'status', render: (g) => g.status },
    { id: 'inventory', header: t('systemDevices.dbGateways.inventory'), render: (g) => g.inventoryName ?? t('systemDevices.dbGateways.anyInventory') },
    { id: 'units', header: t('systemDevices.dbGateways.units'), render: (g) => g.unitCount },
  ],
  get: op('getAdminDbGateway', (id: string) => ({ params: { id } })),
  form: { fields: DB_GATEWAY_FIELDS, initial: dbGatewayForm, check: checkDbGateway },
  create: op('createAdminDbGateway', (values: DbGatewayForm) => ({ body: dbGatewayCreateBody(values) })),
  update: op('updateAdminDbGateway', ({ entity, values }: { entity: AdminDbGateway; values: DbGatewayForm }) => ({
    params: { id: entity.id },
    body: dbGatewayUpdateBody(values, entity.version),
  })),
  remove: op('deleteAdminDbGateway', (g: AdminDbGateway) => ({ params: { id: g.id } })),
});

export default entityPage(dbGatewayResource);
