/**
 * Every catalogue call bound to the service that answers it. A service declares its calls next to
 * itself (`callsOf`, src/calls.ts); this table says which service each declaration belongs to.
 * `Handlers` below does not compile while a declared call has no binding, and a test fails when
 * a call is bound twice.
 */
import type { EndpointId, EndpointOutput, EndpointParsed } from '@fleet/contracts';
import type { Answer, Call, CallsOf } from '../calls.js';
import type { AuthUser } from '../platform/access.js';
import type { Services } from '../services.js';
import { fileCalls } from '../modules/files/files.js';
import { invitationCalls } from '../modules/invitations/invitations.js';
import { joinCalls } from '../modules/invitations/joining.js';
import { inventoryChannelCalls } from '../modules/inventories/inventory-channels.js';
import { storyCalls } from '../modules/stories/stories.js';
import { inventoryCalls } from '../modules/inventories/inventories.js';
import { ingestAccountCalls } from '../modules/inventories/ingest-accounts.js';
import { unitCommandCalls } from '../modules/unit-configuration/commands.js';
import { unitUpdateCalls } from '../modules/unit-configuration/updates.js';
import { unitLinkUpdateCalls } from '../modules/unit-configuration/link-updates.js';
import { supportCaseCalls } from '../modules/remote-actions/support-cases.js';
import { unitLicenceCalls } from '../modules/units/unit-licences.js';
import { unitLifecycleCalls } from '../modules/units/unit-lifecycle.js';
import { unitSessionCalls } from '../modules/units/unit-sessions.js';
import { unitStorageCalls } from '../modules/units/unit-storage.js';
import { adminUnitCalls } from '../modules/units/admin-units.js';
import { adminUnitReadCalls } from '../modules/units/admin-unit-reads.js';
import { alertCalls } from '../modules/alerts/alerts.js';
import { clientConfigurationCalls } from '../modules/system-settings/client-configuration.js';
import { groupCalls } from '../modules/groups/groups.js';
import { groupMemberCalls } from '../modules/groups/group-members.js';
import { unitConfigurationReadCalls } from '../modules/unit-configuration/reads.js';
import { unitStreamCalls } from '../modules/units/unit-streams.js';
import { unitCalls } from '../modules/units/units.js';
import { userCalls } from '../modules/users/users.js';
import { serverConfigCalls } from '../modules/servers/server-configuration.js';
import { channelsCalls } from '../modules/channels/channels.js';
import { channelConfigCalls } from '../modules/channels/channel-configuration.js';
import { videoReturnCalls } from '../modules/video-return/video-return.js';
import { p2pCalls } from '../modules/p2p/p2p.js';
import { groupAlertCalls } from '../modules/groups/group-alerts.js';
import { userAccountCalls } from '../modules/users/user-accounts.js';
import { audioRoomCalls } from '../modules/audio-rooms/audio-rooms.js';
import { graphicsCalls } from '../modules/graphics/graphics.js';
import { remoteActionCalls } from '../modules/remote-actions/remote-actions.js';
import { shareCalls } from '../modules/shares/shares.js';
import { usageProfileCalls } from '../modules/usage/usage-profiles.js';
import { usageReportCalls } from '../modules/usage/usage-reports.js';
import { managedServiceCalls } from '../modules/inventories/managed-services.js';
import { licenceActivationCalls } from '../modules/units/licence-activations.js';
import { softwareVersionCalls } from '../modules/upgrades/software-versions.js';
import { upgradeCalls } from '../modules/upgrades/upgrades.js';
import { upgradeBatchCalls } from '../modules/upgrades/upgrade-batches.js';
import { adminServerCalls } from '../modules/servers/admin-servers.js';
import { databridgeGatewayCalls } from '../modules/servers/databridge-gateways.js';
import { organisationCalls } from '../modules/system-settings/organisations.js';
import { clientApplicationCalls } from '../modules/system-settings/client-applications.js';
import { modemVendorCalls } from '../modules/system-settings/modem-vendors.js';
import { aiCredentialCalls } from '../modules/system-settings/ai-credentials.js';
import { applicationConfigurationCalls } from '../modules/system-settings/application-configuration.js';
import { streamProviderCalls } from '../modules/system-settings/stream-providers.js';
import { streamMediaProfileCalls } from '../modules/system-settings/stream-media-profiles.js';
import { geocodingProfileCalls } from '../modules/system-settings/geocoding-profiles.js';
import { softwareVersionProductCalls } from '../modules/upgrades/software-version-products.js';
import { whatsNewCalls } from '../modules/system-settings/whats-new.js';
import { systemMessageCalls } from '../modules/system-settings/system-messages.js';
import { accessApprovalCalls } from '../modules/remote-actions/access-approvals.js';
import { accountCalls } from '../modules/users/account.js';

/** What the route hands a handler besides the input. */
export interface HandlerContext {
  user: AuthUser;
  services: Services;
}

export type Handler<K extends EndpointId> = (input: EndpointParsed<K>, ctx: HandlerContext) => Answer<EndpointOutput<K>>;
export type HandlersFor<Ids extends EndpointId> = { [K in Ids]: Handler<K> };

/** A service joined to the calls it answers. */
export interface Binding<Ids extends EndpointId = EndpointId> {
  readonly ids: readonly Ids[];
  readonly handlers: HandlersFor<Ids>;
}

/** Joins the calls declared for a service to the service as `services` holds it. */
export function bind<S, Ids extends EndpointId>(service: (services: Services) => S, calls: CallsOf<S, Ids>): Binding<Ids> {
  // Object.keys loses the key type; the keys of `calls` are exactly Ids.
  const ids = Object.keys(calls) as Ids[];
  const handlers: Partial<HandlersFor<Ids>> = {};
  for (const id of ids) {
    const call: Call<S, typeof id> = calls[id];
    handlers[id] = (input, { user, services }) => call(service(services), input, user);
  }
  // Every id of `calls` was given its handler just above.
  return { ids, handlers: handlers as HandlersFor<Ids> };
}

/** Each service with the calls it answers. */
export const bindings = [
  bind((s) => s.units, unitCalls),
  bind((s) => s.streams, unitStreamCalls),
  bind((s) => s.unitConfig.reads, unitConfigurationReadCalls),
  bind((s) => s.alerts, alertCalls),
  bind((s) => s.clientConfiguration, clientConfigurationCalls),
  bind((s) => s.groups, groupCalls),
  bind((s) => s.groupMembers, groupMemberCalls),
  bind((s) => s.unitConfig.commands, unitCommandCalls),
  bind((s) => s.unitConfig.updates, unitUpdateCalls),
  bind((s) => s.unitConfig.linkUpdates, unitLinkUpdateCalls),
  bind((s) => s.inventories, inventoryCalls),
  bind((s) => s.inventoryChannels, inventoryChannelCalls),
  bind((s) => s.ingestAccounts, ingestAccountCalls),
  bind((s) => s.unitLicences, unitLicenceCalls),
  bind((s) => s.unitSessions, unitSessionCalls),
  bind((s) => s.unitStorage, unitStorageCalls),
  bind((s) => s.unitLifecycle, unitLifecycleCalls),
  bind((s) => s.supportCases, supportCaseCalls),
  bind((s) => s.adminUnitReads, adminUnitReadCalls),
  bind((s) => s.adminUnits, adminUnitCalls),
  bind((s) => s.users, userCalls),
  bind((s) => s.files, fileCalls),
  bind((s) => s.stories, storyCalls),
  bind((s) => s.invitations, invitationCalls),
  bind((s) => s.invitationJoins, joinCalls),
  bind((s) => s.serverConfig, serverConfigCalls),
  bind((s) => s.channels, channelsCalls),
  bind((s) => s.channelConfig, channelConfigCalls),
  bind((s) => s.videoReturn, videoReturnCalls),
  bind((s) => s.p2p, p2pCalls),
  bind((s) => s.groupAlerts, groupAlertCalls),
  bind((s) => s.userAccounts, userAccountCalls),
  bind((s) => s.audioRooms, audioRoomCalls),
  bind((s) => s.graphics, graphicsCalls),
  bind((s) => s.remoteActions, remoteActionCalls),
  bind((s) => s.shares, shareCalls),
  bind((s) => s.usageProfiles, usageProfileCalls),
  bind((s) => s.usageReports, usageReportCalls),
  bind((s) => s.managedServices, managedServiceCalls),
  bind((s) => s.licenceActivations, licenceActivationCalls),
  bind((s) => s.softwareVersions, softwareVersionCalls),
  bind((s) => s.upgrades, upgradeCalls),
  bind((s) => s.upgradeBatches, upgradeBatchCalls),
  bind((s) => s.adminServers, adminServerCalls),
  bind((s) => s.databridgeGateways, databridgeGatewayCalls),
  bind((s) => s.organisations, organisationCalls),
  bind((s) => s.clientApplications, clientApplicationCalls),
  bind((s) => s.modemVendors, modemVendorCalls),
  bind((s) => s.aiCredentials, aiCredentialCalls),
  bind((s) => s.applicationConfiguration, applicationConfigurationCalls),
  bind((s) => s.streamProviders, streamProviderCalls),
  bind((s) => s.streamMediaProfiles, streamMediaProfileCalls),
  bind((s) => s.geocodingProfiles, geocodingProfileCalls),
  bind((s) => s.softwareVersionProducts, softwareVersionProductCalls),
  bind((s) => s.whatsNew, whatsNewCalls),
  bind((s) => s.systemMessages, systemMessageCalls),
  bind((s) => s.accessApprovals, accessApprovalCalls),
  bind((s) => s.account, accountCalls),
] as const;

type BoundIds = (typeof bindings)[number]['ids'][number];
/** Does not compile while a catalogue call is bound to no service. */
type Unbound = Exclude<EndpointId, BoundIds>;
const everyCallBound: [Unbound] extends [never] ? true : { unbound: Unbound } = true as const;
void everyCallBound;

export type Handlers = HandlersFor<EndpointId>;

/** One handler per catalogue id, from the bindings. */
export const handlers: Handlers = Object.assign({}, ...bindings.map((b) => b.handlers));
