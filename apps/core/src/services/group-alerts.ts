/** Group alerts configuration (spec 001 §7 Groups: v2/groups/{id}/alerts/configuration; §4 alerts configuration modes, e-mail recipient verification). */
import { callsOf } from '../calls.js';
import type { ServiceDeps } from './deps.js';

export class GroupAlertService {
  constructor(private readonly deps: ServiceDeps) {}
}

export const groupAlertCalls = callsOf<GroupAlertService>()({});
