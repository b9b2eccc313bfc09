/** Invitations: invitations to a group (invitations.ts) and joining by code (joining.ts). */
import { bind } from '../../calls.js';
import type { Outbox } from '../../platform/outbox.js';
import type { ServiceDeps } from '../deps.js';
import type { AdminUnitService } from '../units/admin-units.js';
import type { UnitService } from '../units/units.js';
import { InvitationService, invitationCalls } from './invitations.js';
import { InvitationJoins, joinCalls } from './joining.js';

/** What invitations need: the outbox, a unit leaving a group, the units told of a unit that joined. */
export interface InvitationsNeeds {
  outbox: Outbox;
  adminUnits: Pick<AdminUnitService, 'leaveGroup'>;
  units: Pick<UnitService, 'refreshUnit'>;
}

/** The invitations module's services. */
export function create(deps: ServiceDeps, { outbox, adminUnits, units }: InvitationsNeeds) {
  return { invitations: new InvitationService(deps, outbox, adminUnits), invitationJoins: new InvitationJoins(deps, units) };
}

export type InvitationsServices = ReturnType<typeof create>;

/** Each service with the calls it answers. */
export const bindings = [
  bind((s: InvitationsServices) => s.invitations, invitationCalls),
  bind((s: InvitationsServices) => s.invitationJoins, joinCalls),
] as const;
