/** Users: the current user's details and their update (spec 001 §5 user rules), preferences. */
import { nonEmpty } from '../../platform/storage/json-column.js';
import type { z } from 'zod';
import {
  DEFAULT_USER_PREFERENCES,
  ERROR_CATALOGUE,
  type CurrentUserUpdateBody,
  type UpdateUserContactBody,
  type UserContact,
  UserPreferences,
  type CurrentUser,
  type Role,
} from '@fleet/contracts';
import type { Db, Prisma } from '@fleet/db';
import { AppError } from '../../errors.js';
import type { Clock } from '../../platform/clock.js';
import type { AuthUser } from '../../platform/access.js';
import { callsOf } from '../../calls.js';
import { atVersion } from '../../platform/versioned-write.js';
import { userContact } from './user-columns.js';
import { presentUserIdentity } from './presenter.js';
import * as repo from './repository.js';

/** Preferences a user has before saving any (spec 000 §3, §9 defaults). */
export const DEFAULT_PREFERENCES: UserPreferences = DEFAULT_USER_PREFERENCES;

export class UserService {
  constructor(
    private readonly db: Db,
    private readonly wsLibrary: string,
    private readonly clock: Clock,
  ) {}

  async current(auth: AuthUser): Promise<CurrentUser> {
    const u = await repo.findCurrentUser(this.db, auth.id);
    if (!u) throw new AppError('NOT_FOUND');
    return {
      ...presentUserIdentity(u, auth.roles[0] as Role),
      userLabel: u.userLabel,
      roles: auth.roles,
      inventories: u.inventories.map((i) => ({ id: i.inventory.id, name: i.inventory.name })),
      groups: u.groups.map((g) => ({ id: g.group.id, name: g.group.name, inventoryId: g.group.inventoryId })),
      passwordExpiresAt: u.passwordExpiresAt ? u.passwordExpiresAt.toISOString() : null,
      props: {
        loggedUserRoles: auth.roles,
        services: [],
        wsLibrary: this.wsLibrary,
        activeFeatures: [],
        hasGraphics: false,
        ifbStatus: 'disabled',
        wsBatchSize: wsBatchSizeOf(u.props),
      },
    };
  }

  /**
   * PUT users/current: the caller's own names, e-mail and label. E-mail unique across users
   * ("Email used by another user"); enterprise users are managed only by their IT admin (spec 001
   * §6: "Not available for your user type"). `version` is the user's (stale → 409).
   */
  async updateCurrentUser(auth: AuthUser, body: z.infer<typeof CurrentUserUpdateBody>): Promise<void> {
    const user = await repo.findUserColumns(this.db, auth.id, { id: true, version: true, enterprise: true, email: true });
    if (!user) throw new AppError('NOT_FOUND');
    if (body.version !== undefined && body.version !== user.version) throw new AppError('CONFLICT');
    if (user.enterprise) throw new AppError('NOT_AVAILABLE_FOR_USER_TYPE');
    if (body.email !== undefined && body.email !== user.email) {
      // Compared as stored (the unique index decides too): addresses are kept as the user typed them.
      if (await repo.emailTaken(this.db, body.email, user.id)) throw emailInUse();
    }
    const data = {
      ...(body.firstName === undefined ? {} : { firstName: body.firstName }),
      ...(body.lastName === undefined ? {} : { lastName: body.lastName }),
      ...(body.email === undefined ? {} : { email: body.email }),
      ...(body.userLabel === undefined ? {} : { userLabel: body.userLabel }),
    };
    await atVersion(repo.updateUserAtVersion(this.db, user.id, user.version, data), { taken: emailInUse });
  }

  /** GET user/contact: the caller's names, e-mail, phone and company, and whether they can open a support case. */
  async userContact(user: AuthUser): Promise<UserContact> {
    const u = await repo.findUserColumns(this.db, user.id, { firstName: true, lastName: true, email: true, contact: true });
    if (!u) throw new AppError('NOT_FOUND');
    const contact = userContact.read(u.contact);
    return {
      userId: user.id,
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email,
      phone: nonEmpty(contact.phone),
      company: nonEmpty(contact.company),
      // Spec 000 §5: users without an e-mail address cannot open a support case.
      canOpenSupportCase: (u.email ?? nonEmpty(contact.email)) !== null,
    };
  }

  /**
   * POST user/contact: merge phone and company into the caller's contact (null or blank clears);
   * the answer is the contact as GET user/contact reads it.
   */
  async updateUserContact(user: AuthUser, body: z.infer<typeof UpdateUserContactBody>): Promise<UserContact> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const u = await repo.findUserColumns(this.db, user.id, { contact: true, version: true });
      if (!u) throw new AppError('NOT_FOUND');
      const contact = { ...userContact.read(u.contact) };
      for (const key of ['phone', 'company'] as const) {
        const v = body[key];
        if (v === undefined) continue;
        if (v === null || v.trim() === '') delete contact[key];
        else contact[key] = v.trim();
      }
      const count = await repo.updateUserAtVersion(this.db, user.id, u.version, { contact: userContact.write(contact) });
      if (count === 1) return this.userContact(user);
    }
    throw new AppError('CONFLICT');
  }

  /** The address support answers to: the account's e-mail, else the contact's (as GET user/contact). */
  async supportEmailOf(userId: string): Promise<string | null> {
    const u = await repo.findUserColumns(this.db, userId, { email: true, contact: true });
    return u?.email ?? nonEmpty(userContact.read(u?.contact).email);
  }

  async preferences(userId: string): Promise<UserPreferences> {
    const row = await repo.findUserPreferences(this.db, userId);
    return { ...DEFAULT_PREFERENCES, ...storedPreferences(row?.data) };
  }

  /**
   * Merge top-level fields into the stored preferences. Read-modify-write under a version check,
   * retried, so two concurrent saves of different fields both land.
   */
  async updatePreferences(userId: string, patch: UserPreferences): Promise<UserPreferences> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const row = await repo.findUserPreferences(this.db, userId);
      const merged = { ...storedPreferences(row?.data), ...patch };
      // Validated by the UserPreferences schema: plain JSON values only.
      const data = merged as Prisma.InputJsonObject;
      if (!row) {
        try {
          await repo.createUserPreferences(this.db, userId, data);
          return { ...DEFAULT_PREFERENCES, ...merged };
        } catch {
          continue; // created concurrently: merge again
        }
      }
      const count = await repo.updateUserPreferencesAtVersion(this.db, userId, row.version, data);
      if (count === 1) return { ...DEFAULT_PREFERENCES, ...merged };
    }
    throw new AppError('CONFLICT');
  }
}

/**
 * The user's websocket subscription batch size (spec 001 §7: default 50, overridable by a user
 * property): `props.wsBatchSize` (or `props.subscriptionBatchSize`) of the user row when it is a
 * positive integer, else null (the default applies).
 */
export function wsBatchSizeOf(props: unknown): number | null {
  if (typeof props !== 'object' || props === null) return null;
  const record = props as Record<string, unknown>;
  const v = record.wsBatchSize ?? record.subscriptionBatchSize;
  return typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 1000 ? v : null;
}

/** Stored preferences are re-validated; a field that no longer fits the schema is dropped. */
function storedPreferences(data: unknown): UserPreferences {
  if (typeof data !== 'object' || data === null) return {};
  const out: Record<string, unknown> = {};
  const shape = UserPreferences.shape;
  for (const [k, v] of Object.entries(data)) {
    const field = shape[k as keyof typeof shape];
    if (field && field.safeParse(v).success) out[k] = v;
  }
  return out as UserPreferences;
}

/** The calls UserService answers. */
export const userCalls = callsOf<UserService>()({
  getUserContact: (s, _input, user) => s.userContact(user),
  updateUserContact: (s, { body }, user) => s.updateUserContact(user, body),
  updateCurrentUser: async (s, { body }, user) => {
    await s.updateCurrentUser(user, body);
    return s.current(user);
  },
  getUserPreferences: (s, _input, user) => s.preferences(user.id),
  updateUserPreferences: (s, { body }, user) => s.updatePreferences(user.id, body),
  getCurrentUser: (s, _input, user) => s.current(user),
});

function emailInUse(): AppError {
  return new AppError('EMAIL_IN_USE', [{ path: 'body.email', message: ERROR_CATALOGUE.EMAIL_IN_USE.message }]);
}
