import { TIMINGS } from '@fleet/contracts';

/**
 * Spec 000 §7 / 001 §7: notifications are polled every TIMINGS.pollIntervalMs after a random
 * initial delay between TIMINGS.pollInitialDelayMinMs and pollInitialDelayMaxMs (both included).
 */
export function randomInitialDelay(random: () => number = Math.random): number {
  const min = TIMINGS.pollInitialDelayMinMs;
  const max = TIMINGS.pollInitialDelayMaxMs;
  const r = Math.min(Math.max(random(), 0), 0.999999999);
  return min + Math.floor(r * (max - min + 1));
}

/** The delay to use: an explicit one (tests, runtime config), else the spec's random one. */
export function initialPollDelay(explicit: number | null | undefined, random: () => number = Math.random): number {
  return typeof explicit === 'number' && Number.isFinite(explicit) && explicit >= 0 ? explicit : randomInitialDelay(random);
}

/** The expiry flag to show: within 2 h wins over within 24 h (spec 000 §2). */
export function expiryFlag(notification: { expiresWithin2h: boolean; expiresWithin24h: boolean }): '2h' | '24h' | null {
  if (notification.expiresWithin2h) return '2h';
  if (notification.expiresWithin24h) return '24h';
  return null;
}

/**
 * Runs `run` after `initialDelayMs`, then every `intervalMs` (spec 000 §7: notifications and user
 * configuration every 300000 ms after a random initial delay of 1-300 s). Returns the stop function.
 */
export function schedulePolling(run: () => void, { initialDelayMs, intervalMs }: { initialDelayMs: number; intervalMs: number }): () => void {
  let interval: ReturnType<typeof setInterval> | null = null;
  const first = setTimeout(() => {
    run();
    interval = setInterval(run, intervalMs);
  }, initialDelayMs);
  return () => {
    clearTimeout(first);
    if (interval !== null) clearInterval(interval);
  };
}

const LEVEL_COLORS = { info: 'blue', success: 'green', warning: 'yellow', error: 'red' } as const;

/** The banner's colour: an expiry within 2 h / 24 h wins (red / orange), else the message's level. */
export function bannerColor(notification: { level: keyof typeof LEVEL_COLORS; expiresWithin2h: boolean; expiresWithin24h: boolean }): string {
  const flag = expiryFlag(notification);
  if (flag === '2h') return 'red';
  if (flag === '24h') return 'orange';
  return LEVEL_COLORS[notification.level];
}

/** The banner's list without a removed message (undefined while nothing was read yet). */
export function withoutNotification<T extends { id: string }>(list: readonly T[] | undefined, id: string): T[] | undefined {
  return list ? list.filter((n) => n.id !== id) : undefined;
}

/**
 * How much a message asks for attention: expiring within 2 h, then an error, then expiring within
 * 24 h, then a warning, information, success.
 */
export function severityRank(notification: { level: keyof typeof LEVEL_COLORS; expiresWithin2h: boolean; expiresWithin24h: boolean }): number {
  if (notification.expiresWithin2h) return 5;
  if (notification.level === 'error') return 4;
  if (notification.expiresWithin24h) return 3;
  return { warning: 2, info: 1, success: 0 }[notification.level] ?? 0;
}

/**
 * The messages in the order the banner shows them: the most severe first; among equals the list's
 * order, which is the newest first (the core's order; a pushed message is put at the front).
 */
export function bannerOrder<T extends { level: keyof typeof LEVEL_COLORS; expiresWithin2h: boolean; expiresWithin24h: boolean }>(list: readonly T[]): T[] {
  return list
    .map((item, index) => ({ item, index }))
    .sort((a, b) => severityRank(b.item) - severityRank(a.item) || a.index - b.index)
    .map(({ item }) => item);
}
