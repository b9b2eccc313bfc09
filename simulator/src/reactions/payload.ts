/** A payload read as a non-array object: string keys, values unknown (anything else reads as empty). */
export function record(v: unknown): Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}
