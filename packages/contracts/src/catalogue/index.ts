/**
 * The endpoint catalogue: one declaration per call of spec section 7. From it the core registers
 * routes, validates input, enforces roles and object scope; the OpenAPI document is generated; the
 * console's REST client is derived; the role-matrix and fuzz tests are generated.
 *
 * Paths are relative to the core prefix (CORE_PREFIX, default /api) and use OpenAPI `{param}`
 * placeholders. Where the spec does not show a shape, the schema here is our stable choice.
 * Declarations live in one file per area of the spec; this file joins them.
 */
import type { z } from 'zod';
import { Ok } from '../entities/common.js';
import type { EndpointDef } from './define.js';
import { unitEndpoints } from './units.js';
import { userEndpoints } from './user.js';
import { unitReadEndpoints } from './unit-reads.js';
import { unitCommandEndpoints } from './unit-commands.js';
import { unitUpdateEndpoints } from './unit-updates.js';
import { unitActionEndpoints } from './unit-actions.js';
import { unitAdminEndpoints } from './unit-admin.js';
import { fileEndpoints } from './files.js';
import { storyEndpoints } from './stories.js';
import { invitationEndpoints } from './invitations.js';
import { serverEndpoints } from './servers.js';
import { channelEndpoints } from './channels.js';
import { channelConfigurationEndpoints } from './channel-configuration.js';
import { videoReturnEndpoints } from './video-return.js';
import { p2pEndpoints } from './p2p.js';
import { groupEndpoints } from './groups.js';
import { groupAlertEndpoints } from './group-alerts.js';
import { inventoryEndpoints } from './inventories.js';
import { userAccountEndpoints } from './users.js';
import { audioRoomEndpoints } from './audio-rooms.js';
import { graphicsEndpoints } from './graphics.js';
import { remoteActionEndpoints } from './remote-actions.js';
import { shareEndpoints } from './shares.js';
import { usageProfileEndpoints } from './usage-profiles.js';
import { usageReportEndpoints } from './usage-reports.js';
import { managedServiceEndpoints } from './managed-services.js';
import { licenceActivationEndpoints } from './licence-activations.js';
import { softwareVersionEndpoints } from './software-versions.js';
import { upgradeEndpoints } from './upgrades.js';
import { upgradeBatchEndpoints } from './upgrade-batches.js';
import { adminServerEndpoints } from './admin-servers.js';
import { databridgeGatewayEndpoints } from './databridge-gateways.js';
import { organisationEndpoints } from './organisations.js';
import { clientApplicationEndpoints } from './client-applications.js';
import { modemVendorEndpoints } from './modem-vendors.js';
import { aiCredentialEndpoints } from './ai-credentials.js';
import { applicationConfigurationEndpoints } from './application-configuration.js';
import { streamProviderEndpoints } from './stream-providers.js';
import { streamMediaProfileEndpoints } from './stream-media-profiles.js';
import { geocodingProfileEndpoints } from './geocoding-profiles.js';
import { softwareVersionProductEndpoints } from './software-version-products.js';
import { whatsNewEndpoints } from './whats-new.js';
import { systemMessageEndpoints } from './system-messages.js';
import { accessApprovalEndpoints } from './access-approvals.js';
import { accountEndpoints } from './account.js';

export { endpoint, type EndpointDef, type EndpointScope, type HttpMethod } from './define.js';
export { unitEndpoints } from './units.js';
export { userEndpoints } from './user.js';
export { unitReadEndpoints } from './unit-reads.js';
export { unitCommandEndpoints } from './unit-commands.js';
export { unitUpdateEndpoints } from './unit-updates.js';
export { unitActionEndpoints } from './unit-actions.js';
export { unitAdminEndpoints } from './unit-admin.js';
export { fileEndpoints } from './files.js';
export { storyEndpoints } from './stories.js';
export { invitationEndpoints } from './invitations.js';
export { serverEndpoints } from './servers.js';
export { channelEndpoints } from './channels.js';
export { channelConfigurationEndpoints } from './channel-configuration.js';
export { videoReturnEndpoints } from './video-return.js';
export { p2pEndpoints } from './p2p.js';
export { groupEndpoints } from './groups.js';
export { groupAlertEndpoints } from './group-alerts.js';
export { inventoryEndpoints } from './inventories.js';
export { userAccountEndpoints } from './users.js';
export { audioRoomEndpoints } from './audio-rooms.js';
export { graphicsEndpoints } from './graphics.js';
export { remoteActionEndpoints } from './remote-actions.js';
export { shareEndpoints } from './shares.js';
export { usageProfileEndpoints } from './usage-profiles.js';
export { usageReportEndpoints } from './usage-reports.js';
export { managedServiceEndpoints } from './managed-services.js';
export { licenceActivationEndpoints } from './licence-activations.js';
export { softwareVersionEndpoints } from './software-versions.js';
export { upgradeEndpoints } from './upgrades.js';
export { upgradeBatchEndpoints } from './upgrade-batches.js';
export { adminServerEndpoints } from './admin-servers.js';
export { databridgeGatewayEndpoints } from './databridge-gateways.js';
export { organisationEndpoints } from './organisations.js';
export { clientApplicationEndpoints } from './client-applications.js';
export { modemVendorEndpoints } from './modem-vendors.js';
export { aiCredentialEndpoints } from './ai-credentials.js';
export { applicationConfigurationEndpoints } from './application-configuration.js';
export { streamProviderEndpoints } from './stream-providers.js';
export { streamMediaProfileEndpoints } from './stream-media-profiles.js';
export { geocodingProfileEndpoints } from './geocoding-profiles.js';
export { softwareVersionProductEndpoints } from './software-version-products.js';
export { whatsNewEndpoints } from './whats-new.js';
export { systemMessageEndpoints } from './system-messages.js';
export { accessApprovalEndpoints } from './access-approvals.js';
export { accountEndpoints } from './account.js';

export const catalogue = {
  ...unitEndpoints,
  ...userEndpoints,
  ...unitReadEndpoints,
  ...unitCommandEndpoints,
  ...unitUpdateEndpoints,
  ...unitActionEndpoints,
  ...unitAdminEndpoints,
  ...fileEndpoints,
  ...storyEndpoints,
  ...invitationEndpoints,
  ...serverEndpoints,
  ...channelEndpoints,
  ...channelConfigurationEndpoints,
  ...videoReturnEndpoints,
  ...p2pEndpoints,
  ...groupEndpoints,
  ...groupAlertEndpoints,
  ...inventoryEndpoints,
  ...userAccountEndpoints,
  ...audioRoomEndpoints,
  ...graphicsEndpoints,
  ...remoteActionEndpoints,
  ...shareEndpoints,
  ...usageProfileEndpoints,
  ...usageReportEndpoints,
  ...managedServiceEndpoints,
  ...licenceActivationEndpoints,
  ...softwareVersionEndpoints,
  ...upgradeEndpoints,
  ...upgradeBatchEndpoints,
  ...adminServerEndpoints,
  ...databridgeGatewayEndpoints,
  ...organisationEndpoints,
  ...clientApplicationEndpoints,
  ...modemVendorEndpoints,
  ...aiCredentialEndpoints,
  ...applicationConfigurationEndpoints,
  ...streamProviderEndpoints,
  ...streamMediaProfileEndpoints,
  ...geocodingProfileEndpoints,
  ...softwareVersionProductEndpoints,
  ...whatsNewEndpoints,
  ...systemMessageEndpoints,
  ...accessApprovalEndpoints,
  ...accountEndpoints,
} as const satisfies Record<string, EndpointDef>;

export type Catalogue = typeof catalogue;
export type EndpointId = keyof Catalogue;
export const ENDPOINT_IDS = Object.keys(catalogue) as EndpointId[];

type InferOr<T, Fallback> = T extends z.ZodType ? z.infer<T> : Fallback;
type InputOf<T> = T extends z.ZodType ? z.input<T> : undefined;

/** What a caller passes for one endpoint (the REST client's argument). */
export type EndpointInput<K extends EndpointId> = {
  params: InputOf<Catalogue[K] extends { params: infer P } ? P : undefined>;
  query: InputOf<Catalogue[K] extends { query: infer Q } ? Q : undefined>;
  body: InputOf<Catalogue[K] extends { body: infer B } ? B : undefined>;
};
/** What one endpoint answers with. */
export type EndpointOutput<K extends EndpointId> = InferOr<Catalogue[K]['response'], never>;
/** The parsed input a handler receives. */
export type EndpointParsed<K extends EndpointId> = {
  params: InferOr<Catalogue[K] extends { params: infer P } ? P : undefined, undefined>;
  query: InferOr<Catalogue[K] extends { query: infer Q } ? Q : undefined, undefined>;
  body: InferOr<Catalogue[K] extends { body: infer B } ? B : undefined, undefined>;
};

export { buildPath, MOCK_AUTH } from './paths.js';

export { Ok };

export { API_AREAS, AREA_OF, type ApiArea } from './areas.js';
