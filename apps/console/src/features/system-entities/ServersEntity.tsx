/**
 * Servers of one type (spec 001 §2 /system_entities mmh_servers, vr_servers, ingest_servers,
 * transceiver_servers; §3 Server), one resource of the kit per type: the searchable, sortable, paged
 * list over v2/admin/servers for the kind's type; `?ifb=1` (the support staff's "IFB Servers" entry)
 * keeps the IFB-capable multimedia hubs and shows their IFB mode. A modal creates one, or changes or
 * deletes one (a row opens as listed: the catalogue has no read of one server): identity,
 * inventory, cloud placement and the device settings (sent to the server first; the §8 refusals
 * show in the core's words).
 */
import { useMemo } from 'react';
import { SimulateMenuFor } from '../simulator/faults/SimulateMenu';
import { MutedText } from '../../kit/MutedText';
import { useCanSimulate } from '../simulator/useMockCapabilities';
import { Alert, Badge, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ADMIN_SERVER_SEARCH_KEYS, ADMIN_SERVER_SORT_KEYS, IFB_MODES, PUBLISHING_MODES } from '@fleet/contracts';
import type { ServerDetail, ServerType } from '@fleet/contracts';
import { defineResource, op, ResourcePage, searchQuery, type Field } from '../../kit';
import { SERVER_KIND_TYPES, checkServer, isServerKind, serverCreateBody, serverForm, serverUpdateBody, type ServerForm } from './deviceForms';
import type { SystemEntitiesProps } from './entityPage';
import { useListRefresh } from './useEntityLive';
import { serverStatusLabel } from '../../lib/statusLabels';

type TextName = 'name' | 'serial' | 'alias' | 'productType' | 'swVersion' | 'cloudRegion' | 'cloudInstance' | 'cloudProvider';
const text = (name: TextName, required = false): Field<ServerForm> => ({ name, kind: 'text', label: `systemDevices.servers.${name}`, required });
const number = (name: 'maxChannels' | 'webrtcPort' | 'genlockOffset'): Field<ServerForm> => ({ name, kind: 'number', label: `systemDevices.servers.${name}` });

const IFB_MODE: Field<ServerForm> = {
  name: 'ifbMode',
  kind: 'select',
  label: 'systemDevices.servers.ifbMode',
  options: () => IFB_MODES.map((m) => ({ value: m, label: m })),
  clearable: true,
};

/** The form of a server of `serverType` (the IFB mode only on multimedia hubs). */
function serverFields(serverType: ServerType): readonly Field<ServerForm>[] {
  return [
    text('name', true),
    text('serial', true),
    text('alias'),
    text('productType'),
    text('swVersion', true),
    { name: 'inventoryId', kind: 'inventory', label: 'systemDevices.servers.inventory', clearable: true, testId: 'inventory' },
    ...(serverType === 'mmh_server' ? [IFB_MODE] : []),
    number('maxChannels'),
    number('webrtcPort'),
    {
      name: 'publishingMode',
      kind: 'select',
      label: 'systemDevices.servers.publishingMode',
      options: (t) => PUBLISHING_MODES.map((m) => ({ value: m, label: t(`systemDevices.servers.publishingModes.${m}`) })),
    },
    number('genlockOffset'),
    text('cloudRegion'),
    text('cloudInstance'),
    text('cloudProvider'),
  ];
}

/** The servers of one type; `ifb`: only the multimedia hubs with an IFB mode; `simulate`: each row has its Simulate menu (mock only). */
export function serverResource(serverType: ServerType, ifb: boolean, simulate = false) {
  const fields = serverFields(serverType);
  return defineResource<ServerDetail, ServerDetail, ServerForm>({
    testId: 'servers',
    formTestId: 'server',
    titles: { new: 'systemDevices.servers.new', edit: 'systemDevices.servers.editTitle', noun: 'systemDevices.servers.noun' },
    rowKey: (s) => s.id,
    label: (s) => s.name,
    list: {
      op: op('searchAdminServers', (view) => ({
        query: { ...searchQuery(view, ADMIN_SERVER_SEARCH_KEYS, ADMIN_SERVER_SORT_KEYS), type: serverType, ...(ifb ? { ifb: 'true' as const } : {}) },
      })),
      searchKeys: ADMIN_SERVER_SEARCH_KEYS,
      searchLabels: { productType: 'systemDevices.servers.productType', comment: 'systemDevices.servers.comment' },
    },
    columns: (t) => [
      { id: 'name', header: t('systemDevices.servers.name'), sortKey: 'name', render: (s) => s.name },
      { id: 'uniqueId', header: t('systemDevices.servers.uniqueId'), sortKey: 'uniqueId', render: (s) => s.uniqueId },
      { id: 'serial', header: t('systemDevices.servers.serial'), sortKey: 'serial', render: (s) => s.serial },
      { id: 'alias', header: t('systemDevices.servers.alias'), sortKey: 'alias', render: (s) => s.alias || '—' },
      ...(serverType === 'mmh_server' ? [{ id: 'ifbMode', header: t('systemDevices.servers.ifbMode'), render: (s: ServerDetail) => s.ifbMode ?? '—' }] : []),
      {
        id: 'status',
        header: t('systemDevices.servers.status'),
        sortKey: 'status',
        render: (s) => <Badge variant="light">{serverStatusLabel(t, s.status)}</Badge>,
      },
      { id: 'swVersion', header: t('systemDevices.servers.swVersion'), sortKey: 'swVersion', render: (s) => s.swVersion },
      ...(simulate
        ? [
            {
              id: 'simulate',
              header: t('faults.simulate'),
              interactive: true,
              render: (s: ServerDetail) => <SimulateMenuFor compact target={{ kind: 'server', serverId: s.id, name: s.name }} />,
            },
          ]
        : []),
    ],
    fromRow: (s) => s,
    form: { fields, initial: serverForm, check: (values, server) => checkServer(server === null, serverType)(values) },
    create: op('createAdminServer', (values: ServerForm) => ({ body: serverCreateBody(values, serverType) })),
    update: op('updateAdminServer', ({ entity, values }: { entity: ServerDetail; values: ServerForm }) => ({
      params: { id: entity.id },
      body: serverUpdateBody(values, serverType, entity.version),
    })),
    remove: op('deleteAdminServer', (s: ServerDetail) => ({ params: { id: s.id } })),
    // Mock only: the server's Simulate menu in its modal too.
    ...(simulate ? { tabs: [{ value: 'simulate', label: 'faults.simulate' as const, render: (s: ServerDetail) => <ServerSimulateTab server={s} /> }] } : {}),
  });
}

/** The edit modal's Simulate tab (mock only): what the menu does, and the menu. */
function ServerSimulateTab({ server }: { server: ServerDetail }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" align="flex-start" data-testid="server-simulate-tab">
      <MutedText>{t('faults.serverIntro', { name: server.name })}</MutedText>
      <SimulateMenuFor target={{ kind: 'server', serverId: server.id, name: server.name }} />
    </Stack>
  );
}

export default function ServersEntity({ kind }: SystemEntitiesProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const ifb = params.get('ifb') === '1';
  const serverType: ServerType = isServerKind(kind) ? SERVER_KIND_TYPES[kind] : 'mmh_server';
  const simulate = useCanSimulate();
  const resource = useMemo(() => serverResource(serverType, ifb, simulate), [serverType, ifb, simulate]);
  const banner = ifb && (
    <Alert color="blue" data-testid="servers-ifb-filter">
      {t('systemDevices.servers.ifbOnly')}
    </Alert>
  );
  return <ResourcePage resource={resource} refreshMs={useListRefresh()} above={() => banner} />;
}
