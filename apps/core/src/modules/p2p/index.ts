/** Point-to-point links between units. */
import { bind } from '../../calls.js';
import type { ServiceDeps } from '../deps.js';
import type { UnitDevices } from '../units/unit-devices.js';
import { P2pService, p2pCalls } from './p2p.js';

/** What p2p needs: commands to a link's units. */
export interface P2pNeeds {
  devices: Pick<UnitDevices, 'command'>;
}

/** The p2p module's services. */
export function create(deps: ServiceDeps, { devices }: P2pNeeds) {
  return { p2p: new P2pService(deps, devices) };
}

export type P2pServices = ReturnType<typeof create>;

/** Each service with the calls it answers. */
export const bindings = [bind((s: P2pServices) => s.p2p, p2pCalls)] as const;
