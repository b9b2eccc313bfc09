/** Alerts (spec 000 §3 Alerts, spec 001 §4): the alerts of units and servers and a unit's alerts configuration. */
import { bind } from '../../calls.js';
import type { ServiceDeps } from '../deps.js';
import type { ServerService } from '../servers/servers.js';
import { AlertService, alertCalls, type VisibleUnits } from './alerts.js';

/** What the alerts need: the units the caller may see, the servers' topics. */
export interface AlertsNeeds {
  units: VisibleUnits;
  servers: Pick<ServerService, 'has' | 'topicsOf'>;
}

/** The alerts module's services. */
export function create(deps: ServiceDeps, { units, servers }: AlertsNeeds) {
  return { alerts: new AlertService(deps, units, servers) };
}

export type AlertsServices = ReturnType<typeof create>;

/** Each service with the calls it answers. */
export const bindings = [bind((s: AlertsServices) => s.alerts, alertCalls)] as const;
