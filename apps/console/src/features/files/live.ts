/** What realtime events change in the files' reads (registered in src/live/): a channel's files, a unit's storage listing during a transfer. */
import { patchFileTransfer } from '../../kit/cachePatch';
import { all } from '../../realtime/liveRegistry';
import type { EventOf, LiveContext, LiveResource } from '../../realtime/liveRegistry';
import { applyToFileCaches } from './useChannelFilesLive';

/** A unit's file listings (every path) read again for the transfer's progress (no event carries it). */
function rereadUnitFiles({ queryClient }: LiveContext, event: { readonly unitId: string }): void {
  void queryClient.invalidateQueries({ queryKey: ['getUnitStorageFiles', { params: { id: event.unitId } }] });
}

const patchTransfer = ({ queryClient }: LiveContext, event: EventOf<'file.transferStarted' | 'file.transferCompleted'>) =>
  queryClient.setQueriesData({ queryKey: ['getUnitStorageFiles', { params: { id: event.unitId } }] }, (data: unknown) => patchFileTransfer(data, event));

export const filesLive: LiveResource = {
  resource: 'files',
  events: {
    'file.transferStarted': {
      patches: ['getUnitStorageFiles'],
      rereads: ['getUnitStorageFiles'],
      screens: 'the upload dialog',
      apply: all(patchTransfer, rereadUnitFiles),
    },
    'file.transferCompleted': {
      patches: ['getUnitStorageFiles'],
      rereads: ['getUnitStorageFiles'],
      screens: 'the upload dialog',
      apply: all(patchTransfer, rereadUnitFiles),
    },
    'channelFile.added': { patches: ['fetchChannelFiles'], apply: (ctx, event) => applyToFileCaches(ctx.queryClient, event) },
    'channelFile.changed': { patches: ['fetchChannelFiles'], apply: (ctx, event) => applyToFileCaches(ctx.queryClient, event) },
    'channelFile.removed': { patches: ['fetchChannelFiles'], apply: (ctx, event) => applyToFileCaches(ctx.queryClient, event) },
  },
};
