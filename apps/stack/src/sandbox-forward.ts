/**
 * A request or a websocket upgrade for a sandbox another core instance holds, passed on to that
 * instance as it came (path, method, headers, body; the upgrade's bytes both ways) and its answer
 * passed back. The passed-on request carries FORWARDED_HEADER, so the holder never passes it on again
 * (a sandbox it no longer holds answers 404 there).
 */
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import type { Duplex } from 'node:stream';

/** Set on a request one instance passes to another: its value is the sending instance's id. */
export const FORWARDED_HEADER = 'x-fleet-sandbox-forwarded';

/** What the sender answers when the holder cannot be reached (it stopped a moment ago): the sandbox is gone with it. */
export type Unreachable = () => void;

export function forwardRequest(req: IncomingMessage, res: ServerResponse, owner: string, instance: string, unreachable: Unreachable): void {
  const target = new URL(owner);
  const upstream = httpRequest(
    {
      host: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      headers: { ...req.headers, [FORWARDED_HEADER]: instance },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
      answer.on('error', () => res.destroy());
    },
  );
  upstream.on('error', () => {
    if (res.headersSent) res.destroy();
    else unreachable();
  });
  // The client gave up: so does the request passed on.
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  req.pipe(upstream);
}

export function forwardUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, owner: string, instance: string, unreachable: Unreachable): void {
  const target = new URL(owner);
  const upstream = connect(Number(target.port || 80), target.hostname);
  let connected = false;
  upstream.on('connect', () => {
    connected = true;
    const lines = [`${req.method ?? 'GET'} ${req.url ?? '/'} HTTP/${req.httpVersion}`];
    for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
    lines.push(`${FORWARDED_HEADER}: ${instance}`);
    upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (head.length > 0) upstream.write(head);
    upstream.pipe(socket);
    socket.pipe(upstream);
  });
  upstream.on('error', () => {
    if (connected) socket.destroy();
    else unreachable();
  });
  socket.on('error', () => upstream.destroy());
  upstream.on('close', () => socket.destroy());
  socket.on('close', () => upstream.destroy());
}
