/**
 * Modem and link rules: spec 000 §3 "Modem UI state", §5 interface and cellular scan rules.
 */
import { VALIDATION, type ModemUiState } from '@fleet/contracts';

/** Spec 000 §3 modem UI state inputs. */
export interface ModemPresence {
  /** A device is plugged into the port. */
  readonly present: boolean;
  readonly enabled: boolean;
  readonly connected: boolean;
}

/** Spec 000 §3: a unit's modem or link (any uiType: wifi, lan, cell). */
export interface ModemLink {
  readonly id: string | number;
  readonly connected: boolean;
  readonly enabled: boolean;
  readonly uplinkKbps?: number | null;
}

/**
 * Spec 000 §3 modem UI state, first match wins: no device plugged → no_device; disabled →
 * disabled; enabled but not connected → not_connected; otherwise connected.
 */
export function modemUiState(modem: ModemPresence): ModemUiState {
  if (!modem.present) return 'no_device';
  if (!modem.enabled) return 'disabled';
  if (!modem.connected) return 'not_connected';
  return 'connected';
}

/** A link that carries traffic: connected and enabled. */
function isLive(modem: ModemLink): boolean {
  return modem.connected && modem.enabled;
}

/** Number of interfaces that are connected and enabled. */
export function countConnectedInterfaces(modems: readonly ModemLink[]): number {
  return modems.filter(isLive).length;
}

/**
 * Spec 000 §5 "At least two interfaces must stay connected; the last one cannot be disabled".
 * Reading: disabling a live (connected and enabled) interface must leave at least two live ones,
 * so with exactly two live interfaces neither may be disabled, and the last live one never can.
 * Disabling an interface that is not live (not connected, or already disabled) takes nothing away
 * and is allowed. A request that disables several interfaces at once is judged on the resulting
 * set: the live interfaces it does not name must number at least two. Any unknown id → false.
 */
export function canDisableInterfaces(modems: readonly ModemLink[], ids: readonly ModemLink['id'][]): boolean {
  if (!ids.every((id) => modems.some((modem) => modem.id === id))) return false;
  const disabled = new Set<ModemLink['id']>(ids);
  const live = modems.filter(isLive);
  if (!live.some((modem) => disabled.has(modem.id))) return true;
  return live.filter((modem) => !disabled.has(modem.id)).length >= 2;
}

/** {@link canDisableInterfaces} for one interface. */
export function canDisableInterface(modems: readonly ModemLink[], id: ModemLink['id']): boolean {
  return canDisableInterfaces(modems, [id]);
}

/** Spec 000 §5: the lastInterface message when {@link canDisableInterfaces} refuses (invalidField for an unknown id). */
export function validateDisableInterfaces(modems: readonly ModemLink[], ids: readonly ModemLink['id'][]): string | null {
  if (!ids.every((id) => modems.some((modem) => modem.id === id))) return VALIDATION.invalidField;
  return canDisableInterfaces(modems, ids) ? null : VALIDATION.lastInterface;
}

/** {@link validateDisableInterfaces} for one interface. */
export function validateDisableInterface(modems: readonly ModemLink[], id: ModemLink['id']): string | null {
  return validateDisableInterfaces(modems, [id]);
}

/**
 * Spec 000 §5 "Cellular scan is not allowed when only one modem is connected". Reading chosen: a
 * scan takes the scanning modem off the air for 1–2 minutes (§9), so it needs at least two
 * connected interfaces of any kind (wifi, lan or cell) to keep the unit reachable; with none
 * connected the unit is offline and cannot be commanded either.
 */
export function canCellularScan(modems: readonly ModemLink[]): boolean {
  return countConnectedInterfaces(modems) >= 2;
}

/** Spec 000 §5: the cellularScanOneModem message, or null when a scan is allowed. */
export function validateCellularScan(modems: readonly ModemLink[]): string | null {
  return canCellularScan(modems) ? null : VALIDATION.cellularScanOneModem;
}

/**
 * Spec 000 §3 totalBitrate: sum of uplinkKbps over connected and enabled modems. A missing,
 * non-finite or negative uplink counts as 0.
 */
export function totalBitrate(modems: readonly ModemLink[]): number {
  return modems.filter(isLive).reduce((sum, modem) => {
    const kbps = modem.uplinkKbps;
    return typeof kbps === 'number' && Number.isFinite(kbps) && kbps > 0 ? sum + kbps : sum;
  }, 0);
}
