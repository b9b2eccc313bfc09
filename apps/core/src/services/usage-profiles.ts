/**
 * Usage profiles (spec 001 §3 Usage profile; §5 rules; /usage_profiles) and assigning them to units.
 */
import { callsOf } from '../calls.js';
import type { ServiceDeps } from './deps.js';

export class UsageProfileService {
  constructor(private readonly deps: ServiceDeps) {}
}

export const usageProfileCalls = callsOf<UsageProfileService>()({});
