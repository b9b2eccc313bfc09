/** Groups: groups (groups.ts, announced by group-announcements.ts), their members, their alerts' recipients. */
import { bind } from '../../calls.js';
import type { Outbox } from '../../platform/outbox.js';
import type { ServiceDeps } from '../deps.js';
import { GroupAlertService, groupAlertCalls } from './group-alerts.js';
import { GroupMemberService, groupMemberCalls } from './group-members.js';
import { GroupService, groupCalls } from './groups.js';

/** What the groups need: the outbox (alert recipients' verification links). */
export interface GroupsNeeds {
  outbox: Outbox;
}

/** The groups module's services. */
export function create(deps: ServiceDeps, { outbox }: GroupsNeeds) {
  const groups = new GroupService(deps);
  return { groups, groupMembers: new GroupMemberService(deps, groups), groupAlerts: new GroupAlertService(deps, outbox) };
}

export type GroupsServices = ReturnType<typeof create>;

/** Each service with the calls it answers. */
export const bindings = [
  bind((s: GroupsServices) => s.groups, groupCalls),
  bind((s: GroupsServices) => s.groupMembers, groupMemberCalls),
  bind((s: GroupsServices) => s.groupAlerts, groupAlertCalls),
] as const;
