/**
 * The inventory's serviceable devices (spec 001 §7 Inventories: serviceable devices), read only:
 * its units and its servers, each with its type, status, whether it is online (a remote action
 * reaches an online device only) and its version.
 *
 * Test ids: `inventory-devices`, `-loading`, `-error`, `-unit-<id>`, `-server-<id>`, `-units-empty`,
 * `-servers-empty`.
 */
import { Badge, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ServiceableDevices } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { QueryView } from '../../components/QueryView';
import { ListTable, type ListColumn } from '../../kit/ListTable';
import { serverStatusLabel, unitStatusLabel } from '../../lib/statusLabels';

type Device = ServiceableDevices['units'][number];

export function ServiceableDevicesTab({ inventoryId }: { readonly inventoryId: string }) {
  const { t } = useTranslation();
  const query = useEndpointQuery('getAdminInventoryServiceableDevices', { params: { id: inventoryId } });
  return (
    <QueryView query={query} testIdPrefix="inventory-devices" errorTitle={t('systemEntities.inventoryTabs.loadError')}>
      {(devices) => (
        <Stack gap="md" data-testid="inventory-devices">
          {(['unit', 'server'] as const).map((kind) => (
            <DeviceTable key={kind} kind={kind} devices={devices[`${kind}s`]} />
          ))}
        </Stack>
      )}
    </QueryView>
  );
}

/** The inventory's units or its servers. */
function DeviceTable({ kind, devices }: { readonly kind: 'unit' | 'server'; readonly devices: readonly Device[] }) {
  const { t } = useTranslation();
  const columns: ListColumn<Device>[] = [
    { id: 'name', header: t('systemEntities.inventoryTabs.devices.name'), render: (d) => d.name },
    { id: 'type', header: t('systemEntities.inventoryTabs.devices.type'), render: (d) => d.type },
    {
      id: 'status',
      header: t('systemEntities.inventoryTabs.devices.status'),
      render: (d) => (
        <>
          <Badge variant="light" color={d.online ? 'green' : 'gray'}>
            {d.online ? t('systemEntities.inventoryTabs.devices.online') : t('systemEntities.inventoryTabs.devices.offline')}
          </Badge>{' '}
          <Text span size="xs" c="dimmed">
            {kind === 'unit' ? unitStatusLabel(t, d.status) : serverStatusLabel(t, d.status)}
          </Text>
        </>
      ),
    },
    { id: 'swVersion', header: t('systemEntities.inventoryTabs.devices.swVersion'), render: (d) => d.swVersion || '—' },
  ];
  return (
    <Stack gap={4}>
      <Title order={6}>{t(`systemEntities.inventoryTabs.devices.${kind}s`)}</Title>
      <ListTable
        items={devices}
        columns={columns}
        rowKey={(d) => d.id}
        testIdPrefix={`inventory-devices-${kind}s`}
        rowTestId={(d) => `inventory-devices-${kind}-${d.id}`}
        emptyText={t('systemEntities.inventoryTabs.devices.none')}
        striped={false}
        minWidth={0}
      />
    </Stack>
  );
}
