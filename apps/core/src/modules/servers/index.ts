/**
 * Servers: servers and their channels as devices report them (servers.ts), a
 * server's configuration (server-configuration.ts), the admin's server calls, databridge gateways.
 */
import { bind } from '../../calls.js';
import type { ServiceDeps } from '../deps.js';
import { AdminServerService, adminServerCalls } from './admin-servers.js';
import { DatabridgeGatewayService, databridgeGatewayCalls } from './databridge-gateways.js';
import { ServerConfigurationService, serverConfigCalls } from './server-configuration.js';
import { ServerService } from './servers.js';

/** The servers module's services. */
export function create(deps: ServiceDeps) {
  const servers = new ServerService(deps);
  const serverConfig = new ServerConfigurationService(deps, servers);
  return {
    servers,
    serverConfig,
    adminServers: new AdminServerService(deps, servers, serverConfig),
    databridgeGateways: new DatabridgeGatewayService(deps),
  };
}

export type ServersServices = ReturnType<typeof create>;

/** Each service with the calls it answers. */
export const bindings = [
  bind((s: ServersServices) => s.serverConfig, serverConfigCalls),
  bind((s: ServersServices) => s.adminServers, adminServerCalls),
  bind((s: ServersServices) => s.databridgeGateways, databridgeGatewayCalls),
] as const;
