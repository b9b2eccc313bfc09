/**
 * Modem vendors and their models (spec 001 §2 /system_settings modem_vendor; support-staff menu Modems Vendor/Model).
 */
import { callsOf } from '../calls.js';
import type { ServiceDeps } from './deps.js';

export class ModemVendorService {
  constructor(private readonly deps: ServiceDeps) {}
}

export const modemVendorCalls = callsOf<ModemVendorService>()({});
