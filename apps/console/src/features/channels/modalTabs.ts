/** The manage-channel modal's tabs (spec 001 §2 order; Details, the channel's live reads, after General) and the `tab` search parameter that names the open one. */
export const CHANNEL_TABS = [
  'general',
  'details',
  'multipoint',
  'ndi',
  'streaming',
  'overlay',
  'smpte',
  'tally',
  'audio',
  'ingest',
  'destinations',
  'social',
] as const;
export type ChannelTab = (typeof CHANNEL_TABS)[number];
export const TAB_PARAM = 'tab';

/** The tab a URL value names, the first tab for anything else. */
export function resolveChannelTab(value: string | null): ChannelTab {
  return (CHANNEL_TABS as readonly string[]).includes(value ?? '') ? (value as ChannelTab) : 'general';
}
