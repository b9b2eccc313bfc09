/**
 * How the realtime provider reaches the core: the socket it opens and the spread of its sync
 * messages. The app uses the browser's WebSocket in a worker (socketWorker.ts) and the spec's random delay; component tests put a
 * fake socket here (test-utils/fakeSocket.ts) and sync at once, so the provider, the client and the
 * cache patches run as they do in the app.
 */
import { createContext } from 'react';
import { TIMINGS } from '@fleet/contracts';
import { getRuntimeConfig } from '../config/runtimeConfig';
import { browserSocketFactory } from './RealtimeClient';
import type { SocketFactory } from './RealtimeClient';
import { createSocketWorker, workerSocketFactory } from './socketWorker';

export interface RealtimeTransport {
  readonly socketFactory: SocketFactory;
  /** Sync (subscribe) messages are delayed randomly 0..this many ms (spec 001 §7). */
  readonly syncDelayMaxMs: number;
}

const inWorker = workerSocketFactory(createSocketWorker);

/** The socket in a worker unless runtime-config.json says `realtimeWorker: false` (read at each connection). */
const browserSocket: SocketFactory = (url, handlers) => (getRuntimeConfig().realtimeWorker ? inWorker : browserSocketFactory)(url, handlers);

export const BROWSER_TRANSPORT: RealtimeTransport = { socketFactory: browserSocket, syncDelayMaxMs: TIMINGS.syncMessageDelayMaxMs };

export const RealtimeTransportContext = createContext<RealtimeTransport>(BROWSER_TRANSPORT);
