/**
 * What's new entries (spec 001 §2 /whats_new; spec 000 §2 user menu what's new).
 */
import { callsOf } from '../calls.js';
import type { ServiceDeps } from './deps.js';

export class WhatsNewService {
  constructor(private readonly deps: ServiceDeps) {}
}

export const whatsNewCalls = callsOf<WhatsNewService>()({});
