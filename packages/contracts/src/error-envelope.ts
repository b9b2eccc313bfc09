/**
 * The error envelope of a failed call, read without zod (for clients that must stay small). Accepts
 * exactly what the ErrorEnvelope schema of ./entities/common.ts accepts (a property test holds it
 * to that) and returns the same value.
 */
import type { ErrorEnvelope } from './entities/common.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isField = (v: unknown): boolean => isObject(v) && typeof v.path === 'string' && typeof v.message === 'string';

export function parseErrorEnvelope(json: unknown): ErrorEnvelope | null {
  if (!isObject(json) || !isObject(json.error)) return null;
  const { code, message, fields, deviceCode } = json.error;
  if (typeof code !== 'string' || typeof message !== 'string') return null;
  if (fields !== undefined && !(Array.isArray(fields) && fields.every(isField))) return null;
  if (deviceCode !== undefined && !Number.isSafeInteger(deviceCode)) return null;
  // Like the schema, keep only the known keys.
  const error: ErrorEnvelope['error'] = { code, message };
  if (fields !== undefined) error.fields = (fields as { path: string; message: string }[]).map((f) => ({ path: f.path, message: f.message }));
  if (deviceCode !== undefined) error.deviceCode = deviceCode as number;
  return { error };
}
