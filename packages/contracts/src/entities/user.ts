import { z } from 'zod';
import { Language, Role } from '../enums.js';
import { DEFAULT_ALERT_SETTINGS, DEFAULT_ALERT_SOUND_SETTINGS, DEFAULTS, LIMITS } from '../constants.js';
import { Id } from './common.js';
import { RULES } from '../rule-messages.js';
import { statesRules } from '../validation.js';

export const InventoryRef = z.object({ id: Id, name: z.string() });
export const GroupRef = z.object({ id: Id, name: z.string(), inventoryId: Id });

/** Current user details (spec 000 §7, 001 §3 User and "User props"). */
export const CurrentUser = z.object({
  id: Id,
  username: z.string(),
  email: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  userType: Role,
  userLabel: z.string().nullable(),
  roles: z.array(Role),
  inventories: z.array(InventoryRef),
  groups: z.array(GroupRef),
  passwordExpiresAt: z.string().nullable(),
  /** User props of spec 001 §3. */
  props: z.object({
    loggedUserRoles: z.array(Role),
    services: z.array(z.string()),
    wsLibrary: z.string(),
    activeFeatures: z.array(z.string()),
    hasGraphics: z.boolean(),
    ifbStatus: z.string(),
    /** Subscription batch size override (spec 001 §7), null for the default 50. */
    wsBatchSize: z.number().int().positive().nullable(),
  }),
});
export type CurrentUser = z.infer<typeof CurrentUser>;

export const LoginBody = z.object({
  username: z.string().min(1).max(LIMITS.usernameMax),
  password: z.string().min(1).max(1024),
});
export const LoginResult = z.object({ user: CurrentUser });

/** Grid preferences (column widths, sortState) per grid id. */
export const GridPrefs = z.record(
  z.string(),
  z.object({
    columnWidths: z.record(z.string(), z.number().nonnegative()).optional(),
    sortState: z
      .object({ column: z.string(), direction: z.enum(['asc', 'desc']) })
      .nullable()
      .optional(),
  }),
);

/** A list's filter values: any JSON (the list decides what its filters mean). */
const ListFilters = z.record(z.string(), z.json());

/** Whether the runtime knows this IANA time zone (a zone name the console's list offers). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The console's colour scheme choices (a console preference beside the spec's): the system's, light or dark. */
export const COLOR_SCHEME_PREFERENCES = ['auto', 'light', 'dark'] as const;
export const ColorSchemePreference = z.enum(COLOR_SCHEME_PREFERENCES);
export type ColorSchemePreference = z.infer<typeof ColorSchemePreference>;

/** Spec 000 §3 "Preferences (per user)" — every field optional, unknown keys refused. */
export const UserPreferences = z
  .object({
    groupId: z.string().nullable(),
    inventoryId: z.string().nullable(),
    inventoryName: z.string().nullable(),
    gridPrefs: GridPrefs,
    filters: z
      .object({
        devices: ListFilters,
        channels: ListFilters,
        files: ListFilters,
        manage: ListFilters,
        videoReturn: ListFilters,
      })
      .partial(),
    filtersOpen: z
      .object({
        devices: z.boolean(),
        channels: z.boolean(),
        files: z.boolean(),
        manage: z.boolean(),
        videoReturn: z.boolean(),
      })
      .partial(),
    unitAlertsSettings: z.record(z.string(), z.boolean()),
    unitAlertsSoundSettings: z.object({ critical: z.boolean(), warning: z.boolean() }),
    luSmartCountry: z.string().max(64),
    graphicsRegion: z.string().max(64).nullable(),
    currentRoute: z.string().max(2048).nullable(),
    leftPanelWidth: z.number().int().min(0).max(10000).nullable(),
    /**
     * The units on the user's Multiview wall, by uniqueId in the wall's order (a console preference beside the
     * spec's, as colorScheme): absent or null, the console's default wall. At most 64 ids (the console keeps 32).
     */
    multiviewWall: z.array(z.string().min(1).max(128)).max(64).nullable(),
    unitListExpanded: z.record(z.string(), z.boolean()),
    lastSelectedUnit: z.string().nullable(),
    zendeskChatHidden: z.boolean(),
    /** The password expiry (ISO time) whose warning the user dismissed (spec 000 §6 "unless dismissed"); a new expiry warns again. */
    passwordExpiryDismissed: z.string().max(64).nullable(),
    /** The IANA time zone the user reads times in (spec 000 §9 "a time-zone list is offered"); absent or null: the browser's. */
    timeZone: z
      .string()
      .max(64)
      .refine(isTimeZone, RULES.unknownTimeZone)
      .meta(statesRules({ field: '', message: RULES.unknownTimeZone, rule: 'an IANA time zone name the runtime knows' }))
      .nullable(),
    language: Language,
    /** The console's colour scheme: `auto` follows the operating system (absent: as this browser last had it). */
    colorScheme: ColorSchemePreference,
  })
  .partial()
  .strict();
export type UserPreferences = z.infer<typeof UserPreferences>;

/** Preferences a user has before saving any (spec 000 §3 fields, §9 defaults). */
export const DEFAULT_USER_PREFERENCES = {
  groupId: null,
  inventoryId: null,
  inventoryName: null,
  gridPrefs: {},
  filters: {},
  filtersOpen: {},
  unitAlertsSettings: { ...DEFAULT_ALERT_SETTINGS },
  unitAlertsSoundSettings: { ...DEFAULT_ALERT_SOUND_SETTINGS },
  luSmartCountry: DEFAULTS.luSmartCountry,
  graphicsRegion: null,
  currentRoute: null,
  leftPanelWidth: null,
  unitListExpanded: {},
  lastSelectedUnit: null,
  zendeskChatHidden: false,
  language: 'en',
} as const satisfies UserPreferences;
