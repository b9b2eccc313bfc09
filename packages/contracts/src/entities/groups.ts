/**
 * Shapes of the group calls (spec 001 §3 Group, §7 Groups): the /groups screen's list row, the
 * admin pages, the member pages, a group's details (the general tab's current values with its
 * `version`), the console-side create / update / remove bodies, the default configuration and a
 * unit's groups. Where the spec leaves a shape "not shown", the shape here is the one the screens use.
 */
import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { VALIDATION } from '../messages.js';
import { statesRules } from '../validation.js';
import { ChannelStatus, ChannelType, VrChannelStatus } from '../enums.js';
import { Id, IsoDate, pageOf, SortDir } from './common.js';
import { PAGE_OFFSET_MAX, UnitGroupRef } from './unit-reads.js';
import { GroupUnitSettings } from './unit-updates.js';
import { UnitName } from './unit.js';

const Offset = z.coerce.number().int().min(0).max(PAGE_OFFSET_MAX).default(0);
/** Spec 001 §9 "group search 50". */
const Limit = z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.groupSearchDefaultPageSize);
/** Versions are 32-bit integers in storage: a larger one is refused here rather than failing in the database. */
const Version = z.number().int().nonnegative().max(2_147_483_647);

/** Spec 001 §5: group names use letters, numbers, underscores and hyphens only; unique in their inventory. */
export const GroupName = UnitName;

/** Spec 001 §3 "auto-association flags": new units, channels, video return channels, users of the inventory join the group. */
export const GroupAutoAssociation = z.object({ units: z.boolean(), channels: z.boolean(), vrChannels: z.boolean(), users: z.boolean() }).strict();
export type GroupAutoAssociation = z.infer<typeof GroupAutoAssociation>;

/** How many of each kind of member a group has. */
export const GroupCounts = z.object({
  units: z.number().int().nonnegative(),
  channels: z.number().int().nonnegative(),
  vrChannels: z.number().int().nonnegative(),
  users: z.number().int().nonnegative(),
});
export type GroupCounts = z.infer<typeof GroupCounts>;

/** One row of the /groups list (and of the admin group pages, and the `group.changed` event). */
export const GroupListRow = z.object({
  id: Id,
  name: z.string(),
  inventoryId: Id,
  inventoryName: z.string(),
  createdOn: IsoDate,
  counts: GroupCounts,
  version: z.number().int().nonnegative(),
});
export type GroupListRow = z.infer<typeof GroupListRow>;
export const GroupList = z.array(GroupListRow);
export const GroupPage = pageOf(GroupListRow);
export type GroupPage = z.infer<typeof GroupPage>;

/** What a group's alert thresholds say for one alert type (spec 001 §4 severities warning and critical). */
export const GroupAlertThreshold = z.object({ warning: z.number().nullable(), critical: z.number().nullable() });
/** Summary of the group's invitation settings (the codes and keys themselves stay in the invitation calls). */
export const GroupInvitationSummary = z.object({
  adhocMode: z.string().nullable(),
  adhocPeriod: z.string().nullable(),
  permanentRegeneration: z.string().nullable(),
  hasPermanentKey: z.boolean(),
});

/** A member as the general tab names it: a unit by its name, a channel or video return channel by its name. */
export const GroupNamedMember = z.object({ id: Id, name: z.string() });
/** A user member: username and full name ("first last", empty when neither is set). */
export const GroupNamedUser = z.object({ id: Id, username: z.string(), fullName: z.string() });

/**
 * A group with the values of its general tab: the list row, flags, summaries, member ids and, in
 * the same order, the members with their names (a caller without the admin member pages, e.g. a
 * partner, shows names from here; `members` is kept for clients that read ids).
 */
export const GroupDetail = GroupListRow.extend({
  autoAssociation: GroupAutoAssociation,
  /** By alert type (battery, serverCpu, ...): only the types the group sets. */
  alertThresholds: z.record(z.string(), GroupAlertThreshold),
  invitation: GroupInvitationSummary,
  /** Whether the group has a default unit configuration (v2/groups/{id}/defaultConfiguration). */
  hasDefaultConfiguration: z.boolean(),
  members: z.object({
    unitIds: z.array(Id),
    channelIds: z.array(Id),
    vrChannelIds: z.array(Id),
    userIds: z.array(Id),
  }),
  memberNames: z.object({
    units: z.array(GroupNamedMember),
    channels: z.array(GroupNamedMember),
    vrChannels: z.array(GroupNamedMember),
    users: z.array(GroupNamedUser),
  }),
  updatedAt: IsoDate,
});
export type GroupDetail = z.infer<typeof GroupDetail>;
export const GroupDetailList = z.array(GroupDetail);

// ── admin (v2/admin/...) ────────────────────────────────────────────────────────────────────────

export const GROUP_SEARCH_KEYS = ['name', 'inventoryName'] as const;
export const GROUP_SORT_KEYS = ['name', 'inventoryName', 'createdOn'] as const;

/** Spec 001 §7: searchKey, searchValue, offset, limit (§9 group search 50), sortBy, sortDir. */
export const AdminGroupSearchQuery = z
  .object({
    offset: Offset,
    limit: Limit,
    searchKey: z.enum(GROUP_SEARCH_KEYS).default('name'),
    searchValue: z.string().max(LIMITS.genericNameMax, VALIDATION.max255).optional(),
    sortBy: z.enum(GROUP_SORT_KEYS).default('name'),
    sortDir: SortDir.default('asc'),
  })
  .strict();
export type AdminGroupSearchQuery = z.infer<typeof AdminGroupSearchQuery>;

/** Member pages (spec 001 §7: offset, limit). */
export const GroupMembersQuery = z.object({ offset: Offset, limit: Limit }).strict();
export type GroupMembersQuery = z.infer<typeof GroupMembersQuery>;

export const GroupUnitMember = z.object({ id: Id, name: z.string(), productType: z.string(), status: z.string() });
export const GroupChannelMember = z.object({ id: Id, name: z.string(), type: ChannelType, status: ChannelStatus, serverId: Id });
export const GroupVrChannelMember = z.object({ id: Id, name: z.string(), status: VrChannelStatus });
export const GroupUserMember = z.object({
  id: Id,
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  userType: z.string(),
});
export const GroupUnitPage = pageOf(GroupUnitMember);
export const GroupChannelPage = pageOf(GroupChannelMember);
export const GroupVrChannelPage = pageOf(GroupVrChannelMember);
export const GroupUserPage = pageOf(GroupUserMember);
export type GroupUnitPage = z.infer<typeof GroupUnitPage>;
export type GroupChannelPage = z.infer<typeof GroupChannelPage>;
export type GroupVrChannelPage = z.infer<typeof GroupVrChannelPage>;
export type GroupUserPage = z.infer<typeof GroupUserPage>;

export const GroupChannelParams = z.object({ id: Id, channelId: Id }).strict();
export const GroupVrChannelParams = z.object({ id: Id, vrChannelId: Id }).strict();

/** POST v2/admin/groups: a group in one of the admin's inventories. */
export const CreateAdminGroupBody = z
  .object({
    name: GroupName,
    inventoryId: Id,
    autoAssociation: GroupAutoAssociation.partial().optional(),
  })
  .strict();
export type CreateAdminGroupBody = z.infer<typeof CreateAdminGroupBody>;

/** PUT v2/admin/groups/{id}: rename and/or change the auto-association flags (`version`: only if unchanged since). */
export const UpdateAdminGroupBody = z
  .object({ name: GroupName.optional(), autoAssociation: GroupAutoAssociation.partial().optional(), version: Version.optional() })
  .strict();
export type UpdateAdminGroupBody = z.infer<typeof UpdateAdminGroupBody>;

export const GroupDeleted = z.object({ id: Id, deleted: z.literal(true) });

// ── console (/groups screen) ────────────────────────────────────────────────────────────────────

/** groups/fetch_details: one group (groupUid) or the groups of one inventory (inventoryUid). */
export const GroupDetailsQuery = z
  .object({ groupUid: Id.optional(), inventoryUid: Id.optional() })
  .strict()
  .superRefine((q, ctx) => {
    if ((q.groupUid === undefined) === (q.inventoryUid === undefined)) ctx.addIssue({ code: 'custom', path: ['groupUid'], message: VALIDATION.required });
  })
  .meta(statesRules({ field: 'groupUid', message: VALIDATION.required, rule: 'exactly one of groupUid and inventoryUid' }));
export type GroupDetailsQuery = z.infer<typeof GroupDetailsQuery>;

/** Members to set: each list given replaces that kind of member (ids of the group's inventory). */
export const GroupMembersBody = z
  .object({
    unitIds: z.array(Id).max(5000),
    channelIds: z.array(Id).max(1000),
    vrChannelIds: z.array(Id).max(1000),
    userIds: z.array(Id).max(5000),
  })
  .partial()
  .strict();
export type GroupMembersBody = z.infer<typeof GroupMembersBody>;

export const AddGroupBody = z.object({ name: GroupName, inventoryId: Id }).strict();
export type AddGroupBody = z.infer<typeof AddGroupBody>;

export const AddGroupDetailsBody = AddGroupBody.extend({
  autoAssociation: GroupAutoAssociation.partial().optional(),
  members: GroupMembersBody.optional(),
}).strict();
export type AddGroupDetailsBody = z.infer<typeof AddGroupDetailsBody>;

export const UpdateGroupBody = z.object({ id: Id, name: GroupName, version: Version.optional() }).strict();
export type UpdateGroupBody = z.infer<typeof UpdateGroupBody>;

export const UpdateGroupDetailsBody = z
  .object({
    id: Id,
    name: GroupName.optional(),
    autoAssociation: GroupAutoAssociation.partial().optional(),
    members: GroupMembersBody.optional(),
    version: Version.optional(),
  })
  .strict();
export type UpdateGroupDetailsBody = z.infer<typeof UpdateGroupDetailsBody>;

export const RemoveGroupsBody = z.object({ ids: z.array(Id).min(1, VALIDATION.required).max(200) }).strict();
export const GroupsRemoved = z.object({ removed: z.array(Id) });

/** groups/fetch_machinegroups: the groups of each of these units (comma-separated unit ids). */
export const MachineGroupsQuery = z.object({ unitIds: z.string({ error: VALIDATION.required }).min(1, VALIDATION.required).max(20_000) }).strict();
export const MachineGroups = z.array(z.object({ unitId: Id, groups: z.array(UnitGroupRef) }));
export type MachineGroups = z.infer<typeof MachineGroups>;

// ── default configuration ───────────────────────────────────────────────────────────────────────

/** The group's default unit configuration: the unit settings it gives its units, with the group's version. */
export const GroupDefaultConfiguration = z.object({
  groupId: Id,
  /** False until one is created (POST) or set (PUT, or v0/groups/{id}/unitSettings). */
  exists: z.boolean(),
  settings: GroupUnitSettings,
  version: z.number().int().nonnegative(),
});
export type GroupDefaultConfiguration = z.infer<typeof GroupDefaultConfiguration>;
