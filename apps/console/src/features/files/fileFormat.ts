/** Formatting of file sizes and lengths for the Files screen (pure). */

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** 1 234 567 → "1.2 MB" (decimal units, one decimal from KB on). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return unit === 0 ? `${Math.round(value)} B` : `${value.toFixed(1)} ${UNITS[unit]}`;
}

/** 3723 → "1:02:03", 75 → "1:15" (seconds, rounded down). */
export function formatDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return '—';
  const s = Math.floor(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}

/** A download URL from the core (a path on the core's origin or absolute) made absolute against the API base's origin. */
export function absoluteUrl(url: string, apiBase: string, pageOrigin: string): string {
  try {
    const origin = new URL(apiBase, pageOrigin).origin;
    return new URL(url, origin).toString();
  } catch {
    return url;
  }
}
