/**
 * Client applications (spec 001 §2 /system_settings client_application; support-staff menu Client Application).
 */
import { callsOf } from '../calls.js';
import type { ServiceDeps } from './deps.js';

export class ClientApplicationService {
  constructor(private readonly deps: ServiceDeps) {}
}

export const clientApplicationCalls = callsOf<ClientApplicationService>()({});
