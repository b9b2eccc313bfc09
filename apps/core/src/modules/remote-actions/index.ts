/** Remote actions: support cases (fetch logs), remote actions on units (reboot, send logs), support access approvals. */
import { bind } from '../../calls.js';
import type { ServiceDeps } from '../deps.js';
import type { UnitCommands } from '../unit-configuration/commands.js';
import type { UnitDevices } from '../units/unit-devices.js';
import type { UserService } from '../users/users.js';
import { AccessApprovalService, accessApprovalCalls } from './access-approvals.js';
import { RemoteActionService, remoteActionCalls } from './remote-actions.js';
import { SupportCaseService, supportCaseCalls } from './support-cases.js';

/** What remote actions need: the device rules, the users' support e-mail, the unit commands (reboot). */
export interface RemoteActionsNeeds {
  devices: Pick<UnitDevices, 'act' | 'channelOf' | 'load' | 'outcome' | 'stop'>;
  users: Pick<UserService, 'supportEmailOf'>;
  commands: Pick<UnitCommands, 'rebootUnit'>;
}

/** The remote actions module's services. */
export function create(deps: ServiceDeps, { devices, users, commands }: RemoteActionsNeeds) {
  // Built before RemoteActionService, so its device-state listener ends a finished log sending first.
  const supportCases = new SupportCaseService(deps, devices, users);
  return { supportCases, remoteActions: new RemoteActionService(deps, { supportCases, commands }), accessApprovals: new AccessApprovalService(deps) };
}

export type RemoteActionsServices = ReturnType<typeof create>;

/** Each service with the calls it answers. */
export const bindings = [
  bind((s: RemoteActionsServices) => s.supportCases, supportCaseCalls),
  bind((s: RemoteActionsServices) => s.remoteActions, remoteActionCalls),
  bind((s: RemoteActionsServices) => s.accessApprovals, accessApprovalCalls),
] as const;
