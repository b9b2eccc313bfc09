/**
 * The inventory's own tabs (inventoryTabRules.ts) where an inventory is managed: after the association
 * tabs of the system admin console's inventory modal (super user and staff), and on
 * /inventory_services for the inventory chosen there (the inventory admins the catalogue lets read
 * each tab: tally, IFB and the ingest tabs for the manage roles, properties and serviceable devices
 * for the admin roles). Each tab reads again when /ws says what it shows changed.
 *
 * Test ids: `inventory-settings` (the section of /inventory_services), `inventory-settings-tab-<value>`.
 */
import type { ComponentType } from 'react';
import { Stack, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUserRoles } from '../../kit';
import { IngestAccountTab } from './IngestAccountTab';
import { IngestServersTab } from './IngestServersTab';
import { InventoryIfbTab, InventoryTallyTab } from './InventoryChannelsTab';
import { InventoryPropertiesTab } from './InventoryPropertiesTab';
import { visibleInventoryTabs, type InventoryTabValue } from './inventoryTabRules';
import { ServiceableDevicesTab } from './ServiceableDevicesTab';
import { RegionBoundary } from '../../components/RegionBoundary';

const PANELS: Record<InventoryTabValue, ComponentType<{ readonly inventoryId: string }>> = {
  tally: InventoryTallyTab,
  ifb: InventoryIfbTab,
  properties: InventoryPropertiesTab,
  serviceableDevices: ServiceableDevicesTab,
  ingestAccount: IngestAccountTab,
  ingestServers: IngestServersTab,
};

export function InventoryTabPanel({ value, inventoryId }: { readonly value: InventoryTabValue; readonly inventoryId: string }) {
  const Panel = PANELS[value];
  return <Panel inventoryId={inventoryId} />;
}

/** The tabs of one inventory as a section of a page (nothing when the user may read none). */
export function InventorySettings({ inventoryId }: { readonly inventoryId: string }) {
  const { t } = useTranslation();
  const tabs = visibleInventoryTabs(useUserRoles());
  const first = tabs[0];
  if (first === undefined) return null;
  return (
    <Stack gap="sm" data-testid="inventory-settings">
      <Title order={4}>{t('systemEntities.inventoryTabs.settings')}</Title>
      <Tabs key={inventoryId} defaultValue={first.value} keepMounted={false}>
        <Tabs.List mb="sm">
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value} data-testid={`inventory-settings-tab-${tab.value}`}>
              {t(tab.label)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Panel key={tab.value} value={tab.value}>
            <RegionBoundary kind="tab">
              <InventoryTabPanel value={tab.value} inventoryId={inventoryId} />
            </RegionBoundary>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
