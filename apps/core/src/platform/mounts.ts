/**
 * Whole applications mounted under path prefixes of one listening server (the stack's sandboxes):
 * a request or a websocket upgrade whose path starts with a mount's prefix goes to that mount with
 * the prefix taken off; everything else reaches this core as before. The mounts are consulted ahead
 * of Fastify (its router and @fastify/websocket's upgrade listener never see a mounted request).
 */
import { createServer, type IncomingMessage, type Server, type ServerOptions, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

export interface Mounts {
  /** Takes the request when its path is a mount's (answering it), else answers false. */
  request(req: IncomingMessage, res: ServerResponse): boolean;
  /** Takes the upgrade when its path is a mount's, else answers false. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
}

/** The server settings Fastify gives its own HTTP/1 server (and hands a `serverFactory`). */
export interface ServerSettings {
  readonly http?: ServerOptions | null;
  readonly keepAliveTimeout?: number;
  readonly requestTimeout?: number;
  readonly connectionTimeout?: number;
  readonly maxRequestsPerSocket?: number;
}

/**
 * An HTTP server that offers each request and upgrade to `mounts` first (Fastify's `serverFactory`),
 * with the settings Fastify would give its own: above all its keep-alive timeout (72 s, not Node's
 * 5 s, which races a client reusing an idle connection into a reset).
 */
export function mountingServer(handler: (req: IncomingMessage, res: ServerResponse) => void, mounts: Mounts, settings: ServerSettings = {}): Server {
  const server = createServer(settings.http ?? {}, (req, res) => {
    if (!mounts.request(req, res)) handler(req, res);
  });
  if (settings.keepAliveTimeout !== undefined) server.keepAliveTimeout = settings.keepAliveTimeout;
  if (settings.requestTimeout !== undefined) server.requestTimeout = settings.requestTimeout;
  if (settings.connectionTimeout !== undefined) server.setTimeout(settings.connectionTimeout);
  if (settings.maxRequestsPerSocket !== undefined && settings.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = settings.maxRequestsPerSocket;
  // The upgrade listeners (@fastify/websocket's) hear only what no mount took.
  const emit = server.emit.bind(server) as (event: string | symbol, ...args: unknown[]) => boolean;
  server.emit = ((event: string | symbol, ...args: unknown[]): boolean => {
    if (event === 'upgrade' && mounts.upgrade(args[0] as IncomingMessage, args[1] as Duplex, args[2] as Buffer)) return true;
    return emit(event, ...args);
  }) as Server['emit'];
  return server;
}
