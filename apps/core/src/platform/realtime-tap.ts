/**
 * A tap on the /ws connections, for what only the mock adds (its chaos rules, mock/chaos-ws.ts):
 * given a connection's hub client, its user and a way to cut it, the tap answers the client the hub
 * delivers to (the same, or one that holds or delays frames) and is told when the connection ends.
 * The core without the mock has no tap: routes/realtime.ts then delivers straight to the socket.
 */
import type { AuthUser } from './access.js';
import type { HubClient } from './hub.js';

export interface TappedConnection {
  /** What the hub delivers to. */
  client: HubClient;
  /** The connection closed. */
  closed(): void;
}

export interface RealtimeTap {
  attach(client: HubClient, user: AuthUser | undefined, cut: () => void): TappedConnection;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Present only when the mock's endpoints are on (mock/chaos-http.ts). */
    realtimeTap?: RealtimeTap;
  }
}
