/**
 * The navigation menu of spec 000 §2, in its order. Items point at routes of the table; an item is
 * shown only when the route guard would open it for the user ({@link visibleMenu}) and, for a
 * feature of a managed service, while the current inventory's service is not off (serviceGates.ts).
 */
import { PLATFORM_ADMIN_ROLES, hasAnyRole } from '@fleet/contracts';
import type en from '../i18n/en.json';
import { canOpen } from '../routing/decideRoute';
import type { RouteUser } from '../routing/decideRoute';
import { NO_GATES, type FeatureOff, type GatedFeature } from './serviceGates';

/** Menu entry ids: the i18n key is `menu.<id>`, the data-testid `nav-<id>`. */
export type MenuId = keyof typeof en.menu;

export interface MenuLink {
  readonly type: 'link';
  readonly id: MenuId;
  readonly to: string;
  /** Shown only against the mock (its capability probe answered): a real core has no such screen. */
  readonly mockOnly?: true;
  /** A feature of a managed service: hidden while the current inventory's service is off. */
  readonly feature?: GatedFeature;
}

export interface MenuGroup {
  readonly type: 'group';
  readonly id: MenuId;
  readonly items: readonly MenuEntry[];
}

export type MenuEntry = MenuLink | MenuGroup;

/** The mock's Simulator panel (routing/routes.ts `simulator`). */
export const SIMULATOR_PATH = '/simulator';

const link = (id: MenuId, to: string, more: Partial<Pick<MenuLink, 'mockOnly' | 'feature'>> = {}): MenuLink => ({ type: 'link', id, to, ...more });
const group = (id: MenuId, items: readonly MenuEntry[]): MenuGroup => ({ type: 'group', id, items });

export const MENU: readonly MenuEntry[] = [
  group('units', [link('unitList', '/list'), link('multiview', '/multiview'), link('fileUpload', '/file_upload'), link('map', '/map')]),
  link('files', '/files'),
  link('stories', '/stories'),
  group('manage', [
    link('devices', '/devices'),
    link('channels', '/channels'),
    link('videoReturn', '/video_return'),
    link('users', '/users'),
    group('shares', [link('publishers', '/manage/shares/publishers'), link('subscribers', '/manage/shares/subscribers')]),
    link('usageProfiles', '/usage_profiles'),
    link('groups', '/groups'),
    link('softwareVersions', '/sw_version'),
    link('audioConnect', '/audio_rooms', { feature: 'audioConnect' }),
    link('myGraphics', '/my_graphics', { feature: 'myGraphics' }),
  ]),
  group('services', [
    link('inventoryServices', '/inventory_services'),
    link('unitLicenseActivation', '/unit_license_activation'),
    link('usageReports', '/reports'),
  ]),
  link('contractor', '/entities'),
  group('support', [link('partnerRemoteActions', '/remote_actions')]),
  group('supportStaff', [
    link('clientApplication', '/system_settings/client_application'),
    link('modemsVendorModel', '/system_settings/modem_vendor'),
    // The spec names no route for IFB servers: the multimedia hub list kept to IFB-capable hubs, with their IFB mode.
    link('ifbServers', '/system_entities/mmh_servers?ifb=1'),
    link('systemEntities', '/system_entities'),
    link('systemSettings', '/system_settings'),
    link('adminRemoteActions', '/remote_actions'),
    link('accessApproval', '/access_approvals'),
    link('whatsNew', '/whats_new'),
    link('batchUpgrade', '/batch_upgrade'),
  ]),
  // Not in the spec: the mock's Simulator panel (scenarios, recordings, replays, the clock).
  link('simulator', SIMULATOR_PATH, { mockOnly: true }),
];

/** What the menu knows beyond the user: whether the console runs against the mock, which service features are off. */
export interface MenuContext {
  readonly mock: boolean;
  /** Features whose managed service is off for the current inventory (none when not given). */
  readonly featureOff?: FeatureOff;
}

const REAL_CORE: MenuContext = { mock: false };

/**
 * Which "Remote Actions" entry a user sees: super users the admin one (support-staff section),
 * partners the Support one. Both open /remote_actions, whose page shows the matching view.
 */
function remoteActionsEntryVisible(id: MenuId, user: RouteUser): boolean {
  const admin = hasAnyRole(user.roles, PLATFORM_ADMIN_ROLES);
  if (id === 'adminRemoteActions') return admin;
  if (id === 'partnerRemoteActions') return !admin;
  return true;
}

/**
 * The menu as one user sees it: entries the guards deny are removed, then empty groups; mock-only
 * entries stay only when `context.mock` (the probe answered; a real core by default); entries of a
 * managed service only while `context.featureOff` does not name them.
 */
export function visibleMenu(user: RouteUser | null, entries: readonly MenuEntry[] = MENU, context: MenuContext = REAL_CORE): MenuEntry[] {
  if (!user) return [];
  const out: MenuEntry[] = [];
  for (const entry of entries) {
    if (entry.type === 'link') {
      // A link may carry a query (the IFB servers' filter): the route is its path.
      if (entry.mockOnly && !context.mock) continue;
      if (entry.feature !== undefined && (context.featureOff ?? NO_GATES)(entry.feature)) continue;
      if (canOpen(user, entry.to.split('?')[0] ?? entry.to) && remoteActionsEntryVisible(entry.id, user)) out.push(entry);
    } else {
      const items = visibleMenu(user, entry.items, context);
      if (items.length > 0) out.push({ ...entry, items });
    }
  }
  return out;
}

/** Every link id of the menu (flattened), for tests and the i18n check. */
export function menuIds(entries: readonly MenuEntry[] = MENU): MenuId[] {
  return entries.flatMap((entry) => (entry.type === 'group' ? [entry.id, ...menuIds(entry.items)] : [entry.id]));
}
