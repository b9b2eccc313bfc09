/**
 * What the console reads about itself at start and every 5 minutes (spec 000 §7 client
 * configuration, application urls, fetch_features): the chat-support script, the websocket library
 * setting, feature flags (per group), and the application switcher's entries.
 */
import { anyObject, booleanMap } from '../../platform/storage/json-column.js';
import { TIMINGS, type ApplicationUrls, type ClientConfiguration, type GroupFeatures } from '@fleet/contracts';
import { AppError } from '../../errors.js';
import { visibleGroup, type AuthUser } from '../../platform/access.js';
import type { ServiceDeps } from '../deps.js';
import { callsOf } from '../../calls.js';
import { findUserColumns } from '../users/repository.js';
import * as repo from './repository.js';

/** Names shown by the application switcher (spec 000 §2). */
const APPLICATION_NAMES = { console: 'Console', videoReturnPortal: 'Video Return Portal', matrix: 'Matrix' } as const;

/** Keys of the application configuration (system settings > application_configuration) read here. */
const APP_CONFIG_KEYS = { chatSupport: 'chatSupport', features: 'features', applicationUrls: 'applicationUrls' } as const;

export class ClientConfigurationService {
  constructor(private readonly deps: ServiceDeps) {
    // PostgreSQL compares case-sensitively unless asked; SQLite's LIKE already ignores ASCII case.
  }

  /**
   * Client configuration: application configuration rows chatSupport { enabled, scriptUrl } and
   * features { flag: boolean }, the latter overlaid with the feature flags of the caller's current
   * group (when the caller can see it). The websocket library is the WS_LIBRARY setting, the one
   * value the user's props and the /ws hello also answer (a stored wsLibrary row is not read: a
   * second source is how the surfaces came to disagree).
   */
  async clientConfiguration(user: AuthUser): Promise<ClientConfiguration> {
    const [rows, me] = await Promise.all([
      repo.findApplicationConfigurationsByKeys(this.deps.db, [APP_CONFIG_KEYS.chatSupport, APP_CONFIG_KEYS.features]),
      findUserColumns(this.deps.db, user.id, { groupId: true }),
    ]);
    const value = (key: string) => anyObject.read(rows.find((r) => r.key === key)?.value);
    const chat = value(APP_CONFIG_KEYS.chatSupport);
    let features = booleanMap.read(value(APP_CONFIG_KEYS.features));
    if (me?.groupId) {
      const group = visibleGroup(this.deps.readModel, user, me.groupId);
      if (group) features = { ...features, ...booleanMap.read(group.features) };
    }
    return {
      chatSupport: { enabled: chat.enabled === true, scriptUrl: typeof chat.scriptUrl === 'string' ? chat.scriptUrl : null },
      wsLibrary: this.deps.config.WS_LIBRARY,
      features,
      pollIntervalMs: TIMINGS.pollIntervalMs,
      pollInitialDelayMs: { min: TIMINGS.pollInitialDelayMinMs, max: TIMINGS.pollInitialDelayMaxMs },
      enhancedUnitRefreshMs: TIMINGS.enhancedUnitRefreshMs,
      wsSubscriptionBatchSize: TIMINGS.wsSubscriptionBatchSize,
    };
  }

  async groupFeatures(user: AuthUser, groupId: string): Promise<GroupFeatures> {
    const group = visibleGroup(this.deps.readModel, user, groupId);
    if (!group) throw new AppError('NOT_FOUND');
    return { groupId, features: booleanMap.read(group.features) };
  }

  /**
   * Application switcher: urls from the application configuration row applicationUrls
   * { console?, videoReturnPortal?, matrix? }; the console defaults to "/" (the core serves it at
   * its root); a product without a url is not available.
   */
  async applicationUrls(): Promise<ApplicationUrls> {
    const row = await repo.findApplicationConfigurationByKey(this.deps.db, APP_CONFIG_KEYS.applicationUrls);
    const urls = anyObject.read(row?.value);
    const urlOf = (k: keyof typeof APPLICATION_NAMES): string | null => (typeof urls[k] === 'string' && urls[k] !== '' ? (urls[k] as string) : null);
    return {
      applications: (Object.keys(APPLICATION_NAMES) as (keyof typeof APPLICATION_NAMES)[]).map((id) => {
        const url = urlOf(id) ?? (id === 'console' ? '/' : null);
        return { id, name: APPLICATION_NAMES[id], url, available: url !== null };
      }),
    };
  }

  /** Groups the caller can see: all for global users, else their groups and their inventories' groups. */
}

// ── pure helpers ───────────────────────────────────────────────────────────────────────────

/** The calls UnitReadService answers. */

export const clientConfigurationCalls = callsOf<ClientConfigurationService>()({
  getClientConfiguration: (s, _input, user) => s.clientConfiguration(user),
  getApplicationUrls: (s, _input) => s.applicationUrls(),
  fetchFeatures: (s, { query }, user) => s.groupFeatures(user, query.groupId),
});
