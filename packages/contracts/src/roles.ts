/**
 * Role sets of spec 000 §6 / 001 §6. Route guards (console) and the endpoint catalogue (core) both
 * use these sets, so a page and the calls behind it agree on who may use them.
 */
import type { Role } from './enums.js';
import { ROLES } from './enum-values.js';

export const ALL_ROLES: readonly Role[] = ROLES;

/**
 * The system admin console (system entities, system settings, admin remote actions, access approvals,
 * what's new, batch upgrade) and its calls. Spec 001 §2 says "Platform admin pages need super_user";
 * §6 says "Super user and staff see the system admin console", and spec 000 §2 gives support staff
 * their own menu section of exactly these pages: read together, super_user and staff.
 */
export const PLATFORM_ADMIN_ROLES: readonly Role[] = ['super_user', 'staff'];

/** Users, groups, usage profiles, software version, audio rooms, services, licence activation, reports. */
export const MANAGE_ROLES: readonly Role[] = ['super_user', 'luc_admin', 'luc_contractor', 'luc_media_group_admin', 'luc_partner'];

/** Shares (publishers, subscribers). */
export const SHARES_ROLES: readonly Role[] = ['super_user', 'luc_media_group_admin'];

/**
 * "The broader set, which includes luc_regular": channels, devices, video return, file upload.
 * The spec does not list it; we read it as the manage set plus luc_regular and staff.
 */
export const BROADER_ROLES: readonly Role[] = [...MANAGE_ROLES, 'luc_regular', 'staff'];

/** Contractor entities; partner remote actions. */
export const CONTRACTOR_ROLES: readonly Role[] = ['luc_contractor'];
export const PARTNER_ROLES: readonly Role[] = ['luc_partner'];

/** Roles that see every inventory (system admin console): super user and support staff. */
export const GLOBAL_SCOPE_ROLES: readonly Role[] = ['super_user', 'staff'];

/**
 * Roles that alone do not grant the console: a user holding only these goes to the unauthorized
 * page (ingest- or studio-like roles may still reach /easy_live).
 */
export const LIMITED_ROLES: readonly Role[] = [
  'luc_curator',
  'luc_multipoint',
  'luc_unit_control',
  'luc_freelancer',
  'luc_ingest',
  'luc_studio',
  'luc_vr_viewer',
  'luc_application',
];
export const EASY_LIVE_ROLES: readonly Role[] = ['luc_ingest', 'luc_studio'];

/** Roles with console access: anyone holding at least one role outside LIMITED_ROLES. */
export function hasConsoleAccess(roles: readonly Role[]): boolean {
  return roles.some((r) => !LIMITED_ROLES.includes(r));
}

/**
 * Spec 000 §2, §6 "video-return-only accounts get the Limited Access page": a user without
 * console access (every role limited) who holds the video-return viewer role. Their one product
 * is the video-return portal; the console sends them to /limited_access instead of the
 * unauthorized page.
 */
export const VIDEO_RETURN_ONLY_ROLES: readonly Role[] = ['luc_vr_viewer'];
export function isVideoReturnOnly(roles: readonly Role[]): boolean {
  return !hasConsoleAccess(roles) && roles.some((r) => VIDEO_RETURN_ONLY_ROLES.includes(r));
}

/** Read-only users: may look, may not act (no stream control, no file deletion, no AI). */
export const READ_ONLY_ROLES: readonly Role[] = ['luc_read'];

/** Who may control units (start/stop, rename, configure): everyone but read-only and viewer roles. */
export const UNIT_CONTROL_ROLES: readonly Role[] = [...BROADER_ROLES, 'luc_unit_control', 'luc_freelancer'];

/**
 * Joining a group with an invitation code (POST groups/join): "guests and freelancers take part
 * through ad-hoc or permanent invitations" (001 §1) with their LU-Smart or LU-Lite, and a person on
 * the easy-live entry page the invitation's link opens (the ingest- and studio-like roles it
 * admits, 000 §6) joins the same way: every role that may control units, and those two. Not
 * read-only or viewer accounts.
 */
export const JOIN_ROLES: readonly Role[] = [...UNIT_CONTROL_ROLES, ...EASY_LIVE_ROLES];

/** Inventory-manager level (the /error page guard sends these and super users elsewhere). */
export const INVENTORY_MANAGER_ROLES: readonly Role[] = ['super_user', 'luc_admin', 'luc_media_group_admin'];

/**
 * "Apply and OK buttons in modals show only for regular users." Read as: users who may change
 * things (the unit-control set), i.e. not read-only or viewer accounts.
 */
export const APPLY_BUTTON_ROLES: readonly Role[] = UNIT_CONTROL_ROLES;

export function hasAnyRole(userRoles: readonly Role[], allowed: readonly Role[]): boolean {
  return userRoles.some((r) => allowed.includes(r));
}

// ── Unit reads and admin unit calls ──────────────────────────────────────────────────────────────
/**
 * Admin-level unit calls (spec 000 §6: "admin-level unit calls (create, update, delete,
 * inventories, groups, target software version, deregistration, cellular and total limits,
 * databridge options) live under an admin path"). Reading: the inventory-manager level (super
 * user, luc_admin, luc_media_group_admin) plus support staff ("support staff have extra admin
 * functions"). Super user and staff see every inventory; the others only their own inventories.
 */
export const ADMIN_UNIT_ROLES: readonly Role[] = ['super_user', 'staff', 'luc_admin', 'luc_media_group_admin'];

/**
 * Roles that get the console itself (and so its client configuration): every role outside
 * LIMITED_ROLES. A user holding only limited roles goes to the unauthorized page (spec 000 §6), and
 * their client configuration fetch is answered 403 (spec 000 §8 "A client configuration fetch with
 * status 403 is rejected").
 */
export const CONSOLE_ROLES: readonly Role[] = ROLES.filter((r) => !LIMITED_ROLES.includes(r));

/**
 * GET channels/fetch: every console role, and the ingest- and studio-like roles of the easy-live
 * page (spec 000 §6 "an ingest-or-studio-like role is allowed into /easy_live"), which lists the
 * channels of the user's groups read-only.
 */
export const CHANNEL_LIST_ROLES: readonly Role[] = [...CONSOLE_ROLES, ...EASY_LIVE_ROLES];

// ── Partner remote actions and contractor entities ───────────────────────────────────────────────
/**
 * Support remote actions on devices (spec 001 §2 "partner remote actions need luc_partner"; the
 * super users' /remote_actions page uses the same calls): partners on the units of their own
 * inventories, super user and staff on all.
 */
export const REMOTE_ACTION_ROLES: readonly Role[] = [...PARTNER_ROLES, ...GLOBAL_SCOPE_ROLES];

/**
 * The admin entity lists (units, servers, channels, video return channels, databridge gateways),
 * read only: the admin unit roles plus luc_contractor (spec 001 §2 "Contractor entities need
 * luc_contractor"). Non-global callers see the objects of their own inventories only.
 */
export const ENTITY_LIST_ROLES: readonly Role[] = [...ADMIN_UNIT_ROLES, ...CONTRACTOR_ROLES];

/**
 * An inventory's video return channels (GET v2/admin/inventories/{id}/vrChannels): the entity list
 * roles and partners, who manage groups (spec 001 §2) and pick a group's video return channels from
 * its inventory's, as admins do; every caller but the global roles sees their own inventories only.
 */
export const INVENTORY_VR_CHANNEL_ROLES: readonly Role[] = [...ENTITY_LIST_ROLES, ...PARTNER_ROLES];

// ── User accounts ────────────────────────────────────────────────────────────────────────────────
/**
 * Rank of a user type for the /users screen (spec 001 §6 leaves the full matrix "not shown"; our
 * rule: an admin cannot create, edit or remove a user above their own level). Super user above
 * support staff above the media group admin above the admin; every other type is level 0. A user
 * may assign types of their own level or below: luc_admin creates luc_admin and the level-0 types
 * but not luc_media_group_admin, staff or super_user; contractors and partners only level 0.
 */
const USER_TYPE_RANK: Partial<Record<Role, number>> = { super_user: 4, staff: 3, luc_media_group_admin: 2, luc_admin: 1 };

/** The highest rank among these roles. */
export function userTypeRank(roles: readonly Role[]): number {
  return Math.max(0, ...roles.map((r) => USER_TYPE_RANK[r] ?? 0));
}

/** Whether a user with `callerRoles` may give a user these roles (or manage a user holding them). */
export function canManageUserType(callerRoles: readonly Role[], targetRoles: readonly Role[]): boolean {
  return userTypeRank(targetRoles) <= userTypeRank(callerRoles);
}

/**
 * User account calls (v2/users...): the /users screen's roles (spec 001 §2 "Users ... need
 * MANAGE_ROLES") plus support staff, who manage users from the system admin console (§2
 * /system_entities users; §6 "Super user and staff see the system admin console").
 */
export const USER_ACCOUNT_ROLES: readonly Role[] = [...MANAGE_ROLES, 'staff'];

// ── Software versions ────────────────────────────────────────────────────────────────────────────
/**
 * The /sw_version list (spec 001 §2 "software version" needs MANAGE_ROLES) plus support staff, who
 * maintain versions from the system admin console (§2 system_settings "software_version").
 */
export const SOFTWARE_VERSION_READ_ROLES: readonly Role[] = [...MANAGE_ROLES, 'staff'];
/** Versions are platform-wide: creating, editing and deleting them is for super user and staff. */
export const SOFTWARE_VERSION_WRITE_ROLES: readonly Role[] = GLOBAL_SCOPE_ROLES;
