/**
 * GET /gateway: simulator shards (separate processes) attach to the device gateway over a
 * websocket, presenting the shared GATEWAY_TOKEN. Messages are the contracts' gateway JSON;
 * malformed ones are dropped and counted by the gateway, none answered (the fuzz in
 * tests/integration/realtime-fuzz.test.ts holds it to that).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { timingSafeEqual } from 'node:crypto';
import { GATEWAY, type CoreGatewayEnd, type DeviceToCore } from '@fleet/contracts';
import type { Config } from '../env.js';

function tokenMatches(given: string | undefined, expected: string): boolean {
  if (!expected || !given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function gatewayRoutes(config: Config) {
  return async (app: FastifyInstance) => {
    const guard = async (req: FastifyRequest, reply: FastifyReply) => {
      const header = req.headers.authorization;
      const given = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
      if (!tokenMatches(given, config.GATEWAY_TOKEN)) {
        return reply.code(401).send({ error: { code: 'UNAUTHENTICATED', message: 'Authentication required' } });
      }
      return undefined;
    };
    app.get(GATEWAY.wsPath, { websocket: true, preValidation: guard }, (socket: WebSocket) => {
      const end: CoreGatewayEnd = {
        send: (m) => socket.send(JSON.stringify(m)),
        onMessage: (h) =>
          socket.on('message', (data) => {
            // Unparseable text reaches the gateway as nothing: it drops (and counts) it like any
            // malformed message. No depth scan of the text first (a shard's frame is a megabyte a
            // tenth of a second): V8's JSON.parse is iterative, and parseDeviceToCore bounds the
            // depth of what it hands to zod, the one recursive walk (GATEWAY.maxJsonDepth).
            let json: unknown;
            try {
              json = JSON.parse(String(data));
            } catch {
              json = undefined;
            }
            // Untrusted: the gateway validates against DeviceToCore before use. A report that
            // breaks a handler must not escape into the socket's event (an uncaught exception
            // would end the process): it is logged and the shard stays attached.
            try {
              h(json as DeviceToCore);
            } catch (err) {
              app.log.error({ err }, 'device gateway: a message failed');
            }
          }),
        onClose: (h) => socket.on('close', h),
        close: () => socket.close(1001, 'core shutting down'),
      };
      app.services.gateway.attach(end, { trusted: false });
    });
  };
}
