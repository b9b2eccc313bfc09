/**
 * Software versions by product (spec 001 §2 /system_settings software_version_product; §3 Software
 * version: supported devices): each product (unit type group or server type) with the versions
 * supporting it, newest first; super user and staff add a version to a product or remove it (the
 * version's supported devices, over its row version). Kept current over /ws (`softwareVersion.*`).
 */
import { useEffect, useState } from 'react';
import { Badge, Button, CloseButton, Group, Select, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SoftwareVersionDevice, SoftwareVersionProducts } from '@fleet/contracts';
import { useApiErrorMessage } from '../../api/errorMessage';
import { endpointPrefix, useEndpointMutation, useEndpointQuery } from '../../api/hooks';
import { QueryView } from '../../components/QueryView';
import { useRealtime } from '../../realtime/RealtimeProvider';
import { useToast } from '../../toast/useToast';
import { isSoftwareVersionEvent } from '../software-versions/softwareVersionForm';
import type { SystemSettingsProps } from './SystemSettings';

const PREFIX = 'settings-sw-products';

export default function SoftwareVersionProductsSetting(_props: SystemSettingsProps) {
  const { t } = useTranslation();
  const list = useEndpointQuery('listSoftwareVersionProducts');
  const queryClient = useQueryClient();
  const { subscribe } = useRealtime();
  useEffect(
    () =>
      subscribe((event) => {
        if (isSoftwareVersionEvent(event)) void queryClient.invalidateQueries({ queryKey: endpointPrefix('listSoftwareVersionProducts') });
      }),
    [subscribe, queryClient],
  );
  return (
    <QueryView query={list} testIdPrefix={PREFIX} errorTitle={t('kit.list.loadError')}>
      {(data) => (
        <Table striped verticalSpacing="xs" data-testid={`${PREFIX}-grid`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('streamSettings.products.product')}</Table.Th>
              <Table.Th>{t('streamSettings.products.versions')}</Table.Th>
              <Table.Th>{t('streamSettings.products.add')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.products.map((row) => (
              <ProductRow key={row.product} row={row} versions={data.versions} />
            ))}
          </Table.Tbody>
        </Table>
      )}
    </QueryView>
  );
}

function ProductRow({ row, versions }: { row: SoftwareVersionProducts['products'][number]; versions: SoftwareVersionProducts['versions'] }) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useApiErrorMessage();
  const [picked, setPicked] = useState<string | null>(null);
  const add = useEndpointMutation('addSoftwareVersionProduct');
  const remove = useEndpointMutation('removeSoftwareVersionProduct');
  const product: SoftwareVersionDevice = row.product;
  const offered = versions.filter((v) => !v.supportedDevices.includes(product)).map((v) => ({ value: v.id, label: v.number }));
  const onError = (e: unknown) => toast.show({ message: errorText(e), variant: 'error' });
  const pickedVersion = versions.find((v) => v.id === picked);
  return (
    <Table.Tr data-testid={`${PREFIX}-row-${product}`}>
      <Table.Td>{t(`softwareVersions.devices.${product}`)}</Table.Td>
      <Table.Td>
        {row.versions.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('streamSettings.products.none')}
          </Text>
        ) : (
          <Group gap={4}>
            {row.versions.map((v) => (
              <Badge
                key={v.id}
                variant={v.deprecated ? 'outline' : 'light'}
                data-testid={`${PREFIX}-version-${product}-${v.number}`}
                rightSection={
                  <CloseButton
                    size="xs"
                    aria-label={t('streamSettings.products.remove', { number: v.number })}
                    disabled={remove.isPending}
                    onClick={() => remove.mutate({ params: { id: v.id, product }, query: { version: v.version } }, { onError })}
                    data-testid={`${PREFIX}-remove-${product}-${v.number}`}
                  />
                }
              >
                {v.number}
              </Badge>
            ))}
          </Group>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Select
            data={offered}
            value={picked}
            onChange={setPicked}
            searchable
            size="xs"
            w={120}
            placeholder={t('streamSettings.products.pick')}
            data-testid={`${PREFIX}-pick-${product}`}
          />
          <Button
            size="compact-sm"
            disabled={pickedVersion === undefined}
            loading={add.isPending}
            onClick={() => {
              if (pickedVersion === undefined) return;
              add.mutate(
                { params: { id: pickedVersion.id, product }, body: { version: pickedVersion.version } },
                { onSuccess: () => setPicked(null), onError },
              );
            }}
            data-testid={`${PREFIX}-add-${product}`}
          >
            {t('streamSettings.products.addButton')}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
