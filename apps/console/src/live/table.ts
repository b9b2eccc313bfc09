/**
 * The console's one table from realtime event kind to what it changes: every resource a feature
 * registers (its `live.ts`: the reads it patches or reads again, by the one version rule of
 * kit/cache), joined by realtime/liveRegistry. The realtime layer knows only the registry; this is
 * the one place that lists the features. Loaded with the first event (live/load.ts), not with the
 * console's frame: the features' patches import much of their logic.
 *
 * Order matters only where two resources patch the same read: none do today.
 */
import { liveTable } from '../realtime/liveRegistry';
import type { LiveResource } from '../realtime/liveRegistry';
import { accessApprovalsLive } from '../features/access-approvals/live';
import { audioRoomsLive } from '../features/audio-rooms/live';
import { channelsLive } from '../features/channels/live';
import { contractorListsLive } from '../features/contractor-entities/live';
import { p2pLinksLive, serversLive, upgradesLive } from '../features/devices/live';
import { filesLive } from '../features/files/live';
import { graphicsLive } from '../features/graphics/live';
import { groupsLive } from '../features/groups/live';
import { licencesLive } from '../features/licence-activation/live';
import { managedServicesLive } from '../features/managed-services/live';
import { markersLive } from '../features/map/live';
import { notificationCentreLive } from '../features/notification-centre/live';
import { remoteActionsLive } from '../features/remote-actions/live';
import { sharesLive } from '../features/shares/live';
import { softwareVersionsLive } from '../features/software-versions/live';
import { storiesLive } from '../features/stories/live';
import { adminEntitiesLive, entityStatusesLive, inventoryTabsLive, usersLive } from '../features/system-entities/live';
import { systemSettingsLive } from '../features/system-settings/live';
import { unitConfigurationLive } from '../features/unit-config/liveResource';
import { unitsLive } from '../features/units/live';
import { usageLive } from '../features/usage-profiles/live';
import { vrChannelsLive } from '../features/video-return/live';
import { whatsNewLive } from '../features/whats-new/live';
import { clientNotificationsLive } from '../notifications/live';

/** What the realtime provider itself follows (no cached read). */
const consoleLive: LiveResource = {
  resource: 'console',
  events: { 'config.changed': { screens: 'a changed websocket library reloads the page (provider)' } },
};

export const LIVE_RESOURCES: readonly LiveResource[] = [
  unitsLive,
  markersLive,
  unitConfigurationLive,
  upgradesLive,
  serversLive,
  channelsLive,
  vrChannelsLive,
  entityStatusesLive,
  p2pLinksLive,
  groupsLive,
  filesLive,
  clientNotificationsLive,
  whatsNewLive,
  storiesLive,
  audioRoomsLive,
  graphicsLive,
  sharesLive,
  usageLive,
  softwareVersionsLive,
  usersLive,
  remoteActionsLive,
  managedServicesLive,
  accessApprovalsLive,
  systemSettingsLive,
  licencesLive,
  adminEntitiesLive,
  inventoryTabsLive,
  contractorListsLive,
  notificationCentreLive,
  consoleLive,
];

export const LIVE_TABLE = liveTable(LIVE_RESOURCES);
