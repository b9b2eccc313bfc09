/** Current user details, preferences and client notifications. */
import {
  DEFAULT_USER_PREFERENCES, Role as RoleSchema, TIMINGS, UserPreferences,
  type ClientNotification, type CurrentUser, type Role,
} from '@fleet/contracts';
import type { Db, Prisma } from '@fleet/db';
import { AppError } from '../errors.js';
import type { AuthUser } from './access.js';

/** Preferences a user has before saving any (spec 000 §3, §9 defaults). */
export const DEFAULT_PREFERENCES: UserPreferences = DEFAULT_USER_PREFERENCES;

export class UserService {
  constructor(
    private readonly db: Db,
    private readonly wsLibrary: string,
  ) {}

  async current(auth: AuthUser): Promise<CurrentUser> {
    const u = await this.db.user.findUnique({
      where: { id: auth.id },
      include: {
        inventories: { include: { inventory: { select: { id: true, name: true } } } },
        groups: { include: { group: { select: { id: true, name: true, inventoryId: true } } } },
      },
    });
    if (!u) throw new AppError('NOT_FOUND');
    const userType = RoleSchema.safeParse(u.userType);
    return {
      id: u.id,
      username: u.username,
      email: u.email,
      firstName: u.firstName,
      lastName: u.lastName,
      userType: userType.success ? userType.data : (auth.roles[0] as Role),
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

  async preferences(userId: string): Promise<UserPreferences> {
    const row = await this.db.userPreference.findUnique({ where: { userId } });
    return { ...DEFAULT_PREFERENCES, ...storedPreferences(row?.data) };
  }

  /**
   * Merge top-level fields into the stored preferences. Read-modify-write under a version check,
   * retried, so two concurrent saves of different fields both land.
   */
  async updatePreferences(userId: string, patch: UserPreferences): Promise<UserPreferences> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const row = await this.db.userPreference.findUnique({ where: { userId } });
      const merged = { ...storedPreferences(row?.data), ...patch };
      // Validated by the UserPreferences schema: plain JSON values only.
      const data = merged as Prisma.InputJsonObject;
      if (!row) {
        try {
          await this.db.userPreference.create({ data: { userId, data } });
          return { ...DEFAULT_PREFERENCES, ...merged };
        } catch {
          continue; // created concurrently: merge again
        }
      }
      const { count } = await this.db.userPreference.updateMany({
        where: { userId, version: row.version },
        data: { data, version: { increment: 1 } },
      });
      if (count === 1) return { ...DEFAULT_PREFERENCES, ...merged };
    }
    throw new AppError('CONFLICT');
  }

  async notifications(auth: AuthUser, now = Date.now()): Promise<ClientNotification[]> {
    const rows = await this.db.notification.findMany({
      where: {
        AND: [
          { OR: [{ expireDate: null }, { expireDate: { gt: new Date(now) } }] },
          auth.global ? {} : { OR: [{ globalNotification: true }, { inventoryId: { in: auth.inventoryIds } }] },
        ],
      },
      orderBy: { createdAt: 'desc' },
    });
    return rows.map((n) => {
      const left = n.expireDate ? n.expireDate.getTime() - now : Number.POSITIVE_INFINITY;
      return {
        id: n.id,
        message: n.message,
        expireDate: n.expireDate ? n.expireDate.toISOString() : null,
        globalNotification: n.globalNotification,
        expiresWithin2h: left <= TIMINGS.notificationExpiringSoonMs,
        expiresWithin24h: left <= TIMINGS.notificationExpiringDayMs,
      };
    });
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
