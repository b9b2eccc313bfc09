/**
 * Software versions by product (spec 001 §2 /system_settings software_version_product; §3 Software
 * version: supported devices): each product (unit type group or server type) with the versions
 * supporting it, newest first; super user and staff add a version to a product or remove it (the
 * version's supported devices, over its row version). Kept current over /ws (`softwareVersion.*`).
 */
import { useState } from 'react';
import { Badge, Button, CloseButton, Group } from '@mantine/core';
import { Select } from '../../components/Pickers';
import { useTranslation } from 'react-i18next';
import type { SoftwareVersionDevice, SoftwareVersionProducts } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { QueryView } from '../../components/QueryView';
import { ListTable, MutedText, useToastMutation } from '../../kit';
import type { SystemSettingsProps } from './settingPage';
import { enumLabel } from '../../lib/tolerant';

const PREFIX = 'settings-sw-products';

export default function SoftwareVersionProductsSetting(_props: SystemSettingsProps) {
  const { t } = useTranslation();
  const list = useEndpointQuery('listSoftwareVersionProducts');
  return (
    <QueryView query={list} testIdPrefix={PREFIX} errorTitle={t('kit.list.loadError')}>
      {(data) => (
        <ListTable
          plain
          striped
          tableProps={{ verticalSpacing: 'xs' }}
          items={data.products.map((row) => ({ row, versions: data.versions }))}
          rowKey={({ row }) => row.product}
          useRow={useProductRow}
          testIdPrefix={PREFIX}
          columns={[
            { id: 'product', header: t('streamSettings.products.product'), render: (p) => enumLabel(t, 'softwareVersions.devices', p.product) },
            {
              id: 'versions',
              header: t('streamSettings.products.versions'),
              render: (p) =>
                p.row.versions.length === 0 ? (
                  <MutedText>{t('streamSettings.products.none')}</MutedText>
                ) : (
                  <Group gap={4}>
                    {p.row.versions.map((v) => (
                      <Badge
                        key={v.id}
                        variant={v.deprecated ? 'outline' : 'light'}
                        data-testid={`${PREFIX}-version-${p.product}-${v.number}`}
                        rightSection={
                          <CloseButton
                            size="xs"
                            aria-label={t('streamSettings.products.remove', { number: v.number })}
                            disabled={p.removing}
                            onClick={() => p.remove(v)}
                            data-testid={`${PREFIX}-remove-${p.product}-${v.number}`}
                          />
                        }
                      >
                        {v.number}
                      </Badge>
                    ))}
                  </Group>
                ),
            },
            {
              id: 'add',
              header: t('streamSettings.products.add'),
              render: (p) => (
                <Group gap="xs" wrap="nowrap">
                  <Select
                    data={p.offered}
                    value={p.picked}
                    onChange={p.setPicked}
                    searchable
                    size="xs"
                    w={120}
                    placeholder={t('streamSettings.products.pick')}
                    data-testid={`${PREFIX}-pick-${p.product}`}
                  />
                  <Button size="compact-sm" disabled={!p.canAdd} loading={p.adding} onClick={p.add} data-testid={`${PREFIX}-add-${p.product}`}>
                    {t('streamSettings.products.addButton')}
                  </Button>
                </Group>
              ),
            },
          ]}
        />
      )}
    </QueryView>
  );
}

type ProductVersions = SoftwareVersionProducts['products'][number];

/** A product's row: the versions it may still take, the one picked, and the add and remove calls. */
function useProductRow({ row, versions }: { row: ProductVersions; versions: SoftwareVersionProducts['versions'] }) {
  const [picked, setPicked] = useState<string | null>(null);
  const addCall = useToastMutation('addSoftwareVersionProduct');
  const removeCall = useToastMutation('removeSoftwareVersionProduct');
  const product: SoftwareVersionDevice = row.product;
  const offered = versions.filter((v) => !v.supportedDevices.includes(product)).map((v) => ({ value: v.id, label: v.number }));
  const pickedVersion = versions.find((v) => v.id === picked);
  return {
    row,
    product,
    offered,
    picked,
    setPicked,
    canAdd: pickedVersion !== undefined,
    adding: addCall.isPending,
    removing: removeCall.isPending,
    add: () => {
      if (pickedVersion === undefined) return;
      addCall.mutate({ params: { id: pickedVersion.id, product }, body: { version: pickedVersion.version } }, { onSuccess: () => setPicked(null) });
    },
    remove: (v: ProductVersions['versions'][number]) => removeCall.mutate({ params: { id: v.id, product }, query: { version: v.version } }),
  };
}
