/**
 * The fleet the model runs on: the seeded units, channels and servers its operations pick from, the
 * timings it waits by, and what a run is given (the core in-process, the engine, a session, /ws).
 */
import type { FastifyInstance } from 'fastify';
import type { Engine } from '@fleet/simulator';
import type { WsClient } from '../../integration/realtime-client.js';

/** Units of the seeded fleet the operations pick from (valid licences, every type group that streams). */
export const MODEL_UNITS = [
  'LU800-0001',
  'LU800-0002',
  'LU800-0003',
  'LU300-0001',
  'SOLO-0001',
  'LULITE-0001',
  'LUSMART-0001',
  'LU800-0004',
  'LU300-0002',
] as const;
/** Channels of the seeded hubs and transceiver. */
export const MODEL_CHANNELS = ['MMH-0001-CH1', 'MMH-0001-CH2', 'MMH-0001-CH3', 'MMH-0001-CH4', 'MMH-0002-CH1', 'MMH-0002-CH2', 'TRX-0001-CH1'] as const;
export const MODEL_SERVERS = ['MMH-0001', 'MMH-0002', 'TRX-0001'] as const;

/** The longest start-up of a stream at the model's timings, with room: an accepted start must show by then. */
export const SETTLE_MS = 4000;
/** Simulated time a regression scenario gives each step before its check. */
export const STEP_GAP_MS = 500;

export interface ModelEnv {
  app: FastifyInstance;
  engine: Engine;
  cookie: string;
  ws: WsClient;
  groups: readonly string[];
}
