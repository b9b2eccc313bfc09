/**
 * The inventory's serviceable devices (spec 001 §7 Inventories: serviceable devices), read only:
 * its units and its servers, each with its type, status, whether it is online (a remote action
 * reaches an online device only) and its version.
 *
 * Test ids: `inventory-devices`, `-loading`, `-error`, `-unit-<id>`, `-server-<id>`, `-units-empty`,
 * `-servers-empty`.
 */
import { Badge, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ServiceableDevices } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { QueryView } from '../../components/QueryView';

type Device = ServiceableDevices['units'][number];

export function ServiceableDevicesTab({ inventoryId }: { readonly inventoryId: string }) {
  const { t } = useTranslation();
  const query = useEndpointQuery('getAdminInventoryServiceableDevices', { params: { id: inventoryId } });
  return (
    <QueryView query={query} testIdPrefix="inventory-devices" errorTitle={t('systemEntities.inventoryTabs.loadError')}>
      {(devices) => (
        <Stack gap="md" data-testid="inventory-devices">
          <DeviceTable
            title={t('systemEntities.inventoryTabs.devices.units')}
            devices={devices.units}
            testId="inventory-devices-unit"
            emptyId="inventory-devices-units-empty"
          />
          <DeviceTable
            title={t('systemEntities.inventoryTabs.devices.servers')}
            devices={devices.servers}
            testId="inventory-devices-server"
            emptyId="inventory-devices-servers-empty"
          />
        </Stack>
      )}
    </QueryView>
  );
}

function DeviceTable({
  title,
  devices,
  testId,
  emptyId,
}: {
  readonly title: string;
  readonly devices: readonly Device[];
  readonly testId: string;
  readonly emptyId: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Title order={6}>{title}</Title>
      {devices.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid={emptyId}>
          {t('systemEntities.inventoryTabs.devices.none')}
        </Text>
      ) : (
        <Table verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('systemEntities.inventoryTabs.devices.name')}</Table.Th>
              <Table.Th>{t('systemEntities.inventoryTabs.devices.type')}</Table.Th>
              <Table.Th>{t('systemEntities.inventoryTabs.devices.status')}</Table.Th>
              <Table.Th>{t('systemEntities.inventoryTabs.devices.swVersion')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {devices.map((d) => (
              <Table.Tr key={d.id} data-testid={`${testId}-${d.id}`}>
                <Table.Td>{d.name}</Table.Td>
                <Table.Td>{d.type}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={d.online ? 'green' : 'gray'}>
                    {d.online ? t('systemEntities.inventoryTabs.devices.online') : t('systemEntities.inventoryTabs.devices.offline')}
                  </Badge>{' '}
                  <Text span size="xs" c="dimmed">
                    {d.status}
                  </Text>
                </Table.Td>
                <Table.Td>{d.swVersion || '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
