/**
 * Channel-file events (channelFile.added / changed / removed on /ws) applied to the cached grid
 * answer (GET channelfiles) in place. Pure: the same object when nothing changed.
 */
import type { ChannelFileList, RealtimeEvent } from '@fleet/contracts';
import { upsertInPage } from '../../kit/cache';

export type ChannelFileEvent = Extract<RealtimeEvent, { type: 'channelFile.added' | 'channelFile.changed' | 'channelFile.removed' }>;

export function isChannelFileEvent(event: RealtimeEvent): event is ChannelFileEvent {
  return event.type === 'channelFile.added' || event.type === 'channelFile.changed' || event.type === 'channelFile.removed';
}

/**
 * The list with the event applied; `refetch` when the event names a file of a channel this list
 * does not show yet: it may or may not belong to the list's group (events carry no group), so the
 * list is fetched again.
 */
export function applyChannelFileEvent(list: ChannelFileList | undefined, event: ChannelFileEvent) {
  if (!list) return { list, refetch: false };
  if (event.type === 'channelFile.removed') {
    const gone = new Set(event.ids);
    const items = list.items.filter((f) => !gone.has(f.id));
    if (items.length === list.items.length) return { list, refetch: false };
    return { list: { ...list, items, total: Math.max(0, list.total - (list.items.length - items.length)) }, refetch: false };
  }
  const file = event.file;
  if (list.items.some((f) => f.id === file.id)) return { list: upsertInPage(list, file, { key: (f) => f.id }), refetch: false };
  if (list.items.some((f) => f.channelId === file.channelId)) {
    return { list: { ...list, items: [file, ...list.items], total: list.total + 1 }, refetch: false };
  }
  return { list, refetch: true };
}
