/**
 * Shapes of user accounts (spec 001 §3 User, §5 user rules, §6): the /users list and its rows, a
 * user's detail, create and update bodies (with the password expiry policy), deactivate/activate,
 * delete, inventories and groups, and the password an admin sets. The spec shows none of these
 * ("user create and update ... not shown"); these are the shapes the /users screen uses.
 */
import { z } from 'zod';
import { Role } from '../enums.js';
import { PASSWORD_EXPIRY_POLICIES } from '../enum-values.js';
import { LIMITS } from '../constants.js';
import { VALIDATION } from '../messages.js';
import { statesRules } from '../validation.js';
import { Id, IsoDate, pageOf, SortDir } from './common.js';
import { CurrentUser } from './user.js';

export const PasswordExpiryPolicy = z.enum(PASSWORD_EXPIRY_POLICIES);
export type PasswordExpiryPolicy = z.infer<typeof PasswordExpiryPolicy>;

const Version = z.number().int().nonnegative().max(2_147_483_647);

// ── field rules (001 §5) ───────────────────────────────────────────────────────────────────────

/** Spec 001 §5: username 3–255 characters from letters, digits and @ . + - _. */
export const Username = z
  .string({ error: VALIDATION.required })
  .trim()
  .min(LIMITS.usernameMin, VALIDATION.betweenChars(LIMITS.usernameMin, LIMITS.usernameMax))
  .max(LIMITS.usernameMax, VALIDATION.betweenChars(LIMITS.usernameMin, LIMITS.usernameMax))
  .regex(/^[A-Za-z0-9@.+\-_]+$/, VALIDATION.usernameCharacters);

/** Spec 001 §5 person names: 2–255 characters. */
const PersonName = z
  .string({ error: VALIDATION.required })
  .trim()
  .min(LIMITS.personNameMin, VALIDATION.betweenChars(LIMITS.personNameMin, LIMITS.personNameMax))
  .max(LIMITS.personNameMax, VALIDATION.betweenChars(LIMITS.personNameMin, LIMITS.personNameMax));
/** Spec 001 §5: the first name starts with an uppercase letter. */
export const FirstName = PersonName.regex(/^\p{Lu}/u, VALIDATION.firstNameUppercase);
export const LastName = PersonName;

/** Spec 001 §5: e-mail must be valid ("Invalid email format"); unique per user (checked by the core). */
export const UserEmail = z
  .email({ error: (issue) => (issue.input === undefined ? VALIDATION.required : VALIDATION.invalidEmail) })
  .max(LIMITS.genericNameMax, VALIDATION.max255);

/** Spec 001 §5: user label at most 30 characters (blank: none). */
export const UserLabel = z.string().trim().max(LIMITS.userLabelMax, VALIDATION.maxChars(LIMITS.userLabelMax)).nullable();

/** Spec 001 §5: a user needs at least one inventory. */
const InventoryIds = z.array(Id).min(1, VALIDATION.userInventoryRequired).max(200);
const GroupIds = z.array(Id).max(500);

/**
 * Spec 001 §5 new password: at least 8 characters, with an upper-case letter, a lower-case letter,
 * and a digit and/or a punctuation character. The current user's own password change uses the
 * same rule.
 */
export function meetsPasswordRule(v: string): boolean {
  return v.length >= LIMITS.passwordMin && /\p{Lu}/u.test(v) && /\p{Ll}/u.test(v) && /[\p{N}\p{P}\p{S}]/u.test(v);
}
export const NewPassword = z
  .string({ error: VALIDATION.required })
  .min(1, VALIDATION.required)
  .max(1024, VALIDATION.maxChars(1024))
  .refine(meetsPasswordRule, VALIDATION.passwordRule)
  .meta(
    statesRules({
      field: '',
      message: VALIDATION.passwordRule,
      rule: 'at least 8 characters with an upper and a lower case letter and a digit or punctuation, in any order (001 §5)',
    }),
  );

/** Both entries of a new password (spec 001 §5: "the two entries must match"); the mismatch is on the confirmation. */
export const passwordsMatch = (b: { password?: string | undefined; passwordConfirmation?: string | undefined }, ctx: z.RefinementCtx): void => {
  if (b.password !== undefined && b.passwordConfirmation !== b.password) {
    ctx.addIssue({ code: 'custom', path: ['passwordConfirmation'], message: VALIDATION.passwordsMustMatch });
  }
};
/** The rule `passwordsMatch` applies, as the document states it. */
export const PASSWORDS_MATCH_RULE = { field: 'passwordConfirmation', message: VALIDATION.passwordsMustMatch, rule: 'equal to password (001 §5)' } as const;

// ── answers ────────────────────────────────────────────────────────────────────────────────────

export const UserInventoryRef = z.object({ id: Id, name: z.string() });
export type UserInventoryRef = z.infer<typeof UserInventoryRef>;
export const UserGroupRef = z.object({ id: Id, name: z.string(), inventoryId: Id, inventoryName: z.string() });
export type UserGroupRef = z.infer<typeof UserGroupRef>;

/**
 * One user as the /users list shows it (also the `user.changed` event's row): identity, type,
 * label, state, the SSO/enterprise mark (`managedExternally`: read-only in the console), the
 * password expiry policy, the user's inventories (by name) and the number of their groups.
 */
export const UserAccount = CurrentUser.pick({
  id: true,
  username: true,
  email: true,
  firstName: true,
  lastName: true,
  userType: true,
  roles: true,
  userLabel: true,
}).extend({
  active: z.boolean(),
  sso: z.boolean(),
  enterprise: z.boolean(),
  /** SSO or enterprise: managed only by an IT admin (spec 001 §6). */
  managedExternally: z.boolean(),
  onDemandActivation: z.boolean(),
  receiveUpdates: z.boolean(),
  passwordExpiryPolicy: PasswordExpiryPolicy,
  passwordExpiresAt: IsoDate.nullable(),
  inventories: z.array(UserInventoryRef),
  groupCount: z.number().int().nonnegative(),
  lastLoginAt: IsoDate.nullable(),
  createdAt: IsoDate,
  updatedAt: IsoDate,
  version: z.number().int().nonnegative(),
});
export type UserAccount = z.infer<typeof UserAccount>;

/** A user with their groups (the edit form's current values; `version` for the update). */
export const UserAccountDetail = UserAccount.extend({ groups: z.array(UserGroupRef) });
export type UserAccountDetail = z.infer<typeof UserAccountDetail>;

export const USER_SEARCH_KEYS = ['username', 'name', 'email'] as const;
export const USER_SORT_KEYS = ['username', 'firstName', 'lastName', 'email', 'userType', 'userLabel', 'active', 'createdAt', 'lastLoginAt'] as const;

/**
 * GET v2/users: a page of the users the caller may see (users of the caller's inventories; super
 * user and staff: all), 50 by default (spec 001 §9 search 50). `searchKey` name matches first or
 * last name (every word of the value must match one of them); `inventoryId` keeps the users of one
 * inventory.
 */
export const UserSearchQuery = z
  .object({
    offset: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
    limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.unitSearchDefaultPageSize),
    searchKey: z.enum(USER_SEARCH_KEYS).default('username'),
    searchValue: z.string().max(LIMITS.genericNameMax).optional(),
    sortBy: z.enum(USER_SORT_KEYS).default('username'),
    sortDir: SortDir.default('asc'),
    inventoryId: Id.optional(),
  })
  .strict();
export type UserSearchQuery = z.infer<typeof UserSearchQuery>;
export const UserAccountPage = pageOf(UserAccount);
export type UserAccountPage = z.infer<typeof UserAccountPage>;

// ── requests ───────────────────────────────────────────────────────────────────────────────────

/**
 * POST v2/users: a new user of the caller's inventories, with a password (both entries) and the
 * password expiry policy (never, 3, 6 or 12 months). The caller cannot give a type above their own
 * (see canManageUserType in roles.ts). The new user joins the caller's organisation, whose
 * `maxUsers` bounds its active users ("No available user license"; 0 means no limit).
 */
export const CreateUserBody = z
  .object({
    username: Username,
    firstName: FirstName,
    lastName: LastName,
    email: UserEmail,
    userType: Role,
    userLabel: UserLabel.optional(),
    inventoryIds: InventoryIds,
    groupIds: GroupIds.optional(),
    password: NewPassword,
    passwordConfirmation: z.string().max(1024),
    passwordExpiryPolicy: PasswordExpiryPolicy.default('never'),
    onDemandActivation: z.boolean().default(false),
    receiveUpdates: z.boolean().default(false),
    active: z.boolean().default(true),
  })
  .strict()
  .superRefine(passwordsMatch)
  .meta(statesRules(PASSWORDS_MATCH_RULE));
export type CreateUserBody = z.infer<typeof CreateUserBody>;

/**
 * PUT v2/users/{id}: identity, type, label, flags, expiry policy and (optionally) inventories.
 * Omitted fields stay; `version` (when given) is the user's, stale → 409. A changed expiry policy
 * restarts the expiry from now. Inventories replace those the caller manages (a non-global
 * admin's own; the user's other inventories stay).
 */
export const UpdateUserBody = z
  .object({
    username: Username.optional(),
    firstName: FirstName.optional(),
    lastName: LastName.optional(),
    email: UserEmail.optional(),
    userType: Role.optional(),
    userLabel: UserLabel.optional(),
    inventoryIds: InventoryIds.optional(),
    passwordExpiryPolicy: PasswordExpiryPolicy.optional(),
    onDemandActivation: z.boolean().optional(),
    receiveUpdates: z.boolean().optional(),
    version: Version.optional(),
  })
  .strict();
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;

/** PUT v2/users/{id}/active: deactivate (sessions end at once) or activate (needs a free user license). */
export const SetUserActiveBody = z.object({ active: z.boolean(), version: Version.optional() }).strict();
export type SetUserActiveBody = z.infer<typeof SetUserActiveBody>;

/** PUT v2/users/{id}/password: an admin sets a new password (both entries); the expiry restarts. */
export const SetUserPasswordBody = z
  .object({ password: NewPassword, passwordConfirmation: z.string().max(1024) })
  .strict()
  .superRefine(passwordsMatch)
  .meta(statesRules(PASSWORDS_MATCH_RULE));
export type SetUserPasswordBody = z.infer<typeof SetUserPasswordBody>;

/** PUT v2/users/{id}/inventories: the user's inventories among those the caller manages (at least one in all). */
export const SetUserInventoriesBody = z.object({ inventoryIds: InventoryIds }).strict();
export type SetUserInventoriesBody = z.infer<typeof SetUserInventoriesBody>;

/** PUT v2/users/{id}/groups: the user's groups among those the caller sees (each of one of the user's inventories). */
export const SetUserGroupsBody = z.object({ groupIds: GroupIds }).strict();
export type SetUserGroupsBody = z.infer<typeof SetUserGroupsBody>;

/** DELETE v2/users/{id}. */
/**
 * GET v2/users/licences: the user licences of the caller's organisation (spec 001 §3 Organisation
 * "max users", §8 "no available user license"): what a new or re-activated user takes. Only active
 * users count. `maxUsers` and `available` are null when there is no limit (no organisation, or its
 * max users 0).
 */
export const UserLicences = z.object({
  organisationId: Id.nullable(),
  maxUsers: z.number().int().positive().nullable(),
  activeUsers: z.number().int().nonnegative(),
  available: z.number().int().nonnegative().nullable(),
});
export type UserLicences = z.infer<typeof UserLicences>;

export const UserDeleted = z.object({ id: Id, deleted: z.literal(true) });
export type UserDeleted = z.infer<typeof UserDeleted>;
