/**
 * The current user as the console keeps it (GET users/current, and the answers that replace it: the
 * log-in's read, the poll, the account's save). A core may answer it partly — a field left out, null,
 * or of another kind — and signing in must still work: `readCurrentUser` fills each such field with
 * what grants nothing and breaks nothing (no role, no group, no inventory, the default settings) and
 * remembers which it filled (`userGaps`), so the frame can say so (shell/PartialUserNotice). Roles the
 * console does not know are dropped: an unknown role grants nothing.
 */
import { ROLES } from '@fleet/contracts';
import type { CurrentUser, Role } from '@fleet/contracts';
import { callEndpoint } from '../api/client';
import type { CallOptions } from '../api/client';

/** A field of the current user the answer did not give as the contract says (what the notice names). */
export type UserGap = 'userType' | 'roles' | 'groups' | 'inventories' | 'props' | 'wsBatchSize' | 'wsLibrary' | 'names';

const KNOWN_ROLES: ReadonlySet<string> = new Set(ROLES);

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && KNOWN_ROLES.has(value);
}

/**
 * The user type of a user whose answer gave none the console knows and no known role either: a code no
 * guard and no role list holds, so it grants nothing (`rolesOf` leaves it out).
 */
const NO_ROLE = '' as Role;

const gaps = new WeakMap<CurrentUser, readonly UserGap[]>();

/** The fields `readCurrentUser` had to fill for this user (none for a whole answer). */
export function userGaps(user: CurrentUser): readonly UserGap[] {
  return gaps.get(user) ?? [];
}

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The items of a list that have a string id (and name, where given), each once; `null` when the value is no list. */
function refs<T extends { id: string }>(value: unknown, make: (item: Loose, id: string) => T): T[] | null {
  if (!Array.isArray(value)) return null;
  const seen = new Set<string>();
  const out: T[] = [];
  for (const item of value) {
    if (!isObject(item)) continue;
    const id = text(item.id);
    if (id === null || id === '' || seen.has(id)) continue;
    seen.add(id);
    out.push(make(item, id));
  }
  return out;
}

/** The current user from an answer of users/current (or of its update), each missing or unreadable field filled as above. */
export function readCurrentUser(answer: unknown): CurrentUser {
  const a = isObject(answer) ? answer : {};
  const missing: UserGap[] = [];
  const gap = (field: UserGap) => {
    if (!missing.includes(field)) missing.push(field);
  };

  const roles = Array.isArray(a.roles) ? a.roles.filter(isRole) : null;
  if (roles === null) gap('roles');
  const knownRoles = roles ?? [];
  let userType: Role;
  if (isRole(a.userType)) userType = a.userType;
  else {
    gap('userType');
    userType = knownRoles[0] ?? NO_ROLE;
  }

  const inventories = refs(a.inventories, (item, id) => ({ id, name: text(item.name) ?? id }));
  if (inventories === null) gap('inventories');
  const groups = refs(a.groups, (item, id) => ({ id, name: text(item.name) ?? id, inventoryId: text(item.inventoryId) ?? '' }));
  if (groups === null) gap('groups');

  const p = isObject(a.props) ? a.props : null;
  if (p === null) gap('props');
  const props = p ?? {};
  const wsLibrary = text(props.wsLibrary);
  if (p !== null && wsLibrary === null) gap('wsLibrary');
  const batch = props.wsBatchSize;
  const wsBatchSize = typeof batch === 'number' && Number.isInteger(batch) && batch > 0 ? batch : null;
  // Null is the contract's "the default 50"; absent or of another kind, the default too, and said.
  if (p !== null && batch !== null && wsBatchSize === null) gap('wsBatchSize');
  const strings = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

  const firstName = text(a.firstName);
  const lastName = text(a.lastName);
  if (firstName === null || lastName === null) gap('names');

  const user: CurrentUser = {
    id: text(a.id) ?? '',
    username: text(a.username) ?? '',
    email: text(a.email),
    firstName: firstName ?? '',
    lastName: lastName ?? '',
    userType,
    userLabel: text(a.userLabel),
    roles: knownRoles,
    inventories: inventories ?? [],
    groups: groups ?? [],
    passwordExpiresAt: text(a.passwordExpiresAt),
    props: {
      loggedUserRoles: Array.isArray(props.loggedUserRoles) ? props.loggedUserRoles.filter(isRole) : [],
      services: strings(props.services),
      wsLibrary: wsLibrary ?? '',
      activeFeatures: strings(props.activeFeatures),
      hasGraphics: props.hasGraphics === true,
      ifbStatus: text(props.ifbStatus) ?? '',
      wsBatchSize,
    },
  };
  if (missing.length > 0) gaps.set(user, missing);
  return user;
}

/** Every role of the user that the console knows: the user type and the role list. */
export function rolesOf(user: Pick<CurrentUser, 'roles' | 'userType'>): Role[] {
  return [...new Set<Role>([user.userType, ...(user.roles ?? [])])].filter(isRole);
}

/** GET users/current, read as the console keeps it (a partial answer still signs in). */
export async function fetchCurrentUser(options: CallOptions = {}): Promise<CurrentUser> {
  // The answer is read field by field: a core may leave out what the contract calls required.
  return readCurrentUser(await callEndpoint('getCurrentUser', {}, { ...options, checkResponse: false }));
}
