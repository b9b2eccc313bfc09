/**
 * Point-to-point link calls of spec 001 §7.
 */
import { callsOf } from '../calls.js';
import type { ServiceDeps } from './deps.js';

export class P2pService {
  constructor(private readonly deps: ServiceDeps) {}
}

export const p2pCalls = callsOf<P2pService>()({});
