/** The centre's store as React reads it, and the sentences its entries tell (the header's bell, its list and its toasts share them). */
import { useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { ChannelLive, UnitSummary } from '@fleet/contracts';
import { endpointPrefix } from '../../api/hooks';
import { centreOf } from './centreStore';
import { unitOf } from './centreState';
import type { CentreEntry } from './centreState';

export function useCentre() {
  const queryClient = useQueryClient();
  const store = centreOf(queryClient);
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  return { store, state, queryClient };
}

/** Names of what entries tell about, from the lists the console holds. */
export interface Names {
  readonly unit: (entry: CentreEntry) => string;
  readonly server: (id: string) => string;
  readonly channel: (id: string) => string;
}

export function namesFrom(queryClient: QueryClient, t: TFunction): Names {
  const units = new Map<string, string>();
  for (const [, list] of queryClient.getQueriesData<UnitSummary[]>({ queryKey: endpointPrefix('fetchDevices') })) {
    for (const unit of list ?? []) units.set(unit.uniqueId, unit.name);
  }
  const channels = queryClient
    .getQueriesData<{ channels: readonly ChannelLive[] }>({ queryKey: endpointPrefix('fetchChannels') })
    .flatMap(([, list]) => list?.channels ?? []);
  return {
    unit: (entry) => {
      const id = unitOf(entry.notice);
      return (id === null ? null : units.get(id)) ?? entry.nameAtArrival ?? t('notificationCentre.unknownUnit');
    },
    channel: (id) => channels.find((channel) => channel.channelId === id)?.channelName || t('notificationCentre.unknownChannel'),
    server: (id) => channels.find((channel) => channel.serverId === id)?.serverName || t('notificationCentre.unknownHub'),
  };
}

/** The entry's sentence in the person's language. */
export function entryText(entry: CentreEntry, t: TFunction, names: Names): string {
  const notice = entry.notice;
  switch (notice.kind) {
    case 'statusChange':
      return t(`toasts.statusChange.${notice.change}`, { name: names.unit(entry) });
    case 'fileTransfer':
      return t(
        notice.phase === 'started'
          ? 'realtime.fileTransferStarted'
          : notice.phase === 'completed'
            ? 'realtime.fileTransferCompleted'
            : 'realtime.fileTransferFailed',
        { file: notice.fileName, name: names.unit(entry) },
      );
    case 'deviceAdded':
      return t('toasts.deviceAdded', { name: names.unit(entry) });
    case 'alert': {
      const subject =
        notice.unitId != null
          ? names.unit(entry)
          : notice.serverId != null
            ? names.server(notice.serverId)
            : notice.channelId != null
              ? names.channel(notice.channelId)
              : null;
      return subject === null ? notice.message : t('toasts.alertOf', { name: subject, message: notice.message });
    }
    case 'serverOffline':
      return t('toasts.serverOffline', { name: names.server(notice.serverId) });
    case 'channelOffline':
      return t('toasts.channelOffline', { name: names.channel(notice.channelId) });
  }
}
