/**
 * /devices (spec 001 §2 "devices and servers"; "Device management: servers, devices, LU-Link"):
 * the servers tab (with the server detail), the devices tab (units and their servers), the
 * software upgrade tab (UpgradeTab.tsx) and the LU-Link tab. Tabs, the open server, the chosen unit
 * and link are search parameters, so every state can be linked and survives a reload.
 */
import { useCallback } from 'react';
import { Stack, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { ServerDetail } from '@fleet/contracts';
import { PageTitle } from '../../components/PageTitle';
import { useSearchParam } from '../../routing/useSearchParam';
import { DevicesTab } from './DevicesTab';
import { LuLinkTab } from './LuLinkTab';
import { SERVER_PARAM, SERVER_TAB_PARAM, ServerDrawer } from './ServerDrawer';
import { ServersTab } from './ServersTab';
import { UpgradeTab } from './UpgradeTab';
import { useServers } from './useServers';
import { RegionBoundary } from '../../components/RegionBoundary';

export const DEVICES_TABS = ['servers', 'devices', 'upgrade', 'luLink'] as const;
export type DevicesTabId = (typeof DEVICES_TABS)[number];
const TAB_PARAM = 'tab';
const UNIT_PARAM = 'unit';
const LINK_PARAM = 'link';

export default function DevicesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const servers = useServers();
  const [requested, setTab] = useSearchParam(TAB_PARAM, { replace: true });
  const tab: DevicesTabId = DEVICES_TABS.find((id) => id === requested) ?? 'servers';
  const [serverId, setServer] = useSearchParam(SERVER_PARAM, { also: [SERVER_TAB_PARAM] });

  const openServer = useCallback((id: string) => setServer(id), [setServer]);
  const openRow = useCallback((server: ServerDetail) => setServer(server.id), [setServer]);
  const closeServer = useCallback(() => setServer(null), [setServer]);
  const selectLink = useCallback(
    (unitId: string | null, linkId: string | null) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        next.set(TAB_PARAM, 'luLink');
        if (unitId === null) next.delete(UNIT_PARAM);
        else next.set(UNIT_PARAM, unitId);
        if (linkId === null) next.delete(LINK_PARAM);
        else next.set(LINK_PARAM, linkId);
        return next;
      }),
    [setParams],
  );
  const openUnitLink = useCallback((unitId: string) => selectLink(unitId, null), [selectLink]);

  return (
    <Stack gap="sm" data-testid="devices-page">
      <PageTitle title={t('routes.devices')} />
      <Tabs value={tab} onChange={(next) => next !== null && setTab(next)} keepMounted={false}>
        <Tabs.List>
          {DEVICES_TABS.map((id) => (
            <Tabs.Tab key={id} value={id} data-testid={`devices-tab-${id}`}>
              {id === 'upgrade' ? t('upgrades.tab') : t(`devices.tabs.${id}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="servers" pt="md">
          <RegionBoundary kind="tab">
            <ServersTab query={servers} selectedId={serverId} onOpen={openRow} />
          </RegionBoundary>
        </Tabs.Panel>
        <Tabs.Panel value="devices" pt="md">
          <RegionBoundary kind="tab">
            <DevicesTab onOpenServer={openServer} onOpenLink={openUnitLink} />
          </RegionBoundary>
        </Tabs.Panel>
        <Tabs.Panel value="upgrade" pt="md">
          <RegionBoundary kind="tab">
            <UpgradeTab />
          </RegionBoundary>
        </Tabs.Panel>
        <Tabs.Panel value="luLink" pt="md">
          <RegionBoundary kind="tab">
            <LuLinkTab unitId={params.get(UNIT_PARAM)} linkId={params.get(LINK_PARAM)} onSelect={selectLink} />
          </RegionBoundary>
        </Tabs.Panel>
      </Tabs>
      {serverId !== null && <ServerDrawer serverId={serverId} rows={servers.data} onClose={closeServer} />}
    </Stack>
  );
}
