/**
 * JSON straight into bytes: what `Buffer.from(JSON.stringify(value))` gives, written into one
 * reused buffer instead of building the text first.
 *
 * Why: the hub serialises 10,000 events a second. `JSON.stringify` builds its text from growing
 * parts and hands back a rope that is flattened again when written to the history slab: about
 * 3.5 bytes of garbage per byte of JSON (7 kB per telemetry event). This writer allocates nothing
 * but the text of non-integer numbers.
 *
 * It handles plain data — null, booleans, finite and non-finite numbers, strings (escapes, UTF-8,
 * lone surrogates), arrays and plain objects (prototype Object.prototype or null) — exactly as
 * JSON.stringify does (a property test compares them byte for byte). For anything else (toJSON,
 * class instances, Map, boxed values, BigInt, cycles, a top-level undefined) it answers -1 and the
 * caller uses JSON.stringify, which then behaves as it always did (including its errors).
 */

/** Thrown inside the writer only: the value needs JSON.stringify. */
const UNSUPPORTED = new Error('unsupported');
/** Thrown inside the writer only: the buffer is full. */
const FULL = new Error('full');
const MAX_DEPTH = 256;
const MAX_BYTES = 64 * 1024 * 1024;
const hasOwn = Object.prototype.hasOwnProperty;
const HEX = '0123456789abcdef';

export class JsonBytes {
  /** The bytes written by the last successful {@link write} are `buf[0, length)`. */
  buf: Buffer;
  private pos = 0;

  constructor(initialBytes = 64 * 1024) {
    this.buf = Buffer.allocUnsafeSlow(initialBytes);
  }

  /** Writes `value` as JSON from offset 0; the number of bytes, or -1 when JSON.stringify is needed. */
  write(value: unknown): number {
    for (;;) {
      this.pos = 0;
      try {
        this.value(value, 0);
        return this.pos;
      } catch (e) {
        if (e === UNSUPPORTED) return -1;
        if (e !== FULL) throw e;
        if (this.buf.length * 2 > MAX_BYTES) return -1;
        this.buf = Buffer.allocUnsafeSlow(this.buf.length * 2);
      }
    }
  }

  private room(n: number): void {
    if (this.pos + n > this.buf.length) throw FULL;
  }

  /** Short ASCII text (literals, number texts). */
  private ascii(s: string): void {
    this.room(s.length);
    for (let i = 0; i < s.length; i++) this.buf[this.pos++] = s.charCodeAt(i);
  }

  private value(v: unknown, depth: number): void {
    switch (typeof v) {
      case 'string':
        return this.string(v);
      case 'number':
        return this.number(v);
      case 'boolean':
        return this.ascii(v ? 'true' : 'false');
      case 'object':
        if (v === null) return this.ascii('null');
        if (depth >= MAX_DEPTH) throw UNSUPPORTED;
        return Array.isArray(v) ? this.array(v, depth + 1) : this.object(v, depth + 1);
      default:
        throw UNSUPPORTED; // undefined, function, symbol at the top; bigint anywhere
    }
  }

  private number(n: number): void {
    if (!Number.isFinite(n)) return this.ascii('null');
    if (!Number.isSafeInteger(n)) return this.ascii(String(n));
    this.room(17);
    const buf = this.buf;
    let x = n;
    if (x < 0) {
      buf[this.pos++] = 0x2d;
      x = -x;
    }
    let len = 1;
    for (let t = x; t >= 10; t = (t - (t % 10)) / 10) len++;
    let p = this.pos + len - 1;
    for (let t = x; p >= this.pos; t = (t - (t % 10)) / 10) buf[p--] = 0x30 + (t % 10);
    this.pos += len;
  }

  private string(s: string): void {
    const n = s.length;
    // Room for the quotes and one byte per character; an escape or a multi-byte character asks for more.
    this.room(n + 2);
    const buf = this.buf;
    let pos = this.pos;
    buf[pos++] = 0x22;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0x20 && c < 0x80 && c !== 0x22 && c !== 0x5c) {
        buf[pos++] = c;
        continue;
      }
      // At most 6 bytes for this character, 1 for each one after it, 1 for the closing quote.
      if (pos + 6 + (n - i) > buf.length) throw FULL;
      if (c < 0x80) {
        buf[pos++] = 0x5c;
        switch (c) {
          case 0x22:
            buf[pos++] = 0x22;
            break;
          case 0x5c:
            buf[pos++] = 0x5c;
            break;
          case 0x08:
            buf[pos++] = 0x62;
            break;
          case 0x09:
            buf[pos++] = 0x74;
            break;
          case 0x0a:
            buf[pos++] = 0x6e;
            break;
          case 0x0c:
            buf[pos++] = 0x66;
            break;
          case 0x0d:
            buf[pos++] = 0x72;
            break;
          default:
            pos = unicodeEscape(buf, pos, c);
        }
      } else if (c < 0x800) {
        buf[pos++] = 0xc0 | (c >> 6);
        buf[pos++] = 0x80 | (c & 0x3f);
      } else if (c < 0xd800 || c > 0xdfff) {
        buf[pos++] = 0xe0 | (c >> 12);
        buf[pos++] = 0x80 | ((c >> 6) & 0x3f);
        buf[pos++] = 0x80 | (c & 0x3f);
      } else {
        const d = i + 1 < n ? s.charCodeAt(i + 1) : 0;
        if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
          const cp = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
          buf[pos++] = 0xf0 | (cp >> 18);
          buf[pos++] = 0x80 | ((cp >> 12) & 0x3f);
          buf[pos++] = 0x80 | ((cp >> 6) & 0x3f);
          buf[pos++] = 0x80 | (cp & 0x3f);
          i++;
        } else {
          // A lone surrogate: JSON.stringify escapes it (well-formed JSON.stringify).
          buf[pos++] = 0x5c;
          pos = unicodeEscape(buf, pos, c);
        }
      }
    }
    buf[pos++] = 0x22;
    this.pos = pos;
  }

  private array(a: readonly unknown[], depth: number): void {
    if (Object.getPrototypeOf(a) !== Array.prototype || typeof (a as { toJSON?: unknown }).toJSON === 'function') throw UNSUPPORTED;
    this.room(1);
    this.buf[this.pos++] = 0x5b;
    for (let i = 0; i < a.length; i++) {
      if (i > 0) {
        this.room(1);
        this.buf[this.pos++] = 0x2c;
      }
      const x = a[i];
      // As JSON.stringify: what has no JSON form is null inside an array.
      if (x === undefined || typeof x === 'function' || typeof x === 'symbol') this.ascii('null');
      else this.value(x, depth);
    }
    this.room(1);
    this.buf[this.pos++] = 0x5d;
  }

  private object(o: object, depth: number): void {
    const proto: unknown = Object.getPrototypeOf(o);
    if ((proto !== Object.prototype && proto !== null) || typeof (o as { toJSON?: unknown }).toJSON === 'function') throw UNSUPPORTED;
    this.room(1);
    this.buf[this.pos++] = 0x7b;
    let first = true;
    for (const k in o) {
      if (!hasOwn.call(o, k)) continue;
      const x = (o as Record<string, unknown>)[k];
      // As JSON.stringify: a member without a JSON form is left out.
      if (x === undefined || typeof x === 'function' || typeof x === 'symbol') continue;
      if (!first) {
        this.room(1);
        this.buf[this.pos++] = 0x2c;
      }
      first = false;
      this.string(k);
      this.room(1);
      this.buf[this.pos++] = 0x3a;
      this.value(x, depth);
    }
    this.room(1);
    this.buf[this.pos++] = 0x7d;
  }
}

/** `u` and four lowercase hex digits (the backslash is written by the caller). */
function unicodeEscape(buf: Buffer, pos: number, c: number): number {
  buf[pos++] = 0x75;
  buf[pos++] = HEX.charCodeAt((c >> 12) & 0xf);
  buf[pos++] = HEX.charCodeAt((c >> 8) & 0xf);
  buf[pos++] = HEX.charCodeAt((c >> 4) & 0xf);
  buf[pos++] = HEX.charCodeAt(c & 0xf);
  return pos;
}
