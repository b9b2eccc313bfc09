/**
 * The manage-channel modal (spec 001 §2 "Manage channels" tabs), opened from a /channels row
 * (`?channel=<id>&tab=<tab>`). The current values come from GET channels/fetch_details and follow
 * the channel over /ws; each tab applies through its own catalogue call. Users who may not change
 * the channel (read-only) see the values with no Apply button (spec 001 §6).
 */
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { Alert, Button, Group, Loader, Modal, Stack, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { APPLY_BUTTON_ROLES, hasAnyRole } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import { useSearchParam } from '../../routing/useSearchParam';
import { rolesOf, useSessionUser } from '../../session/hooks';
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
  const user = useSessionUser();
  const roles = useMemo(() => (user ? rolesOf(user) : []), [user]);
  const readOnly = !hasAnyRole(roles, APPLY_BUTTON_ROLES);
  const query = useEndpointQuery('fetchChannelDetails', { query: { ids: channelId } });
  const details = query.data?.channels.find((d) => d.channel.channelId === channelId);
  const context = useMemo(() => (details ? { details, roles } : null), [details, roles]);
  const tabs = CHANNEL_TABS.filter((id) => TAB_CONTENT[id] !== undefined);
  const requested = resolveChannelTab(tabParam);
  const tab = tabs.includes(requested) ? requested : 'general';

  const selectTab = (next: string | null) => {
    if (next !== null) setTab(next);
  };

  let body: ReactNode;
  if (query.error) {
    body = (
      <Alert color="red" data-testid="channel-modal-error">
        <Stack gap="xs">
          <Text size="sm">{t('channels.modal.loadFailed')}</Text>
          <Text size="sm">{errorText(query.error)}</Text>
          <Group>
            <Button size="xs" variant="light" onClick={() => void query.refetch()}>
              {t('channels.modal.retry')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  } else if (!context) {
    body = (
      <Group justify="center" p="xl" data-testid="channel-modal-loading">
        <Loader />
      </Group>
    );
  } else {
    body = (
      <ChannelModalContext.Provider value={context}>
        <Tabs value={tab} onChange={selectTab} keepMounted={false}>
          <Tabs.List>
            {tabs.map((id) => (
              <Tabs.Tab key={id} value={id} data-testid={`channel-tab-${id}`}>
                {t(`channels.modal.tabs.${id}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value={tab} pt="md" data-testid={`channel-panel-${tab}`}>
            <Stack gap="md">{TAB_CONTENT[tab]?.()}</Stack>
          </Tabs.Panel>
        </Tabs>
      </ChannelModalContext.Provider>
    );
  }

  return (
    <Modal opened onClose={onClose} size="xl" title={t('channels.modal.title', { name: details?.channel.channelName ?? channelId })}>
      <Stack gap="md" data-testid="channel-modal" data-channel-id={channelId} data-read-only={readOnly ? 'true' : 'false'}>
        {readOnly && (
          <Alert color="gray" data-testid="channel-modal-read-only">
            {t('channels.modal.readOnly')}
          </Alert>
        )}
        {body}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-testid="channel-modal-close">
            {t('channels.modal.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
