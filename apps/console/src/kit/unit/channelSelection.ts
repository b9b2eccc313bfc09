/**
 * Spec 000 §4: "Unit channel selection is retried up to 7 times. A switch to a channel that is not
 * found or unlicensed marks the selection External."
 *
 * Readings chosen: an attempt is retried (at most TIMINGS.channelSetRetries attempts in all, one
 * TIMINGS.transitionPollIntervalMs apart — the interval the simulator's device uses too) when the
 * answer says the unit or the channel was momentarily unreachable (no answer, 5xx, unit offline or
 * busy). A channel the core does not know for the unit (404, or a validation failure on the
 * channel id) or one it may not use (402, a licence refusal) ends the selection as External. Any
 * other refusal (403, a conflict ...) ends it as failed with the core's message.
 */
import { TIMINGS } from '@fleet/contracts';
import { isApiError } from '../../api/ApiError';
import type { Sleep } from '../../lib/transitions/transitions';

export type ChannelErrorKind = 'external' | 'retry' | 'failed';

/** Codes that say "try again": the unit or its server did not take the command this time. */
const RETRY_CODES: readonly string[] = ['UNIT_OFFLINE', 'UNIT_BUSY', 'DEVICE_UNREACHABLE', 'NETWORK_ERROR'];

export function classifyChannelError(error: unknown): ChannelErrorKind {
  if (!isApiError(error)) return 'failed';
  if (error.status === 404 || error.status === 402) return 'external';
  if (error.status === 400 && error.fields.some((field) => /(^|\.)channelId$/.test(field.path))) return 'external';
  if (error.status === 0 || error.status >= 500 || RETRY_CODES.includes(error.code)) return 'retry';
  return 'failed';
}

export type ChannelSelectionOutcome<T> =
  | { readonly outcome: 'selected'; readonly attempts: number; readonly result: T }
  | { readonly outcome: 'external'; readonly attempts: number; readonly error: unknown }
  | { readonly outcome: 'failed'; readonly attempts: number; readonly error: unknown }
  | { readonly outcome: 'aborted'; readonly attempts: number };

export interface ChannelRetryOptions {
  readonly signal: AbortSignal;
  readonly sleep: Sleep;
  readonly maxAttempts?: number;
  readonly intervalMs?: number;
  /** Called before each attempt (1-based), for a progress text. */
  readonly onAttempt?: (attempt: number) => void;
}

/** Runs `attempt` until it succeeds, is refused for good, or the attempts are used up. */
export async function selectChannelWithRetry<T>(attempt: () => Promise<T>, options: ChannelRetryOptions): Promise<ChannelSelectionOutcome<T>> {
  const maxAttempts = options.maxAttempts ?? TIMINGS.channelSetRetries;
  const intervalMs = options.intervalMs ?? TIMINGS.transitionPollIntervalMs;
  let lastError: unknown = null;
  for (let attempts = 1; attempts <= maxAttempts; attempts += 1) {
    if (options.signal.aborted) return { outcome: 'aborted', attempts: attempts - 1 };
    options.onAttempt?.(attempts);
    try {
      return { outcome: 'selected', attempts, result: await attempt() };
    } catch (error) {
      if (options.signal.aborted) return { outcome: 'aborted', attempts };
      lastError = error;
      const kind = classifyChannelError(error);
      if (kind === 'external') return { outcome: 'external', attempts, error };
      if (kind === 'failed') return { outcome: 'failed', attempts, error };
      if (attempts < maxAttempts && !(await options.sleep(intervalMs, options.signal))) return { outcome: 'aborted', attempts };
    }
  }
  return { outcome: 'failed', attempts: maxAttempts, error: lastError };
}

/** What the header shows as the selected channel. */
export type ChannelDisplay =
  | { readonly kind: 'none' }
  | { readonly kind: 'channel'; readonly channelId: string }
  | { readonly kind: 'external'; readonly channelId: string | null };

/**
 * The selected channel to show: External when the unit reports it so or when the last switch in
 * this console ended External (kept until the unit reports another channel), else the channel.
 */
export function channelDisplay(
  selected: { channelId: string | null; external: boolean },
  localExternal: { channelId: string; previous: string | null } | null,
): ChannelDisplay {
  if (selected.external) return { kind: 'external', channelId: selected.channelId };
  if (localExternal !== null && selected.channelId === localExternal.previous) return { kind: 'external', channelId: localExternal.channelId };
  return selected.channelId === null ? { kind: 'none' } : { kind: 'channel', channelId: selected.channelId };
}
