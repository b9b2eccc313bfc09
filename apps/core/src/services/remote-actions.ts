/** Remote actions (spec 001 §2 /remote_actions for partners and super users): support actions on devices of the caller's inventories. */
import { callsOf } from '../calls.js';
import type { ServiceDeps } from './deps.js';

export class RemoteActionService {
  constructor(private readonly deps: ServiceDeps) {}
}

export const remoteActionCalls = callsOf<RemoteActionService>()({});
