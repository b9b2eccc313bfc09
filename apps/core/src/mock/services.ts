/**
 * The mock's own services (the control plane's): the simulated fleet, fleet recordings, their
 * replays and a recording's fleet built into the mock. Built last, from the modules' services.
 */
import type { ServiceDeps } from '../modules/deps.js';
import type { AuthService } from '../platform/auth.js';
import type { UnitService } from '../modules/units/units.js';
import { FleetService, type FleetParts } from './fleet.js';
import { FleetImportService } from './fleet-import.js';
import { RecordingService } from './recordings.js';
import { ReplayService } from './replays.js';

/** What the mock's services need: the fleet's parts, the units (told of the units they make), the sign-in. */
export interface MockNeeds extends Omit<FleetParts, 'units'> {
  units: Pick<UnitService, 'refreshUnit' | 'forgetUnit'>;
  auth: AuthService;
}

/** The mock's services. */
export function create(deps: ServiceDeps, { units, auth, ...parts }: MockNeeds) {
  const fleet = new FleetService(deps, { ...parts, units });
  const recordings = new RecordingService(deps);
  const replays = new ReplayService(deps, units, () => ({ recordings, fleet, auth }));
  return {
    /** The simulated fleet as the control plane sees it. */
    fleet,
    /** Replays of recordings through the simulator shards. */
    replays,
    /** Fleet recordings: made from what the core receives, publishes and is asked. */
    recordings,
    /** A recording's fleet built into the mock, then its replay. */
    fleetImport: new FleetImportService(deps, units, () => ({ recordings, replays })),
  };
}

export type MockServices = ReturnType<typeof create>;
