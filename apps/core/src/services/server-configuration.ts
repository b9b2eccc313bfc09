/**
 * Server reads and configuration of spec 001 §7 Servers.
 */
import { callsOf } from '../calls.js';
import type { ServiceDeps } from './deps.js';

export class ServerConfigurationService {
  constructor(private readonly deps: ServiceDeps) {}
}

export const serverConfigCalls = callsOf<ServerConfigurationService>()({});
