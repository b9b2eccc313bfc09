/**
 * IFB (return audio) rules: spec 001 §9 "IFB low delay 300 ms versus 700 ms" and §3 server "IFB
 * mode (V1 or V2)".
 */
import { IFB_DELAY_MS, type IFB_MODES } from '@fleet/contracts';

/** A server's IFB mode (spec 001 §3: V1 or V2). */
export type IfbMode = (typeof IFB_MODES)[number];

/**
 * The return audio's delay of a server's IFB mode: V2 is the low-delay generation (300 ms), V1 the
 * standard one (700 ms); a server with no IFB mode (video return servers, a hub not set yet) has
 * none.
 */
export function ifbDelayMs(mode: IfbMode | null | undefined): number | null {
  if (mode === 'V2') return IFB_DELAY_MS.low;
  if (mode === 'V1') return IFB_DELAY_MS.standard;
  return null;
}

/** Whether the mode is the low-delay one. */
export function isLowDelayIfb(mode: IfbMode | null | undefined): boolean {
  return ifbDelayMs(mode) === IFB_DELAY_MS.low;
}
