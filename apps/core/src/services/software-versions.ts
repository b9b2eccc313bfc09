/**
 * Software versions (spec 001 §3 Software version; /sw_version; "software version exists").
 */
import { callsOf } from '../calls.js';
import type { ServiceDeps } from './deps.js';

export class SoftwareVersionService {
  constructor(private readonly deps: ServiceDeps) {}
}

export const softwareVersionCalls = callsOf<SoftwareVersionService>()({});
