/**
 * The /users form's values and the bodies of its calls (POST v2/users, PUT v2/users/{id}, PUT
 * v2/users/{id}/password), checked with those calls' own catalogue body schemas in the spec's
 * words (checkSchema: specErrorMap), so the inline messages are the core's. No React here.
 */
import { canManageUserType, CreateUserBody, ROLES, SetUserPasswordBody, UpdateUserBody, VALIDATION } from '@fleet/contracts';
import type { PasswordExpiryPolicy, Role, UserAccountDetail } from '@fleet/contracts';
import { checkSchema } from '../../lib/forms/fieldErrors';
import type { FieldErrors } from '../../lib/forms/fieldErrors';

export type UserForm = Readonly<typeof EMPTY_USER_FORM>;

export const EMPTY_USER_FORM = {
  username: '',
  firstName: '',
  lastName: '',
  email: '',
  userType: 'luc_regular' as Role,
  userLabel: '',
  inventoryIds: [] as readonly string[],
  passwordExpiryPolicy: 'never' as PasswordExpiryPolicy,
  onDemandActivation: false,
  /** The user's agreement to receive updates (spec 001 §3 User). */
  receiveUpdates: false,
  /** Create only (an edit sets a new password through its own call). */
  password: '',
  passwordConfirmation: '',
};

/** A new user's form: the caller's only inventory chosen already when they have one. */
export function newUserForm(inventoryIds: readonly string[]): UserForm {
  return { ...EMPTY_USER_FORM, inventoryIds: inventoryIds.length === 1 ? [...inventoryIds] : [] };
}

/** An existing user's values; inventories limited to those the caller chooses from (the others stay on the server). */
export function userForm(user: UserAccountDetail, choosable: ReadonlySet<string>): UserForm {
  return {
    ...EMPTY_USER_FORM,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email ?? '',
    userType: user.userType,
    userLabel: user.userLabel ?? '',
    inventoryIds: user.inventories.map((i) => i.id).filter((id) => choosable.has(id)),
    passwordExpiryPolicy: user.passwordExpiryPolicy,
    onDemandActivation: user.onDemandActivation,
    receiveUpdates: user.receiveUpdates,
  };
}

/** Blank optional text → left out (email: sent as typed, its format is the schema's to judge). */
const label = (v: string) => (v.trim() === '' ? null : v);

/** The fields a new user and an edit share. */
function accountFields(values: UserForm) {
  return {
    username: values.username,
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email.trim() === '' ? undefined : values.email.trim(),
    userType: values.userType,
    userLabel: label(values.userLabel),
    inventoryIds: [...values.inventoryIds],
    passwordExpiryPolicy: values.passwordExpiryPolicy,
    onDemandActivation: values.onDemandActivation,
    receiveUpdates: values.receiveUpdates,
  };
}

export function createBody(values: UserForm): unknown {
  return { ...accountFields(values), password: values.password, passwordConfirmation: values.passwordConfirmation };
}

export function updateBody(values: UserForm, version: number): unknown {
  return { ...accountFields(values), version };
}

/** The spec's messages for a new user's form (every rule of 001 §5). */
export function checkCreate(values: UserForm): FieldErrors {
  return checkSchema(CreateUserBody, createBody(values));
}

/** An edit: an e-mail cannot be emptied (the schema would leave it out), so it is required here. */
export function checkUpdate(values: UserForm): FieldErrors {
  const errors = checkSchema(UpdateUserBody, updateBody(values, 0));
  return values.email.trim() === '' ? { ...errors, email: VALIDATION.required } : errors;
}

export const EMPTY_PASSWORD_FORM = { password: '', passwordConfirmation: '' };
export type PasswordForm = Readonly<typeof EMPTY_PASSWORD_FORM>;

export function checkPassword(values: PasswordForm): FieldErrors {
  return checkSchema(SetUserPasswordBody, values);
}

/** The user types the caller may give (spec 001 §6: none above their own; roles.ts canManageUserType). */
export function assignableTypes(callerRoles: readonly Role[]): Role[] {
  return ROLES.filter((role) => canManageUserType(callerRoles, [role]));
}

/** Whether the caller may change this user: not SSO/enterprise (an IT admin's), not above their own type. */
export function canEditUser(callerRoles: readonly Role[], user: Pick<UserAccountDetail, 'managedExternally' | 'roles' | 'userType'>): boolean {
  return !user.managedExternally && canManageUserType(callerRoles, [user.userType, ...user.roles]);
}
