/**
 * A device's refusal (a command's acknowledgement with `ok: false`) as the error the core answers:
 * the catalogue's error the device named, or `fallback` (GENERIC by default) for a code the
 * catalogue does not know; the device's own code goes with it, and the parameters it gives fill the
 * message's placeholders (a licensed output count).
 */
import { ERROR_CATALOGUE, type DeviceAck, type ErrorCode } from '@fleet/contracts';
import { AppError } from '../errors.js';

/** The catalogue's error code a device named, or `fallback` for one the catalogue does not know. */
export function refusalCode(error: string | undefined, fallback: ErrorCode = 'GENERIC'): ErrorCode {
  return error !== undefined && error in ERROR_CATALOGUE ? (error as ErrorCode) : fallback;
}

/** The refusal of an acknowledgement that did not accept (see the module). */
export function deviceRefusal(ack: Pick<DeviceAck, 'error' | 'deviceCode' | 'params'>, fallback: ErrorCode = 'GENERIC'): AppError {
  const code = refusalCode(ack.error, fallback);
  const message = ack.params?.reduce((m, v, i) => m.replace(`{${i}}`, v), ERROR_CATALOGUE[code].message);
  return new AppError(code, undefined, message, ack.deviceCode);
}
