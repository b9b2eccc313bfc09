/**
 * GET /ws: the publish/subscribe endpoint, and the realtime plugin that configures the hub (and
 * its Redis broker when REDIS_URL is set).
 *
 * - The upgrade needs a session and an acceptable Origin (else 401 / 403, no upgrade), and the
 *   session may hold at most REALTIME_MAX_CONNECTIONS_PER_SESSION open connections on this
 *   instance (else 429 TOO_MANY_REQUESTS before the upgrade; one that raced past the check is
 *   closed with 4429 right after it); frames over REALTIME.maxFrameBytes are refused by the
 *   websocket layer (close 1009).
 * - A connection ends with its session, at once (4401 "session ended"): at the session's expiry,
 *   and on log-out, a password change ending the user's other sessions, a deactivated or deleted
 *   user — on every instance (platform/realtime-sessions.ts).
 * - Subscriptions are per group and per inventory that exist (the read model), for global users
 *   too; others only to their groups and their inventories (and those inventories' groups). At most
 *   the user's batch size per message (props.wsBatchSize, else 50) and
 *   REALTIME_MAX_TOPICS_PER_CONNECTION topics per connection (a subscribe beyond it subscribes
 *   nothing: `TOO_MANY_TOPICS` with its topics); the session is re-checked and every topic
 *   authorised on every subscribe, which is also how a client resumes.
 * - Heartbeat: a ping every REALTIME_HEARTBEAT_MS; a peer that did not answer the previous one is
 *   terminated.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import {
  ADMIN_TOPIC,
  ClientMessage,
  hasAnyRole,
  MOCK_AUTH,
  PLATFORM_ADMIN_ROLES,
  REALTIME,
  VALIDATION,
  type ServerMessage,
  type Topic,
} from '@fleet/contracts';
import type { Config } from '../env.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../plugins/json-body.js';
import type { ReadModel } from '../platform/storage/read-model.js';
import type { AuthUser } from '../platform/access.js';
import { RedisBroker } from '../platform/broker-redis.js';
import { frameOf, type HubClient } from '../platform/hub.js';
import type { RealtimeTap } from '../platform/realtime-tap.js';
import { deriveLiveEvents } from '../platform/live-events.js';
import { RealtimeSessions, type RealtimeConnection } from '../platform/realtime-sessions.js';
import { wsBatchSizeOf } from '../modules/users/users.js';

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

/**
 * Split topics into the ones the caller may see and the refused ones, from the read model (no
 * query): a topic names a group or an inventory that exists; a global user may see every one, the
 * others their inventories, their groups and the groups of their inventories. A name that exists
 * nowhere is refused like a foreign one (the answer does not tell them apart). ADMIN_TOPIC is the
 * platform admins' (super user and staff).
 */
export function authorizeTopics(readModel: Pick<ReadModel, 'groups' | 'inventories'>, user: AuthUser, topics: readonly Topic[]) {
  const allowed: Topic[] = [];
  const refused: string[] = [];
  for (const t of topics) {
    const colon = t.indexOf(':');
    const kind = t.slice(0, colon);
    const id = t.slice(colon + 1);
    let ok = false;
    if (kind === 'inventory') {
      ok = readModel.inventories.get(id) !== undefined && (user.global || user.inventoryIds.includes(id));
    } else if (kind === 'group') {
      const group = readModel.groups.get(id);
      ok = group !== undefined && (user.global || user.groupIds.includes(id) || user.inventoryIds.includes(group.inventoryId));
    } else if (t === ADMIN_TOPIC) {
      ok = hasAnyRole(user.roles, PLATFORM_ADMIN_ROLES);
    }
    (ok ? allowed : refused).push(t);
  }
  return { allowed, refused };
}

/** Options of every event frame's send (one object, not one per frame and subscriber). */
const TEXT_FRAME = { binary: false } as const;

export function realtimeRoutes(config: Config) {
  const allowedOrigins = config.ALLOWED_ORIGINS.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return async (app: FastifyInstance) => {
    const { hub, clock } = app.services;
    hub.configure({
      historyMs: config.REALTIME_HISTORY_MS,
      historyMaxBytes: config.REALTIME_HISTORY_MAX_BYTES,
      maxBufferedBytes: config.REALTIME_MAX_BUFFERED_BYTES,
      flushMs: config.REALTIME_FLUSH_MS,
    });
    deriveLiveEvents(hub);

    let broker: RedisBroker | null = null;
    if (config.REDIS_URL) {
      broker = new RedisBroker({ url: config.REDIS_URL, prefix: config.REDIS_PREFIX, log: app.log });
      await hub.useBroker(broker);
      app.addHook('onClose', async () => {
        hub.closeAll();
        await hub.detachBroker();
      });
      // Consoles connected to other instances learn that the websocket library setting changed.
      const previous = await broker.swapSetting('wsLibrary', config.WS_LIBRARY);
      if (previous !== null && previous !== config.WS_LIBRARY) {
        hub.publish(await broker.allTopics(), { type: 'config.changed', wsLibrary: config.WS_LIBRARY, at: app.services.clock.now() });
      }
    }

    // Each session's open connections; they end with it, here and when another instance ends it.
    const sessions = new RealtimeSessions(app.services.db, app.log, clock);
    app.services.readModel.onSessionsChanged((ids) => void sessions.sessionsChanged(ids));
    app.services.readModel.onUsersChanged((ids) => void sessions.usersChanged(ids));
    app.addHook('onClose', async () => sessions.clear());
    const maxConnections = config.REALTIME_MAX_CONNECTIONS_PER_SESSION;
    const maxTopics = config.REALTIME_MAX_TOPICS_PER_CONNECTION;

    const guard = async (req: FastifyRequest, reply: FastifyReply) => {
      if (!originAllowed(req, allowedOrigins)) return reply.code(403).send({ error: { code: 'FORBIDDEN', message: 'Origin not allowed' } });
      const user = await app.currentUser(req);
      if (!user) return reply.code(401).send({ error: { code: 'UNAUTHENTICATED', message: 'Authentication required' } });
      if (user.sessionId !== undefined && sessions.count(user.sessionId) >= maxConnections) {
        return reply.code(429).send({ error: { code: 'TOO_MANY_REQUESTS', message: `At most ${maxConnections} realtime connections per session` } });
      }
      return undefined;
    };

    // The mock's tap (its chaos rules), when the mock is on.
    const tap: RealtimeTap | undefined = app.realtimeTap;
    app.get(REALTIME.path, { websocket: true, preValidation: guard }, (socket: WebSocket, req: FastifyRequest) => {
      const direct: HubClient = {
        send: (frame) => socket.send(frame, TEXT_FRAME),
        bufferedAmount: () => socket.bufferedAmount,
        terminate: (code, reason) => {
          socket.close(code, reason);
          // A peer that does not read may never complete the closing handshake.
          clock.setTimeout(() => socket.terminate(), 1000).unref();
        },
      };
      const tapped = tap?.attach(direct, req.authUser ?? undefined, () => socket.terminate());
      const client = tapped?.client ?? direct;
      // Replies (hello, pong, refusals) go the events' way: a stalled or delayed connection holds them too.
      const send = (m: ServerMessage) => client.send(frameOf(m));
      const closed = { value: false };

      // The connection ends with its session (4401), and counts against the session's cap.
      const user = req.authUser;
      const connection: RealtimeConnection | null =
        user?.sessionId === undefined
          ? null
          : {
              sessionId: user.sessionId,
              userId: user.id,
              end: () => {
                if (!closed.value) client.terminate(4401, 'session ended');
              },
            };
      const admitted: Promise<boolean> = connection
        ? sessions.add(connection, maxConnections).catch((err: unknown) => {
            req.log.error({ err }, 'realtime: following the session failed');
            return true;
          })
        : Promise.resolve(false);

      // The user's batch size (a property of the user row), then the hello.
      const batchSize: Promise<number> = (async () => {
        const user = req.authUser;
        const row = user ? await app.services.db.user.findUnique({ where: { id: user.id }, select: { props: true } }) : null;
        return wsBatchSizeOf(row?.props) ?? REALTIME.defaultBatchSize;
      })();
      // Requests of one client are handled in order, after the hello.
      let chain: Promise<unknown> = Promise.all([admitted, batchSize]).then(([ok, size]) => {
        if (closed.value) return;
        if (!ok) {
          // No session to follow (cannot happen past the guard), or the cap was reached meanwhile.
          if (connection) client.terminate(4429, 'too many connections');
          else client.terminate(4401, 'session ended');
          return;
        }
        send({ op: 'hello', epoch: hub.epoch, heartbeatMs: config.REALTIME_HEARTBEAT_MS, batchSize: size, wsLibrary: config.WS_LIBRARY });
      });

      let alive = true;
      socket.on('pong', () => {
        alive = true;
      });
      const heartbeat = clock.setInterval(() => {
        if (!alive) {
          socket.terminate();
          return;
        }
        alive = false;
        socket.ping();
      }, config.REALTIME_HEARTBEAT_MS);

      socket.on('message', (data, isBinary) => {
        chain = chain
          .then(async () => {
            if (closed.value) return undefined;
            if (isBinary) return send({ op: 'error', code: 'VALIDATION_FAILED', message: 'Binary frames are not accepted' });
            const text = String(data);
            if (nestsDeeperThan(text)) {
              return send({ op: 'error', code: 'VALIDATION_FAILED', message: VALIDATION.tooDeeplyNested(MAX_JSON_DEPTH) });
            }
            let json: unknown;
            try {
              json = JSON.parse(text);
            } catch {
              return send({ op: 'error', code: 'VALIDATION_FAILED', message: 'Invalid field' });
            }
            const parsed = ClientMessage.safeParse(json);
            if (!parsed.success) return send({ op: 'error', code: 'VALIDATION_FAILED', message: 'Invalid field' });
            const msg = parsed.data;
            if (msg.op === 'ping') return send({ op: 'pong', ...(msg.t === undefined ? {} : { t: msg.t }) });
            if (msg.op === 'unsubscribe') return hub.unsubscribe(client, msg.topics);
            const limit = await batchSize;
            if (msg.topics.length > limit) {
              return send({ op: 'error', code: 'BATCH_TOO_LARGE', message: `At most ${limit} topics per subscribe`, topics: msg.topics });
            }
            // Sessions can end while a socket is open: re-check on every subscribe and resume.
            const still = await app.services.auth.resolve(req.cookies[MOCK_AUTH.sessionCookie] ?? '');
            if (!still) return socket.close(4401, 'session ended');
            const { allowed, refused } = authorizeTopics(app.services.readModel, still, msg.topics);
            if (refused.length) send({ op: 'error', code: 'FORBIDDEN', message: 'You are not allowed to access this application', topics: refused });
            const mine = hub.topicsOf(client);
            const added = new Set(allowed.filter((t) => !mine.has(t))).size;
            if (mine.size + added > maxTopics) {
              return send({
                op: 'error',
                code: 'TOO_MANY_TOPICS',
                message: `At most ${maxTopics} topics per connection: unsubscribe some first`,
                topics: allowed,
              });
            }
            if (allowed.length && !closed.value) {
              await hub.subscribe(client, allowed, msg.resume);
              broker?.rememberTopics(allowed);
            }
            return undefined;
          })
          .catch((err: unknown) => req.log.error({ err }, 'realtime message failed'));
      });
      socket.on('close', () => {
        closed.value = true;
        clock.clearInterval(heartbeat);
        hub.remove(client);
        tapped?.closed();
        if (connection) sessions.remove(connection);
      });
    });
  };
}
