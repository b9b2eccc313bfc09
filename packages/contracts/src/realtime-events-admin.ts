/**
 * The /ws events of the platform's administration (realtime-events.ts joins them into the one
 * union): managed services, system settings, what's new, system devices and entities, system
 * messages and access approvals.
 */
import { z } from 'zod';
import { ManagedService } from './entities/managed-services.js';
import { WhatsNewEntry } from './entities/whats-new.js';
import { SYSTEM_ENTITY_KINDS } from './realtime-values.js';

// ── Managed services ────────────────────────────────────────────────────────────────────────────
/**
 * A managed service of an inventory changed: an admin change, a trial started, or a trial or
 * service ran out (announced by the core's expiry sweep, as the state is computed at read time);
 * topics: the inventory and its groups. Consoles replace the card; a feature gate reads `usable`.
 */
export const ManagedServiceChangedEvent = z.object({ type: z.literal('managedService.changed'), service: ManagedService, at: z.number().int() });
// ── end of managed services ─────────────────────────────────────────────────────────────────────

// ── System settings ─────────────────────────────────────────────────────────────────────────────
/** The /system_settings kinds (spec 001 §2), as the console's tabs name them. */
export const SYSTEM_SETTING_KINDS = [
  'client_application',
  'modem_vendor',
  'ai_settings',
  'stream_profile',
  'stream_providers',
  'stream_media_profile',
  'organization',
  'organization_inventory',
  'software_version',
  'software_version_product',
  'geocoding_profile',
  'application_configuration',
] as const;
export const SystemSettingKind = z.enum(SYSTEM_SETTING_KINDS);
export type SystemSettingKind = z.infer<typeof SystemSettingKind>;
/**
 * A platform setting was created, changed (`removed: false`) or deleted (`removed: true`). Settings
 * belong to no inventory and only the admin console reads them, so the event says only which row
 * changed (nothing a non-admin may not know): it goes to every inventory's topics (every console
 * follows at least one) and an admin console reads the row again through its role-checked call.
 */
export const SystemSettingChangedEvent = z.object({
  type: z.literal('systemSetting.changed'),
  kind: SystemSettingKind,
  id: z.string(),
  removed: z.boolean(),
  at: z.number().int(),
});
// ── end of system settings ──────────────────────────────────────────────────────────────────────

// ── What's new ──────────────────────────────────────────────────────────────────────────────────
/** A what's new entry was created or changed (published, taken back, edited); topics: every inventory and group (it concerns every user). */
export const WhatsNewChangedEvent = z.object({ type: z.literal('whatsNew.changed'), entry: WhatsNewEntry, at: z.number().int() });
/** A what's new entry was deleted; topics: every inventory and group. */
export const WhatsNewRemovedEvent = z.object({ type: z.literal('whatsNew.removed'), whatsNewId: z.string(), at: z.number().int() });
// ── end of what's new ───────────────────────────────────────────────────────────────────────────
// ── System devices (admin servers, databridge gateways) ─────────────────────────────────────────
/**
 * A server or databridge gateway was created, changed (`removed: false`) or deleted (`removed:
 * true`) by the system admin console. As `systemSetting.changed`: it says only which row changed,
 * goes to every inventory's topics (and their groups'), and an admin console reads its list again
 * through the role-checked call. (Servers are also announced as `server.changed` to their own topics.)
 */
export const SystemDeviceChangedEvent = z.object({
  type: z.literal('systemDevice.changed'),
  kind: z.enum(['server', 'dbGateway']),
  id: z.string(),
  removed: z.boolean(),
  at: z.number().int(),
});
// ── end of system devices ───────────────────────────────────────────────────────────────────────
// ── System entities (ADMIN_TOPIC) ───────────────────────────────────────────────────────────────
export const SystemEntityKind = z.enum(SYSTEM_ENTITY_KINDS);
export type SystemEntityKind = z.infer<typeof SystemEntityKind>;
/**
 * Something of these kinds was stored (created, changed, deleted, associated), in any inventory;
 * topic: ADMIN_TOPIC only. It names kinds, not rows: the admin lists are server-sorted and paged,
 * so a console reads the pages of those kinds again. At most about one a second (the core folds
 * what is stored meanwhile into the next one).
 */
export const SystemEntitiesChangedEvent = z.object({
  type: z.literal('systemEntities.changed'),
  kinds: z.array(SystemEntityKind).min(1),
  at: z.number().int(),
});
// ── end of system entities ──────────────────────────────────────────────────────────────────────

// ── System messages and access approvals ───────────────────────────────────────────────────────
/** A system message was deleted, or no longer concerns these users (moved to another inventory); topics: those it concerned. */
export const NotificationRemovedEvent = z.object({ type: z.literal('notification.removed'), notificationId: z.string(), at: z.number().int() });
/**
 * An access approval was opened, revoked or used. Approvals are for the admin console only, so the
 * event names the approval and nothing more; it goes to every inventory's topics and an admin
 * console reads the approval again through its role-checked call.
 */
export const AccessApprovalChangedEvent = z.object({ type: z.literal('accessApproval.changed'), accessApprovalId: z.string(), at: z.number().int() });
// ── end of system messages and access approvals ─────────────────────────────────────────────────
