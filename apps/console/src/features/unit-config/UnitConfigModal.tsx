/**
 * The unit configuration modal (spec 000 §2 tabs: Connections, Video/Audio, Network, Advanced, IP
 * Pipe, Alerts Settings, Metadata, IP Input), opened from the unit detail. The open tab follows the
 * URL's `config` parameter. Each tab is a set of forms that load the unit's configuration, validate
 * with the core's rules, and apply through the catalogue; read-only users see the values without
 * Apply buttons (spec 000 §6).
 */
import { createElement, useMemo, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { APPLY_BUTTON_ROLES, hasAnyRole } from '@fleet/contracts';
import { sharedConfiguration } from '../../api/configurationCache';
import { useEndpointQuery } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import { TabbedModal } from '../../kit/TabbedModal';
import { rolesOf, useSessionUser } from '../../session/hooks';
import { CONFIG_TABS, CONFIG_PARAM, resolveTab, withTab, type ConfigTab } from './tabs';
import { ConfigContext, type TabProps } from './parts';
import type { UnitFacts } from './forms';
import ConnectionsTab from './ConnectionsTab';
import VideoAudioTab from './VideoAudioTab';
import NetworkTab from './NetworkTab';
import AdvancedTab from './AdvancedTab';
import IpPipeTab from './IpPipeTab';
import AlertsTab from './AlertsTab';
import MetadataTab from './MetadataTab';
import IpInputTab from './IpInputTab';

/** Props of the unit configuration modal (tabs of spec 000 §2), opened from the unit detail. */
export interface UnitConfigModalProps {
  readonly unitId: string;
  readonly opened: boolean;
  readonly onClose: () => void;
  /** The tab to open when the URL names none (a CONFIG_TABS id). */
  readonly initialTab?: string;
}

/** Each tab's forms, given the configuration and the unit's facts. */
const TAB_CONTENT: Record<ConfigTab, ComponentType<TabProps>> = {
  connections: ConnectionsTab,
  videoAudio: VideoAudioTab,
  network: NetworkTab,
  advanced: AdvancedTab,
  ipPipe: IpPipeTab,
  alerts: AlertsTab,
  metadata: MetadataTab,
  ipInput: IpInputTab,
};

export default function UnitConfigModal({ unitId, opened, onClose, initialTab }: UnitConfigModalProps) {
  const { t } = useTranslation();
  const errorText = useApiErrorMessage();
  const [params, setParams] = useSearchParams();
  const tab = resolveTab(params.get(CONFIG_PARAM), initialTab);
  const user = useSessionUser();
  const roles = useMemo(() => (user ? rolesOf(user) : []), [user]);
  const readOnly = !hasAnyRole(roles, APPLY_BUTTON_ROLES);
  const input = { params: { id: unitId } };
  const configQuery = useEndpointQuery('getUnitConfigurationV2', input, { enabled: opened, structuralSharing: sharedConfiguration });
  const unitQuery = useEndpointQuery('getUnit', input, { enabled: opened });
  const context = useMemo(() => ({ unitId, roles }), [unitId, roles]);
  // The unit's detail carries every fact the forms' rules need (UnitFacts).
  const facts: UnitFacts | undefined = unitQuery.data;

  const selectTab = (next: string) => setParams((prev) => withTab(prev, resolveTab(next)), { replace: true });

  const failed = configQuery.error ?? unitQuery.error;
  const retry = () => {
    void configQuery.refetch();
    void unitQuery.refetch();
  };
  return (
    <TabbedModal
      testId="unit-config"
      tabTestId="config"
      title={t('unitConfig.title', { name: unitQuery.data?.name ?? unitId })}
      opened={opened}
      onClose={onClose}
      readOnly={readOnly}
      readOnlyText={t('unitConfig.readOnly')}
      tabs={CONFIG_TABS}
      tab={tab}
      onTab={selectTab}
      tabLabel={(id) => t(`unitConfig.tabs.${id}`)}
      render={(id) =>
        configQuery.data &&
        facts && <ConfigContext.Provider value={context}>{createElement(TAB_CONTENT[id], { config: configQuery.data, unit: facts })}</ConfigContext.Provider>
      }
      loading={!configQuery.data || !facts}
      error={failed && { title: t('unitConfig.loadError'), message: errorText(failed), onRetry: retry }}
      data={{ 'data-unit-id': unitId }}
    />
  );
}
