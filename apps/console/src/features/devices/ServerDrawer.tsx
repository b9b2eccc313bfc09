/**
 * The server detail (a drawer over the servers tab, `/devices?server=<id>&serverTab=<tab>`): the
 * server's live values (kept current over /ws with the list), its comment and instance reset, and
 * the settings its type has (configuration, SMPTE, IP pipe, feed). Users who may not change
 * servers (read-only) see the values with no write controls (spec 001 §6).
 */
import { useMemo } from 'react';
import { Alert, Group, Loader, Stack, Tabs } from '@mantine/core';
import { Drawer } from '../../components/Overlays';
import { useTranslation } from 'react-i18next';
import { APPLY_BUTTON_ROLES, hasAnyRole } from '@fleet/contracts';
import type { ServerDetail } from '@fleet/contracts';
import { useSearchParam } from '../../routing/useSearchParam';
import { rolesOf, useSessionUser } from '../../session/hooks';
import { serverSections } from './serverFormat';
import type { ServerSections } from './serverFormat';
import { ServerFeed } from './ServerFeed';
import { CommentSection, ResetInstance, ServerFacts, ServicesAndIps, StatusCheck } from './ServerOverview';
import { IpPipeSection, ServerConfigurationSection, SmpteSection } from './ServerSettings';
import { useServer } from './useServers';
import { canApply } from '../../kit/access';
import { ErrorAlert } from '../../kit/ErrorAlert';
import { RegionBoundary } from '../../components/RegionBoundary';

export const SERVER_PARAM = 'server';
export const SERVER_TAB_PARAM = 'serverTab';

export const SERVER_TABS = ['overview', 'configuration', 'smpte', 'ipPipe', 'feed'] as const;
export type ServerTab = (typeof SERVER_TABS)[number];

/** The tabs a server's type has. */
export function serverTabs(sections: ServerSections): ServerTab[] {
  return SERVER_TABS.filter(
    (tab) =>
      tab === 'overview' ||
      (tab === 'configuration' && sections.configuration != null) ||
      (tab === 'smpte' && sections.smpte) ||
      (tab === 'ipPipe' && sections.ipPipe) ||
      (tab === 'feed' && sections.feed != null),
  );
}

function ServerBody({ server }: { server: ServerDetail }) {
  const { t } = useTranslation();
  const [requested, setTab] = useSearchParam(SERVER_TAB_PARAM, { replace: true });
  const user = useSessionUser();
  const roles = useMemo(() => (user ? rolesOf(user) : []), [user]);
  const sections = serverSections(server.serverType);
  const tabs = serverTabs(sections);
  const tab: ServerTab = tabs.find((id) => id === requested) ?? 'overview';
  const may = (endpoint: Parameters<typeof canApply>[1]) => canApply(roles, endpoint);
  const selectTab = (next: string | null) => {
    if (next !== null) setTab(next);
  };
  return (
    <Tabs value={tab} onChange={selectTab} keepMounted={false}>
      <Tabs.List>
        {tabs.map((id) => (
          <Tabs.Tab key={id} value={id} data-testid={`server-tab-${id}`}>
            {t(`devices.detail.tabs.${id}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value={tab} pt="md" data-testid={`server-panel-${tab}`}>
        <RegionBoundary kind="tab">
          <Stack gap="md">
            {tab === 'overview' && (
              <>
                <ServerFacts server={server} />
                <StatusCheck server={server} />
                <ServicesAndIps server={server} />
                <CommentSection server={server} allowed={may('setServerComment')} />
                <ResetInstance server={server} allowed={may('resetServerInstance')} />
              </>
            )}
            {tab === 'configuration' && sections.configuration != null && (
              <ServerConfigurationSection
                server={server}
                kind={sections.configuration}
                allowed={may(sections.configuration === 'mmh' ? 'setMmhServerConfiguration' : 'setVrServerConfiguration')}
              />
            )}
            {tab === 'smpte' && <SmpteSection server={server} allowed={may('setMmhServerSmpte')} />}
            {tab === 'ipPipe' && <IpPipeSection server={server} allowed={may('updateMmhServerIpPipe')} />}
            {tab === 'feed' && sections.feed != null && <ServerFeed server={server} kind={sections.feed} />}
          </Stack>
        </RegionBoundary>
      </Tabs.Panel>
    </Tabs>
  );
}

export function ServerDrawer({ serverId, rows, onClose }: { serverId: string; rows: readonly ServerDetail[] | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const readOnly = !hasAnyRole(user ? rolesOf(user) : [], APPLY_BUTTON_ROLES);
  const { server, error } = useServer(serverId, rows);
  return (
    <Drawer opened onClose={onClose} position="right" size="xl" title={t('devices.detail.title', { name: server?.name ?? serverId })}>
      <Stack gap="md" data-testid="server-detail" data-server-id={serverId} data-read-only={readOnly ? 'true' : 'false'}>
        {readOnly && (
          <Alert color="gray" data-testid="server-detail-read-only">
            {t('devices.detail.readOnly')}
          </Alert>
        )}
        {error ? (
          <ErrorAlert error={error} testId="server-detail-error" />
        ) : server ? (
          <ServerBody server={server} />
        ) : (
          <Group justify="center" p="xl">
            <Loader />
          </Group>
        )}
      </Stack>
    </Drawer>
  );
}
