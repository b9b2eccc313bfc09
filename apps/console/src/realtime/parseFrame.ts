/**
 * A /ws text frame's JSON object, or `undefined` when the frame is not one. Every message of the
 * protocol is an object, and the type keeps a frame's raw text from being handed on unparsed.
 */
export function parseFrame(data: string): object | undefined {
  try {
    const json: unknown = JSON.parse(data);
    return typeof json === 'object' && json !== null ? json : undefined;
  } catch {
    return undefined;
  }
}
