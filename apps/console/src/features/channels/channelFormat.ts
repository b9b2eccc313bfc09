/** Cell texts of the channel grid that are plain data (no React, tested). */
import type { ChannelLive } from '@fleet/contracts';

/** The output marks a row shows, in this order (spec 001 §3: output, ndi, sdi, smpte, cdn). */
export type OutputMark = 'output' | 'ndi' | 'sdi' | 'smpte' | 'cdn';

export function outputMarks(channel: ChannelLive): OutputMark[] {
  const marks: OutputMark[] = [];
  if (channel.isOutput) marks.push('output');
  if (channel.ndi) marks.push('ndi');
  if (channel.hasSdi) marks.push('sdi');
  if (channel.hasSmpte) marks.push('smpte');
  if (channel.hasCdn) marks.push('cdn');
  return marks;
}

/** Uptime seconds as `1d 02:03:04` / `02:03:04`; null when unknown. */
export function formatUptime(seconds: number | null): string | null {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return null;
  const whole = Math.floor(seconds);
  const days = Math.floor(whole / 86_400);
  const pad = (n: number) => String(n).padStart(2, '0');
  const clock = `${pad(Math.floor((whole % 86_400) / 3600))}:${pad(Math.floor((whole % 3600) / 60))}:${pad(whole % 60)}`;
  return days > 0 ? `${days}d ${clock}` : clock;
}

/** The point-to-multipoint bitrate (kbps, summed over receivers); null for a channel without receivers. */
export function ptmpBitrate(channel: ChannelLive): number | null {
  if (channel.ptmpStatuses.length === 0) return null;
  return channel.ptmpStatuses.reduce((sum, receiver) => sum + receiver.bitrate, 0);
}
