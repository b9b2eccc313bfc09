/**
 * Batch upgrades from a CSV of at most 500 devices (spec 001 §5, §9; /batch_upgrade).
 */
import { callsOf } from '../calls.js';
import type { ServiceDeps } from './deps.js';

export class UpgradeBatchService {
  constructor(private readonly deps: ServiceDeps) {}
}

export const upgradeBatchCalls = callsOf<UpgradeBatchService>()({});
