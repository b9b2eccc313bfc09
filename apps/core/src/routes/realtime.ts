/**
 * GET /ws: the publish/subscribe endpoint. The upgrade needs a session and an acceptable Origin;
 * every subscribe is checked against the caller's groups and inventories.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { ClientMessage, MOCK_AUTH, REALTIME, type ServerMessage, type Topic } from '@fleet/contracts';
import type { Config } from '../env.js';
import type { AuthUser } from '../services/access.js';
import { frameOf, type HubClient } from '../services/hub.js';

export function originAllowed(req: FastifyRequest, allowed: readonly string[]): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true; // not a browser: no cross-site risk
  if (allowed.includes(origin)) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

/** Split topics into the ones the caller may see and the refused ones. */
export async function authorizeTopics(app: FastifyInstance, user: AuthUser, topics: readonly Topic[]) {
  if (user.global) return { allowed: [...topics], refused: [] as string[] };
  const groupIds = topics.filter((t) => t.startsWith('group:')).map((t) => t.slice(6));
  const groups = groupIds.length
    ? await app.services.db.group.findMany({ where: { id: { in: groupIds } }, select: { id: true, inventoryId: true } })
    : [];
  const groupInventory = new Map(groups.map((g) => [g.id, g.inventoryId]));
  const allowed: string[] = [];
  const refused: string[] = [];
  for (const t of topics) {
    const [kind, id = ''] = t.split(':') as [string, string];
    const ok =
      kind === 'inventory'
        ? user.inventoryIds.includes(id)
        : user.groupIds.includes(id) || user.inventoryIds.includes(groupInventory.get(id) ?? '\u0000');
    (ok ? allowed : refused).push(t);
  }
  return { allowed, refused };
}

export function realtimeRoutes(config: Config) {
  const allowedOrigins = config.ALLOWED_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean);
  return async (app: FastifyInstance) => {
    const guard = async (req: FastifyRequest, reply: FastifyReply) => {
      if (!originAllowed(req, allowedOrigins)) return reply.code(403).send({ error: { code: 'FORBIDDEN', message: 'Origin not allowed' } });
      if (!(await app.currentUser(req))) return reply.code(401).send({ error: { code: 'UNAUTHENTICATED', message: 'Authentication required' } });
      return undefined;
    };

    app.get(REALTIME.path, { websocket: true, preValidation: guard }, (socket: WebSocket, req: FastifyRequest) => {
      const hub = app.services.hub;
      const client: HubClient = {
        send: (frame) => socket.send(frame),
        bufferedAmount: () => socket.bufferedAmount,
        terminate: (code, reason) => socket.close(code, reason),
      };
      const send = (m: ServerMessage) => socket.send(frameOf(m));
      const batchSize = REALTIME.defaultBatchSize;
      send({ op: 'hello', epoch: hub.epoch, heartbeatMs: REALTIME.heartbeatMs, batchSize });

      let alive = true;
      socket.on('pong', () => {
        alive = true;
      });
      const heartbeat = setInterval(() => {
        if (!alive) {
          socket.terminate();
          return;
        }
        alive = false;
        socket.ping();
      }, REALTIME.heartbeatMs);

      // Requests of one client are handled in order.
      let chain = Promise.resolve();
      socket.on('message', (data, isBinary) => {
        chain = chain.then(async () => {
          if (isBinary) return send({ op: 'error', code: 'VALIDATION_FAILED', message: 'Binary frames are not accepted' });
          let json: unknown;
          try {
            json = JSON.parse(String(data));
          } catch {
            return send({ op: 'error', code: 'VALIDATION_FAILED', message: 'Invalid field' });
          }
          const parsed = ClientMessage.safeParse(json);
          if (!parsed.success) return send({ op: 'error', code: 'VALIDATION_FAILED', message: 'Invalid field' });
          const msg = parsed.data;
          if (msg.op === 'ping') return send({ op: 'pong', ...(msg.t === undefined ? {} : { t: msg.t }) });
          if (msg.op === 'unsubscribe') return hub.unsubscribe(client, msg.topics);
          // Sessions can end while a socket is open: re-check on every subscribe and resume.
          const still = await app.services.auth.resolve(req.cookies[MOCK_AUTH.sessionCookie] ?? '');
          if (!still) return socket.close(4401, 'session ended');
          const { allowed, refused } = await authorizeTopics(app, still, msg.topics);
          if (refused.length) send({ op: 'error', code: 'FORBIDDEN', message: 'You are not allowed to access this application', topics: refused });
          if (allowed.length) hub.subscribe(client, allowed, msg.resume);
          return undefined;
        }).catch((err: unknown) => req.log.error({ err }, 'realtime message failed'));
      });
      socket.on('close', () => {
        clearInterval(heartbeat);
        hub.remove(client);
      });
    });
  };
}
