/**
 * Bitrate display: spec 000 §9 "Bitrate display: above 1000 kbps in Mbps, one decimal".
 */
import { BITRATE } from '@fleet/contracts';

export type BitrateUnit = 'kbps' | 'Mbps';

/** A bitrate ready to show: the number as text and its unit (the console translates the unit). */
export interface FormattedBitrate {
  readonly value: string;
  readonly unit: BitrateUnit;
}

/**
 * Spec 000 §9: strictly above 1000 kbps → Mbps with one decimal ('1.5 Mbps', half up: 1050 →
 * '1.1'); up to and including 1000 → whole kbps ('900 kbps', '1000 kbps'). Choice: null, NaN,
 * infinite or negative input has no display value → null (the caller shows its placeholder).
 */
export function formatBitrate(kbps: number | null | undefined): FormattedBitrate | null {
  if (typeof kbps !== 'number' || !Number.isFinite(kbps) || kbps < 0) return null;
  if (kbps > BITRATE.mbpsDisplayThresholdKbps) {
    // Round on tenths of Mbps (hundreds of kbps) so 1050 kbps is 1.1, not float-rounded to 1.0.
    return { value: (Math.round(kbps / 100) / 10).toFixed(1), unit: 'Mbps' };
  }
  return { value: String(Math.round(kbps)), unit: 'kbps' };
}

/** Spec 000 §9: the same as one English string, e.g. '1.5 Mbps' or '900 kbps'; null when invalid. */
export function formatBitrateText(kbps: number | null | undefined): string | null {
  const formatted = formatBitrate(kbps);
  return formatted ? `${formatted.value} ${formatted.unit}` : null;
}
