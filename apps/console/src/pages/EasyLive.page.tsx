import { Alert, Badge, Button, Group, Loader, Text } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { JOIN_PAGE, type ChannelLive, type LightGroup } from '@fleet/contracts';
import { useApiErrorMessage } from '../api/errorMessage';
import { callEndpoint } from '../api/client';
import { endpointKey, useEndpointQuery } from '../api/hooks';
import { StandalonePage } from '../components/StandalonePage';
import { ClientConfigurationNotice } from '../config/ClientConfigurationNotice';
import { JoinWithCode } from '../features/groups/invitations/JoinWithCode';
import { isFeatureOn, useClientConfiguration } from '../config/clientConfiguration';
import { ListTable, type ListColumn } from '../kit/ListTable';
import { canOpen } from '../routing/decideRoute';
import { LIST_PATH } from '../routing/routes';
import { toRouteUser, useSessionUser } from '../session/hooks';
import { SignedInFooter } from './EntryPageParts';
import type { PageProps } from './types';
import { channelStatusLabel } from '../lib/statusLabels';
import { useRegionCall } from '../api/regionCalls';

/** Channel statuses change while the page is open; the page has no /ws connection (it stands outside the console shell). */
const CHANNELS_REFRESH_MS = 30_000;

/** The names of a channel's groups among those the user sees, sorted. */
function groupNames(channel: Pick<ChannelLive, 'groupIds'>, groups: readonly LightGroup[]): string {
  const byId = new Map(groups.map((group) => [group.id, group.name]));
  return channel.groupIds
    .flatMap((id) => byId.get(id) ?? [])
    .sort((a, b) => a.localeCompare(b))
    .join(', ');
}

const PREVIEW_FEATURE = 'ExternalPreview';

/**
 * The ids of the groups whose own feature flags turn the external preview on (spec 000 §6 "Feature
 * flags are fetched per group"); read only while `enabled` (the features count for the user).
 */
function usePreviewGroups(groups: readonly LightGroup[], enabled: boolean): ReadonlySet<string> {
  useRegionCall(enabled ? 'fetchFeatures' : null);
  const answers = useQueries({
    queries: groups.map((group) => ({
      queryKey: endpointKey('fetchFeatures', { query: { groupId: group.id } }),
      queryFn: ({ signal }: { signal: AbortSignal }) => callEndpoint('fetchFeatures', { query: { groupId: group.id } }, { signal }),
      staleTime: 60_000,
      enabled,
    })),
  });
  return new Set(answers.flatMap((answer) => (enabled && answer.data?.features[PREVIEW_FEATURE] === true ? [answer.data.groupId] : [])));
}

/**
 * /easy_live (spec 000 §2, §6; 001 §1): the entry page of ingest/studio-like roles (and console
 * users): the channels of the user's groups, read only (GET channels/fetch), with the preview
 * column where the ExternalPreview feature is on (spec 000 §6 "External channel preview needs the
 * ExternalPreview feature"; "Feature flags are fetched per group"): for every channel when the
 * client configuration turns it on, else for the channels of the groups whose own flags do (GET
 * fetch_features per group: the client configuration carries the current group's only). Ingest
 * and studio users have no console access, so their client configuration is rejected (403, spec
 * 000 §8): the features stay off, the groups' flags are not read, and the page says so. The page is also where a device joins a group with a code (001 §1
 * guests and freelancers take part through invitations): an invitation's link opens it with the
 * code filled in (`?invitation=`, JoinWithCode).
 */
export default function EasyLivePage({ route }: PageProps) {
  const { t } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const user = useSessionUser();
  const configuration = useClientConfiguration();
  const everywhere = isFeatureOn(configuration, PREVIEW_FEATURE);
  const channels = useEndpointQuery('fetchChannels', { query: {} }, { refetchInterval: CHANNELS_REFRESH_MS });
  const groups = useEndpointQuery('lightFetchGroups', {}, { staleTime: 60_000 });
  const previewGroups = usePreviewGroups(groups.data ?? [], configuration.status === 'ready');
  const preview = everywhere || previewGroups.size > 0;
  const previewed = (channel: ChannelLive) => everywhere || channel.groupIds.some((id) => previewGroups.has(id));
  const openConsole = canOpen(toRouteUser(user), LIST_PATH);
  const [search] = useSearchParams();
  const rows = channels.data?.channels ?? [];
  const columns: ListColumn<ChannelLive>[] = [
    { id: 'channel', header: t('entryPages.easyLive.channel'), render: (channel) => channel.channelName },
    {
      id: 'status',
      header: t('entryPages.easyLive.status'),
      render: (channel) => (
        <Badge variant="light" color={channel.busy ? 'red' : channel.offline ? 'gray' : 'green'}>
          {channelStatusLabel(t, channel.status)}
        </Badge>
      ),
    },
    { id: 'groups', header: t('entryPages.easyLive.groups'), render: (channel) => groupNames(channel, groups.data ?? []) },
  ];
  if (preview) {
    columns.push({
      id: 'preview',
      header: t('entryPages.easyLive.preview'),
      headerNode: <span data-testid="easy-live-preview-column">{t('entryPages.easyLive.preview')}</span>,
      cellTestId: (channel) => `easy-live-preview-${channel.channelId}`,
      render: (channel) => (channel.preview && previewed(channel) ? t('entryPages.easyLive.previewAvailable') : ''),
    });
  }
  return (
    <StandalonePage title={t(`routes.${route.id}`)} testId="easy-live-page">
      <ClientConfigurationNotice state={configuration} />
      <JoinWithCode initialCode={search.get(JOIN_PAGE.codeParam) ?? ''} />
      <Text>{t('entryPages.easyLive.intro')}</Text>
      {channels.isPending && <Loader size="sm" data-testid="easy-live-loading" />}
      {channels.isError && (
        <Alert color="red" title={t('entryPages.easyLive.loadFailed')} data-testid="easy-live-error">
          <Text size="sm">{errorMessage(channels.error)}</Text>
          <Button size="xs" mt="xs" variant="default" onClick={() => void channels.refetch()}>
            {t('entryPages.easyLive.retry')}
          </Button>
        </Alert>
      )}
      {(channels.isSuccess || rows.length > 0) && (
        <ListTable
          plain
          striped
          tableProps={{ withTableBorder: true, ...{ 'data-count': rows.length } }}
          items={rows}
          columns={columns}
          rowKey={(channel) => channel.channelId}
          testIdPrefix="easy-live"
          testId="easy-live-channels"
          rowTestId={(channel) => `easy-live-channel-${channel.channelId}`}
          rowData={(channel) => ({ 'data-status': channel.status })}
          emptyText={t('entryPages.easyLive.noChannels')}
        />
      )}
      {openConsole && (
        <Group>
          <Button variant="light" component={Link} to={LIST_PATH} data-testid="easy-live-console">
            {t('entryPages.easyLive.openConsole')}
          </Button>
        </Group>
      )}
      <SignedInFooter user={user} />
    </StandalonePage>
  );
}
