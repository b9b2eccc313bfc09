/** A /ws text frame's JSON, or `undefined` when it is not JSON (which JSON itself never gives). */
export function parseFrame(data: string): unknown {
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return undefined;
  }
}
