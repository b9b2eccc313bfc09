import { z } from 'zod';
import { TOAST_VARIANTS } from '../enum-values.js';
import { Id } from './common.js';

/** client_notifications/fetch item (spec 001 §3 Notification: expireDate, globalNotification). */
export const ClientNotification = z.object({
  id: Id,
  message: z.string(),
  expireDate: z.string().nullable(),
  globalNotification: z.boolean(),
  /** How the banner shows it: the toast variants (a system message's level). */
  level: z.enum(TOAST_VARIANTS),
  /** Computed by the core at fetch time: expires within 2 h / within 24 h (spec 000 §2). */
  expiresWithin2h: z.boolean(),
  expiresWithin24h: z.boolean(),
});
export type ClientNotification = z.infer<typeof ClientNotification>;
