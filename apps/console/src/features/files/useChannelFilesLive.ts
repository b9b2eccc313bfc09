/**
 * Keeps the cached Files grid (GET channelfiles) current from /ws: channelFile.added / changed /
 * removed are patched in place (a file of a channel the list does not know yet makes the list
 * refetch). Events may arrive once per subscribed topic (a channel in two of the user's groups);
 * patching is idempotent. The transfer notices of spec 001 §4 ("started ... notifies; completed
 * ... notifies") are the console-wide toasts of file.transferStarted / file.transferCompleted.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ChannelFileList } from '@fleet/contracts';
import { endpointPrefix } from '../../api/hooks';
import { applyChannelFileEvent } from './fileCache';
import type { ChannelFileEvent } from './fileCache';

/** Applies one channel-file event to every cached grid answer. */
export function applyToFileCaches(queryClient: QueryClient, event: ChannelFileEvent): void {
  for (const [key, list] of queryClient.getQueriesData<ChannelFileList>({ queryKey: endpointPrefix('fetchChannelFiles') })) {
    const result = applyChannelFileEvent(list, event);
    if (result.refetch) void queryClient.invalidateQueries({ queryKey: key, exact: true });
    else if (result.list !== list) queryClient.setQueryData(key, result.list);
  }
}
