/**
 * Software versions by product (spec 001 §2 /system_settings software_version_product; §3 Software version supported devices).
 */
import { callsOf } from '../calls.js';
import type { ServiceDeps } from './deps.js';

export class SoftwareVersionProductService {
  constructor(private readonly deps: ServiceDeps) {}
}

export const softwareVersionProductCalls = callsOf<SoftwareVersionProductService>()({});
