/**
 * A recording proxy in front of any core ("Record and replay", the CLI's `proxy`): a console (or
 * any client) talks to the proxy as if it were the core. Every request is passed on to the core
 * and every answer back, unchanged, and so is every `/ws` frame both ways; meanwhile the REST
 * exchanges (request and answer, as JSON) become `answer` lines and the events the core sent on
 * `/ws` become `event` lines of a recording (recording.ts, version 2, `source: 'core'` with the
 * header's `proxy`), which `replay import` turns into the mock's fleet.
 *
 * Never written to the file: headers (cookies, Set-Cookie, Authorization), and in bodies, queries
 * and events the values of secrets (passwords, tokens, keys, credentials: `redactSecrets`).
 * An event several clients received (or a resumed socket received again) is written once: by its
 * topic's sequence number within the core's epoch.
 *
 * Two things are changed on the way, so that a browser stays on the proxy: the Host header (and an
 * Origin or Referer naming the proxy) say the core's, as a browser talking to the core directly
 * would send; and a /runtime-config.json that names the core by absolute address names it by path.
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Duplex } from 'node:stream';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { RealtimeEvent, systemClock, Topic, type Clock, type RecordedAnswer, type RecordingHeader } from '@fleet/contracts';
import { redactQuery, redactSecrets, RecordingWriter } from '@fleet/contracts/recording-file';
import WebSocket, { WebSocketServer, type RawData } from 'ws';
import { coreRecordingHeader } from './recorder.js';

export interface ProxyOptions {
  /** The core, e.g. https://core.example (a path prefix is kept). */
  core: string;
  host: string;
  /** 0: a free port. */
  port: number;
  /** The recording file (gzip NDJSON). */
  out: string;
  /** The recording's name in its header. */
  name: string;
  /** The core's REST prefix; default: its /runtime-config.json's apiBase, else /api. */
  prefix?: string;
  /** Bodies larger than this are passed on but not recorded (default 16 MiB). */
  maxRecordedBytes?: number;
  log?: (line: string) => void;
  /** The times written: the recording's start, its lines, each answer's duration (default the system clock). */
  clock?: Clock;
}

export interface ProxyCounts {
  /** REST exchanges recorded. */
  answers: number;
  /** Events recorded (each once). */
  events: number;
  /** Events of types the contract does not know: passed on, not recorded. */
  unknown: number;
  /** Requests passed on and not recorded (not JSON, or larger than the limit). */
  passed: number;
  /** /ws connections passed on. */
  sockets: number;
}

export interface ProxyHandle {
  /** Where clients reach the proxy, e.g. http://127.0.0.1:8090. */
  readonly url: string;
  readonly apiBase: string;
  counts(): ProxyCounts;
  /** Stop listening, close every socket, finish the file. */
  close(): Promise<ProxyCounts & { durationMs: number }>;
}

/** Headers that belong to one connection (RFC 9110 §7.6.1), never passed on. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
]);
const DEFAULT_MAX_RECORDED = 16 * 1024 * 1024;

const isJsonType = (type: string | string[] | undefined): boolean => {
  const value = Array.isArray(type) ? type[0] : type;
  return typeof value === 'string' && /^application\/([a-z0-9.+-]*\+)?json\b/i.test(value.trim());
};

function decode(bytes: Buffer, encoding: string | undefined, max: number): Buffer | null {
  try {
    switch ((encoding ?? '').trim().toLowerCase()) {
      case '':
      case 'identity':
        return bytes;
      case 'gzip':
      case 'x-gzip':
        return gunzipSync(bytes, { maxOutputLength: max });
      case 'deflate':
        return inflateSync(bytes, { maxOutputLength: max });
      case 'br':
        return brotliDecompressSync(bytes, { maxOutputLength: max });
      default:
        return null;
    }
  } catch {
    return null;
  }
}

/** A body as a JSON value, or undefined (none, not JSON, too large). */
function jsonOf(bytes: Buffer | null): unknown {
  if (bytes === null || bytes.length === 0) return undefined;
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** Collects a stream's chunks up to a limit (beyond it: nothing is kept). */
class Tee {
  private chunks: Buffer[] = [];
  private size = 0;
  overflow = false;
  constructor(private readonly max: number) {}
  add(chunk: Buffer): void {
    if (this.overflow) return;
    this.size += chunk.length;
    if (this.size > this.max) {
      this.overflow = true;
      this.chunks = [];
      return;
    }
    this.chunks.push(chunk);
  }
  bytes(): Buffer | null {
    return this.overflow ? null : Buffer.concat(this.chunks);
  }
}

/** Start the proxy; it listens and records until `close`. */
export async function startProxy(opts: ProxyOptions): Promise<ProxyHandle> {
  const log = opts.log ?? (() => {});
  const max = opts.maxRecordedBytes ?? DEFAULT_MAX_RECORDED;
  const core = new URL(opts.core.endsWith('/') ? opts.core : `${opts.core}/`);
  const corePath = core.pathname.replace(/\/$/, '');
  const secure = core.protocol === 'https:';
  const send = secure ? httpsRequest : httpRequest;
  const apiBase = opts.prefix ?? (await runtimeApiBase(core)) ?? '/api';

  const clock = opts.clock ?? systemClock;
  const startedAt = clock.now();
  const header: RecordingHeader = {
    ...coreRecordingHeader(opts.name, startedAt, { units: [], servers: [] }),
    proxy: { core: core.origin + corePath, apiBase },
  };
  const writer = new RecordingWriter(opts.out, header, clock);
  const counts: ProxyCounts = { answers: 0, events: 0, unknown: 0, passed: 0, sockets: 0 };
  let ownOrigin = '';

  /** The headers to send the core: hop-by-hop left out, the proxy's own origin named as the core's. */
  const upstreamHeaders = (headers: IncomingHttpHeaders): OutgoingHttpHeaders => {
    const out: OutgoingHttpHeaders = {};
    for (const [k, v] of Object.entries(headers)) {
      if (v === undefined || HOP_BY_HOP.has(k) || k.startsWith('sec-websocket-')) continue;
      out[k] = v;
    }
    out.host = core.host;
    if (typeof headers.origin === 'string' && headers.origin === ownOrigin) out.origin = core.origin;
    if (typeof headers.referer === 'string' && headers.referer.startsWith(`${ownOrigin}/`)) out.referer = core.origin + headers.referer.slice(ownOrigin.length);
    return out;
  };

  // ── REST ────────────────────────────────────────────────────────────────────────────────────
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    const began = clock.now();
    const path = req.url ?? '/';
    const body = new Tee(max);
    const upstream = send(
      {
        protocol: core.protocol,
        hostname: core.hostname,
        port: core.port || (secure ? 443 : 80),
        method: req.method,
        path: corePath + path,
        headers: upstreamHeaders(req.headers),
      },
      (answer) => {
        const recordIt = path.startsWith(apiBase) || isJsonType(req.headers['content-type']) || isJsonType(answer.headers['content-type']);
        const rewrite = req.method === 'GET' && path.split('?')[0] === '/runtime-config.json' && isJsonType(answer.headers['content-type']);
        const headers: OutgoingHttpHeaders = {};
        for (const [k, v] of Object.entries(answer.headers)) if (v !== undefined && !HOP_BY_HOP.has(k)) headers[k] = v;
        const received = new Tee(rewrite ? Math.max(max, 1024 * 1024) : max);
        if (!rewrite) res.writeHead(answer.statusCode ?? 502, answer.statusMessage, headers);
        answer.on('data', (chunk: Buffer) => {
          if (recordIt || rewrite) received.add(chunk);
          if (!rewrite) res.write(chunk);
        });
        answer.on('end', () => {
          const raw = received.bytes();
          const decoded = raw === null ? null : decode(raw, answer.headers['content-encoding'] as string | undefined, max);
          if (rewrite) {
            let text = raw ?? Buffer.alloc(0);
            const config = jsonOf(decoded);
            if (config !== undefined) {
              text = Buffer.from(JSON.stringify(pathsOnly(config, core)));
              delete headers['content-encoding'];
            }
            headers['content-length'] = String(text.length);
            res.writeHead(answer.statusCode ?? 502, answer.statusMessage, headers);
            res.end(text);
          } else res.end();
          if (!recordIt) {
            counts.passed++;
            return;
          }
          const line: Omit<RecordedAnswer, 't'> = {
            kind: 'answer',
            method: (req.method ?? 'GET').toUpperCase(),
            path: redactQuery(path).slice(0, 4000),
            status: answer.statusCode ?? 0,
            durationMs: Math.max(0, clock.now() - began),
          };
          const sent = isJsonType(req.headers['content-type'])
            ? jsonOf(decode(body.bytes() ?? Buffer.alloc(0), req.headers['content-encoding'] as string | undefined, max))
            : undefined;
          const got = isJsonType(answer.headers['content-type']) ? jsonOf(decoded) : undefined;
          if (sent !== undefined) line.body = redactSecrets(sent) as RecordedAnswer['body'];
          if (got !== undefined) line.response = redactSecrets(got) as RecordedAnswer['response'];
          if (line.status < 100 || line.status > 599) return;
          writer.write(line);
          counts.answers++;
        });
        answer.on('error', () => res.destroy());
      },
    );
    upstream.on('error', (e) => {
      log(`${req.method} ${path}: the core did not answer (${e.message})`);
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { code: 'GENERIC', message: `The core did not answer the proxy: ${e.message}` } }));
      } else res.destroy();
    });
    req.on('data', (chunk: Buffer) => {
      body.add(chunk);
      upstream.write(chunk);
    });
    req.on('end', () => upstream.end());
    req.on('error', () => upstream.destroy());
  };

  // ── /ws ──────────────────────────────────────────────────────────────────────────────────────
  const wss = new WebSocketServer({ noServer: true });
  const pairs = new Set<{ client: WebSocket | null; upstream: WebSocket }>();
  /** The last sequence number recorded per topic, within the core's epoch. */
  const recordedSeqs = new Map<string, number>();
  let epoch: string | null = null;

  const recordFrame = (data: RawData) => {
    let raw: unknown;
    try {
      raw = JSON.parse(String(data));
    } catch {
      return;
    }
    if (raw === null || typeof raw !== 'object') return;
    const m = raw as Record<string, unknown>;
    if (m.op === 'hello' && typeof m.epoch === 'string' && m.epoch !== epoch) {
      epoch = m.epoch;
      recordedSeqs.clear();
      return;
    }
    if (m.op !== 'event' && m.op !== 'events') return;
    const topic = Topic.safeParse(m.topic);
    const events = m.op === 'event' ? [m.event] : Array.isArray(m.events) ? m.events : [];
    if (!topic.success || typeof m.seq !== 'number') return;
    const last = recordedSeqs.get(topic.data) ?? Number.NEGATIVE_INFINITY;
    events.forEach((e, i) => {
      const seq = (m.seq as number) + i;
      if (seq <= last) return;
      recordedSeqs.set(topic.data, seq);
      const event = RealtimeEvent.safeParse(e);
      if (!event.success) {
        counts.unknown++;
        return;
      }
      writer.write({ kind: 'event', topic: topic.data, event: redactSecrets(event.data) });
      counts.events++;
    });
  };

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const target = new URL(corePath + (req.url ?? '/'), core);
    target.protocol = secure ? 'wss:' : 'ws:';
    const protocols = String(req.headers['sec-websocket-protocol'] ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const upstream = new WebSocket(target, protocols, { headers: upstreamHeaders(req.headers) as Record<string, string> });
    const pair: { client: WebSocket | null; upstream: WebSocket } = { client: null, upstream };
    pairs.add(pair);
    const early: { data: RawData; binary: boolean }[] = [];
    upstream.on('message', (data, binary) => {
      if (!binary) recordFrame(data);
      if (pair.client?.readyState === WebSocket.OPEN) pair.client.send(data, { binary });
      else early.push({ data, binary });
    });
    upstream.once('open', () => {
      counts.sockets++;
      wss.handleUpgrade(req, socket, head, (client) => {
        pair.client = client;
        for (const m of early.splice(0)) client.send(m.data, { binary: m.binary });
        client.on('message', (data, binary) => {
          if (upstream.readyState === WebSocket.OPEN) upstream.send(data, { binary });
        });
        client.on('close', (code, reason) => closeQuietly(upstream, code, reason));
        client.on('error', () => upstream.terminate());
        if (upstream.readyState !== WebSocket.OPEN) closeQuietly(client, 1011, Buffer.from('core closed'));
      });
    });
    upstream.on('close', (code, reason) => {
      pairs.delete(pair);
      if (pair.client) closeQuietly(pair.client, code, reason);
    });
    // The core refused the upgrade (no session, a foreign origin, too many sockets): the client hears the same.
    upstream.on('unexpected-response', (_r, answer) => {
      pairs.delete(pair);
      const chunks: Buffer[] = [];
      answer.on('data', (c: Buffer) => chunks.push(c));
      answer.on('end', () => {
        const bodyBytes = Buffer.concat(chunks);
        const lines = [`HTTP/1.1 ${answer.statusCode ?? 502} ${answer.statusMessage ?? ''}`];
        for (const [k, v] of Object.entries(answer.headers))
          if (v !== undefined && !HOP_BY_HOP.has(k) && k !== 'content-length') lines.push(`${k}: ${Array.isArray(v) ? v.join(', ') : v}`);
        lines.push(`content-length: ${bodyBytes.length}`, 'connection: close');
        socket.end(Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`), bodyBytes]));
      });
    });
    upstream.on('error', (e) => {
      pairs.delete(pair);
      if (pair.client) pair.client.terminate();
      else if (!socket.destroyed)
        socket.end(`HTTP/1.1 502 Bad Gateway\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\nThe core did not answer the proxy: ${e.message}`);
    });
    socket.on('error', () => upstream.terminate());
  };

  const server = createServer(onRequest);
  server.on('upgrade', onUpgrade);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : opts.port;
  const host = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  const url = `http://${host}:${port}`;
  ownOrigin = url;
  log(`proxy for ${core.origin}${corePath} on ${url} (REST under ${apiBase}, /ws), recording into ${opts.out}`);

  let closed: Promise<ProxyCounts & { durationMs: number }> | null = null;
  return {
    url,
    apiBase,
    counts: () => ({ ...counts }),
    close() {
      closed ??= (async () => {
        for (const p of pairs) {
          p.client?.terminate();
          p.upstream.terminate();
        }
        pairs.clear();
        wss.close();
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        const { durationMs } = await writer.close();
        return { ...counts, durationMs };
      })();
      return closed;
    },
  };
}

/** Close a socket with the other side's code where one may be sent (1005, 1006 and 1015 may not). */
function closeQuietly(ws: WebSocket, code: number, reason: Buffer): void {
  if (ws.readyState === WebSocket.CLOSED || ws.readyState === WebSocket.CLOSING) return;
  const sendable = code >= 1000 && code < 5000 && ![1004, 1005, 1006, 1015].includes(code);
  if (sendable) ws.close(code, reason);
  else ws.close();
}

/** The core's REST prefix from its /runtime-config.json (as a path), or null. */
async function runtimeApiBase(core: URL): Promise<string | null> {
  try {
    const res = await fetch(new URL('runtime-config.json', core), { signal: AbortSignal.timeout(10_000) });
    if (!res.ok) return null;
    const body = (await res.json()) as Record<string, unknown>;
    const base = body.apiBase;
    if (typeof base !== 'string' || base === '') return null;
    return /^https?:/.test(base) ? new URL(base).pathname.replace(/\/$/, '') : base.replace(/\/$/, '');
  } catch {
    return null;
  }
}

/** A runtime configuration with every absolute address of the core made a path (so the browser stays on the proxy). */
function pathsOnly(config: unknown, core: URL): unknown {
  if (config === null || typeof config !== 'object' || Array.isArray(config)) return config;
  const origins = [core.origin, core.origin.replace(/^http/, 'ws')];
  return Object.fromEntries(
    Object.entries(config).map(([k, v]) => {
      if (typeof v !== 'string') return [k, v];
      const origin = origins.find((o) => v === o || v.startsWith(`${o}/`));
      return [k, origin === undefined ? v : v.slice(origin.length) || '/'];
    }),
  );
}
