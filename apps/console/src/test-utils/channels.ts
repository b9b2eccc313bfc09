/** A ChannelLive for tests: an idle preview channel, with the given fields over it. */
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { ChannelLive } from '@fleet/contracts';

export function makeChannel(overrides: Partial<ChannelLive> & Pick<ChannelLive, 'channelId'>): ChannelLive {
  return {
    channelName: `ch_${overrides.channelId}`,
    serverId: 'srv-1',
    serverName: 'hub_1',
    type: 'preview',
    status: 'idle',
    online: true,
    offline: false,
    busy: false,
    output: false,
    preview: true,
    sharing: false,
    distributor: false,
    forceOutput: false,
    forwardRtmp: false,
    ndi: false,
    sdiNo: null,
    studio: false,
    flavor: null,
    cdnName: null,
    protocol: null,
    broadcasterName: null,
    allocatedTo: null,
    allocatedToUnitAlias: null,
    allocatedToUnitUid: null,
    allocatedToByApp: null,
    tallyName: null,
    ifb: false,
    onAir: false,
    supportedByUnit: true,
    tallyHwStatus: null,
    audioHwStatus: null,
    capabilities: {},
    fetchedRtmpData: {},
    fileTransfer: { path: null, status: null },
    recording: false,
    serverProductType: null,
    overlay: {},
    smpteMetadata: { isConfigured: false },
    liveuVersion: null,
    ptmpLu100: false,
    ptmpStatuses: [],
    ptmpDelay: null,
    uptime: null,
    assignment: { productId: null },
    bandwidthLimit: null,
    privateSession: false,
    swVersion: '10.1.0',
    inventoryIds: ['inv-1'],
    groupIds: ['grp-1'],
    version: 1,
    updatedAt: '2026-01-01T00:00:00.000Z',
    isDistributor: false,
    isStudio: false,
    isInput: false,
    isOutput: false,
    hasSdi: false,
    hasCdn: false,
    hasSmpte: false,
    isSharing: false,
    ...overrides,
  };
}

/**
 * Chooses a channel in a channel picker (features/channels/ChannelPicker) as a user does: opens it,
 * types the name the pages show, and clicks the option of that name.
 */
export async function pickChannel(user: UserEvent, picker: HTMLElement, shownName: string): Promise<void> {
  await user.click(picker);
  await user.clear(picker);
  await user.paste(shownName);
  const options = await screen.findAllByRole('option');
  const match = options.find((o) => o.textContent?.includes(shownName));
  if (match === undefined) throw new Error(`no channel option named ${shownName}`);
  await user.click(match);
}
