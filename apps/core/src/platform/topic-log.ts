/**
 * The hub's history (hub.ts): every topic's recent events kept for resuming, as bytes in large
 * off-heap slabs with numeric columns beside them (no object per event), so even a minute of
 * 10,000 events/s adds almost nothing for the garbage collector to trace, and a frame of
 * consecutive events is a slice of a slab.
 */

/** Bytes of one history slab; an event larger than this gets a slab of its own. */
const SLAB_BYTES = 1024 * 1024;
const COMMA_BYTE = 0x2c;

/**
 * Event bytes of every topic, each event stored once (whatever the number of its topics) in
 * append-only off-heap slabs; a slab is released when no topic's history refers to it any more.
 */
export class SlabStore {
  private readonly slabs = new Map<number, { buf: Buffer; refs: number }>();
  /**
   * Released standard-size slabs, reused before allocating: in steady state the history allocates
   * nothing, so the external-memory churn (which makes V8 run full collections) stays at zero. A
   * few are enough for that (10,000 lively units fill about three a second); more would keep the
   * peak of a burst (a fleet at ×20) held after it.
   */
  private readonly free: Buffer[] = [];
  private static readonly FREE_MAX = 8;
  private current = -1;
  private used = 0;
  private nextId = 0;
  /** Bytes of the slabs held. */
  bytes = 0;
  /** Bytes of the released slabs kept for reuse. */
  get spareBytes(): number {
    return this.free.length * SLAB_BYTES;
  }
  /** Where the last `put` stored its bytes (one object, reused: nothing allocated per event). */
  private readonly last = { slab: 0, off: 0, len: 0 };

  /**
   * Stores one event's JSON; the caller refers to it with `ref` once per topic. The location
   * returned is overwritten by the next `put`: read it at once.
   */
  put(json: string | Buffer, bytes?: number): Readonly<{ slab: number; off: number; len: number }> {
    const len = typeof json === 'string' ? Buffer.byteLength(json) : (bytes ?? json.length);
    let entry = this.slabs.get(this.current);
    if (!entry || this.used + len > entry.buf.length) {
      if (entry && entry.refs === 0) this.release(this.current);
      const buf = len <= SLAB_BYTES ? (this.free.pop() ?? Buffer.allocUnsafeSlow(SLAB_BYTES)) : Buffer.allocUnsafeSlow(len);
      this.current = this.nextId++;
      entry = { buf, refs: 0 };
      this.slabs.set(this.current, entry);
      this.bytes += buf.length;
      this.used = 0;
    }
    const off = this.used;
    if (typeof json === 'string') entry.buf.write(json, off, len);
    else json.copy(entry.buf, off, 0, len);
    this.used += len;
    const last = this.last;
    last.slab = this.current;
    last.off = off;
    last.len = len;
    return last;
  }

  ref(slab: number): void {
    const entry = this.slabs.get(slab);
    if (entry) entry.refs++;
  }

  unref(slab: number): void {
    const entry = this.slabs.get(slab);
    if (!entry) return;
    entry.refs--;
    if (entry.refs <= 0 && slab !== this.current) this.release(slab);
  }

  private release(slab: number): void {
    const entry = this.slabs.get(slab);
    if (!entry) return;
    this.slabs.delete(slab);
    this.bytes -= entry.buf.length;
    if (entry.buf.length === SLAB_BYTES && this.free.length < SlabStore.FREE_MAX) this.free.push(entry.buf);
  }

  copy(target: Buffer, at: number, slab: number, off: number, len: number): void {
    this.slabs.get(slab)!.buf.copy(target, at, off, off + len);
  }

  slabCount(): number {
    return this.slabs.size;
  }
}

/**
 * The history of one topic: consecutive events (sequence numbers base, base + 1, ...) as numeric
 * columns (time, slab, offset, length) in typed arrays into the shared {@link SlabStore}: no object
 * per event, and nothing the garbage collector has to scan. Entries [head, end) are live.
 */
export class TopicLog {
  private cap = 0;
  private at = new Float64Array(0);
  private slabOf = new Uint32Array(0);
  private off = new Uint32Array(0);
  private len = new Uint32Array(0);
  private n = 0;
  head = 0;
  /** Sequence number of entry 0. */
  private base = 0;
  /** Bytes of the events referred to. */
  bytes = 0;

  constructor(private readonly store: SlabStore) {}

  get end(): number {
    return this.n;
  }

  get size(): number {
    return this.n - this.head;
  }

  seqOf(i: number): number {
    return this.base + i;
  }

  atOf(i: number): number {
    return this.at[i]!;
  }

  /** Index of the entry with this sequence number (may be outside [head, end)). */
  indexOf(seq: number): number {
    return seq - this.base;
  }

  private grow(): void {
    const cap = Math.max(1024, this.cap * 2);
    const at = new Float64Array(cap);
    const slabOf = new Uint32Array(cap);
    const off = new Uint32Array(cap);
    const len = new Uint32Array(cap);
    at.set(this.at.subarray(0, this.n));
    slabOf.set(this.slabOf.subarray(0, this.n));
    off.set(this.off.subarray(0, this.n));
    len.set(this.len.subarray(0, this.n));
    this.at = at;
    this.slabOf = slabOf;
    this.off = off;
    this.len = len;
    this.cap = cap;
  }

  /** Appends the next event (stored in the store); an empty log starts numbering at `seq`. */
  append(seq: number, at: number, where: Readonly<{ slab: number; off: number; len: number }>): void {
    if (this.size === 0) this.reset(seq);
    if (this.n === this.cap) {
      // At least half of it dropped already: move the live part to the front; else more room.
      if (this.head * 2 >= this.n && this.head > 0) this.compact();
      else this.grow();
    }
    this.store.ref(where.slab);
    const i = this.n++;
    this.at[i] = at;
    this.slabOf[i] = where.slab;
    this.off[i] = where.off;
    this.len[i] = where.len;
    this.bytes += where.len;
  }

  /** Drops entries before `head`. */
  dropTo(head: number): void {
    if (head <= this.head) return;
    for (let i = this.head; i < head; i++) {
      this.bytes -= this.len[i]!;
      this.store.unref(this.slabOf[i]!);
    }
    this.head = head;
    if (head === this.n) this.reset(this.base + head);
  }

  private compact(): void {
    const h = this.head;
    this.at.copyWithin(0, h, this.n);
    this.slabOf.copyWithin(0, h, this.n);
    this.off.copyWithin(0, h, this.n);
    this.len.copyWithin(0, h, this.n);
    this.n -= h;
    this.base += h;
    this.head = 0;
  }

  /** Forgets every entry; the next one appended is numbered `nextSeq`. */
  clear(nextSeq: number): void {
    this.dropTo(this.n);
    this.reset(nextSeq);
  }

  private reset(nextSeq: number): void {
    this.n = 0;
    this.head = 0;
    this.base = nextSeq;
    this.bytes = 0;
  }

  /** `head` + the JSON of entries [from, to) joined by commas + `tail`, in one new buffer. */
  join(head: string, from: number, to: number, tail: string): Buffer {
    const headLen = Buffer.byteLength(head);
    let total = headLen + tail.length + (to - from - 1);
    for (let i = from; i < to; i++) total += this.len[i]!;
    const out = Buffer.allocUnsafe(total);
    out.write(head, 0, headLen);
    let pos = headLen;
    for (let i = from; i < to; i++) {
      if (i > from) out[pos++] = COMMA_BYTE;
      this.store.copy(out, pos, this.slabOf[i]!, this.off[i]!, this.len[i]!);
      pos += this.len[i]!;
    }
    out.write(tail, pos, 'latin1');
    return out;
  }
}
