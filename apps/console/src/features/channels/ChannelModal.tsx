/**
 * The manage-channel modal (spec 001 §2 "Manage channels" tabs), opened from a /channels row
 * (`?channel=<id>&tab=<tab>`). The current values come from GET channels/fetch_details and follow
 * the channel over /ws; each tab applies through its own catalogue call. Users who may not change
 * the channel (read-only) see the values with no Apply button (spec 001 §6).
 */
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { APPLY_BUTTON_ROLES, hasAnyRole } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import { TabbedModal } from '../../kit/TabbedModal';
import { useSearchParam } from '../../routing/useSearchParam';
import { useUserRoles } from '../../kit/access';
import { SmpteTab, SocialTab } from './ConfigTabs';
import { DestinationsTab } from './DestinationsTab';
import { DetailsTab } from './DetailsTab';
import { GeneralTab, NdiTab, TallyTab } from './GeneralTabs';
import { AudioTab, IngestTab } from './InfoTabs';
import { MultipointTab } from './MultipointTab';
import { OverlayTab } from './OverlayTab';
import { CHANNEL_TABS, resolveChannelTab, TAB_PARAM } from './modalTabs';
import type { ChannelTab } from './modalTabs';
import { ChannelModalContext } from './parts';
import { StreamingTab } from './StreamingTab';

/** The tabs whose calls the catalogue has, with their content. */
const TAB_CONTENT: Partial<Record<ChannelTab, () => ReactNode>> = {
  general: () => <GeneralTab />,
  details: () => <DetailsTab />,
  multipoint: () => <MultipointTab />,
  ndi: () => <NdiTab />,
  streaming: () => <StreamingTab />,
  tally: () => <TallyTab />,
  audio: () => <AudioTab />,
  ingest: () => <IngestTab />,
  overlay: () => <OverlayTab />,
  smpte: () => <SmpteTab />,
  destinations: () => <DestinationsTab />,
  social: () => <SocialTab />,
};

export default function ChannelModal({ channelId, onClose }: { channelId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useApiErrorMessage();
  const [tabParam, setTab] = useSearchParam(TAB_PARAM, { replace: true });
  const roles = useUserRoles();
  const query = useEndpointQuery('fetchChannelDetails', { query: { ids: channelId } });
  const details = query.data?.channels.find((d) => d.channel.channelId === channelId);
  const context = useMemo(() => (details ? { details, roles } : null), [details, roles]);
  const tabs = CHANNEL_TABS.filter((id) => TAB_CONTENT[id] !== undefined);
  const requested = resolveChannelTab(tabParam);

  return (
    <TabbedModal
      testId="channel-modal"
      tabTestId="channel"
      title={t('channels.modal.title', { name: details?.channel.channelName ?? channelId })}
      onClose={onClose}
      readOnly={!hasAnyRole(roles, APPLY_BUTTON_ROLES)}
      readOnlyText={t('channels.modal.readOnly')}
      tabs={tabs}
      tab={tabs.includes(requested) ? requested : 'general'}
      onTab={setTab}
      tabLabel={(id) => t(`channels.modal.tabs.${id}`)}
      render={(tab) =>
        context && (
          <ChannelModalContext.Provider value={context}>
            <Stack gap="md">{TAB_CONTENT[tab]?.()}</Stack>
          </ChannelModalContext.Provider>
        )
      }
      loading={context === null}
      error={query.error && { title: t('channels.modal.loadFailed'), message: errorText(query.error), onRetry: () => void query.refetch() }}
      data={{ 'data-channel-id': channelId }}
    />
  );
}
