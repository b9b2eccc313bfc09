/**
 * Video return channel and databridge rules: spec 001 §4 and spec 000 §4.
 */
import type { ApplicationState, VrChannelStatus } from '@fleet/contracts';

/** Raw spellings, normalised (lower case, no spaces, underscores or hyphens), to the contract value. */
const VR_STATUS_BY_KEY: Readonly<Record<string, VrChannelStatus>> = {
  idle: 'idle',
  inputconnected: 'inputConnected',
  collecting: 'collecting',
  offline: 'offline',
  connecting: 'connecting',
};

function normaliseKey(raw: string): string {
  return raw
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
}

/**
 * Spec 001 §4: video return channel status is idle, input connected, collecting, offline or
 * connecting; anything unknown maps to offline. Case, spaces, underscores and hyphens are ignored,
 * so 'inputConnected', 'input_connected', 'Input Connected' and 'INPUT-CONNECTED' all map to
 * `inputConnected`. Null, undefined and empty input are unknown → offline.
 */
export function mapVideoReturnStatus(raw: string | null | undefined): VrChannelStatus {
  if (typeof raw !== 'string') return 'offline';
  return VR_STATUS_BY_KEY[normaliseKey(raw)] ?? 'offline';
}

/** Application states whose video return and databridge updates are ignored. */
export const IGNORED_VR_DB_STATES = ['connecting', 'stopping'] as const satisfies readonly ApplicationState[];

/**
 * Spec 000 §4 / 001 §4: "Video return and databridge ignore connecting and stopping updates" (the
 * start/stop button keeps its own transition flag until the settled state arrives). Accepts the
 * application states and the bridging/collecting states (connecting, bridging, collecting,
 * stopping); the comparison is case-insensitive. Every other state is applied.
 */
export function shouldIgnoreVrOrDatabridgeUpdate(state: ApplicationState | string): boolean {
  const key = state.trim().toLowerCase();
  return (IGNORED_VR_DB_STATES as readonly string[]).includes(key);
}
