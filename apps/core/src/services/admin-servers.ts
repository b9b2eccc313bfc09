/**
 * Servers as platform records (spec 001 §2 /system_entities mmh_servers, vr_servers, ingest_servers, transceiver_servers; §3 Server): create, change and delete by the system admin console.
 */
import { callsOf } from '../calls.js';
import type { ServiceDeps } from './deps.js';

export class AdminServerService {
  constructor(private readonly deps: ServiceDeps) {}
}

export const adminServerCalls = callsOf<AdminServerService>()({});
