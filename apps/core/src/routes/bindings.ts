/**
 * Every catalogue call bound to the service that answers it. A service declares its calls next to
 * itself (`callsOf`, src/calls.ts); this table says which service each declaration belongs to.
 * `Handlers` below does not compile while a declared call has no binding, and a test fails when
 * a call is bound twice.
 */
import type { EndpointId, EndpointOutput, EndpointParsed } from '@fleet/contracts';
import type { Answer, Call, CallsOf } from '../calls.js';
import type { AuthUser } from '../services/access.js';
import type { Services } from '../services/index.js';
import { fileCalls } from '../services/files.js';
import { invitationCalls } from '../services/invitations.js';
import { storyCalls } from '../services/stories.js';
import { inventoryCalls } from '../services/inventories.js';
import { ingestAccountCalls } from '../services/ingest-accounts.js';
import { unitCommandCalls } from '../services/unit-configuration/commands.js';
import { unitUpdateCalls } from '../services/unit-configuration/updates.js';
import { supportCaseCalls } from '../services/support-cases.js';
import { unitLicenceCalls } from '../services/unit-licences.js';
import { unitLifecycleCalls } from '../services/unit-lifecycle.js';
import { unitSessionCalls } from '../services/unit-sessions.js';
import { unitStorageCalls } from '../services/unit-storage.js';
import { adminUnitCalls } from '../services/admin-units.js';
import { alertCalls } from '../services/alerts.js';
import { clientConfigurationCalls } from '../services/client-configuration.js';
import { groupCalls } from '../services/groups.js';
import { groupMemberCalls } from '../services/group-members.js';
import { unitConfigurationReadCalls } from '../services/unit-configuration/reads.js';
import { unitStreamCalls } from '../services/unit-streams.js';
import { unitCalls } from '../services/units.js';
import { userCalls } from '../services/users.js';
import { serverConfigCalls } from '../services/server-configuration.js';
import { channelsCalls } from '../services/channels.js';
import { channelConfigCalls } from '../services/channel-configuration.js';
import { videoReturnCalls } from '../services/video-return.js';
import { p2pCalls } from '../services/p2p.js';
import { groupAlertCalls } from '../services/group-alerts.js';
import { userAccountCalls } from '../services/user-accounts.js';
import { audioRoomCalls } from '../services/audio-rooms.js';
import { graphicsCalls } from '../services/graphics.js';
import { remoteActionCalls } from '../services/remote-actions.js';
import { shareCalls } from '../services/shares.js';
import { usageProfileCalls } from '../services/usage-profiles.js';
import { usageReportCalls } from '../services/usage-reports.js';
import { managedServiceCalls } from '../services/managed-services.js';
import { licenceActivationCalls } from '../services/licence-activations.js';
import { softwareVersionCalls } from '../services/software-versions.js';
import { upgradeCalls } from '../services/upgrades.js';
import { upgradeBatchCalls } from '../services/upgrade-batches.js';
import { adminServerCalls } from '../services/admin-servers.js';
import { databridgeGatewayCalls } from '../services/databridge-gateways.js';
import { organisationCalls } from '../services/organisations.js';
import { clientApplicationCalls } from '../services/client-applications.js';
import { modemVendorCalls } from '../services/modem-vendors.js';
import { aiCredentialCalls } from '../services/ai-credentials.js';
import { applicationConfigurationCalls } from '../services/application-configuration.js';
import { streamProviderCalls } from '../services/stream-providers.js';
import { streamMediaProfileCalls } from '../services/stream-media-profiles.js';
import { geocodingProfileCalls } from '../services/geocoding-profiles.js';
import { softwareVersionProductCalls } from '../services/software-version-products.js';
import { whatsNewCalls } from '../services/whats-new.js';
import { systemMessageCalls } from '../services/system-messages.js';
import { accessApprovalCalls } from '../services/access-approvals.js';
import { accountCalls } from '../services/account.js';

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
  bind((s) => s.inventories, inventoryCalls),
  bind((s) => s.ingestAccounts, ingestAccountCalls),
  bind((s) => s.unitLicences, unitLicenceCalls),
  bind((s) => s.unitSessions, unitSessionCalls),
  bind((s) => s.unitStorage, unitStorageCalls),
  bind((s) => s.unitLifecycle, unitLifecycleCalls),
  bind((s) => s.supportCases, supportCaseCalls),
  bind((s) => s.adminUnits, adminUnitCalls),
  bind((s) => s.users, userCalls),
  bind((s) => s.files, fileCalls),
  bind((s) => s.stories, storyCalls),
  bind((s) => s.invitations, invitationCalls),
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
