/**
 * The catalogue's calls by area of the spec: the OpenAPI document's tags (one per area, named in one
 * style, each with its description) and the docs page's sections. Every call belongs to exactly one
 * area (areas.test.ts).
 */
import type { EndpointDef } from './define.js';
import { accessApprovalEndpoints } from './access-approvals.js';
import { accountEndpoints } from './account.js';
import { adminServerEndpoints } from './admin-servers.js';
import { aiCredentialEndpoints } from './ai-credentials.js';
import { applicationConfigurationEndpoints } from './application-configuration.js';
import { audioRoomEndpoints } from './audio-rooms.js';
import { channelConfigurationEndpoints } from './channel-configuration.js';
import { channelEndpoints } from './channels.js';
import { clientApplicationEndpoints } from './client-applications.js';
import { databridgeGatewayEndpoints } from './databridge-gateways.js';
import { fileEndpoints } from './files.js';
import { geocodingProfileEndpoints } from './geocoding-profiles.js';
import { graphicsEndpoints } from './graphics.js';
import { groupAlertEndpoints } from './group-alerts.js';
import { groupEndpoints } from './groups.js';
import { inventoryEndpoints } from './inventories.js';
import { invitationEndpoints } from './invitations.js';
import { licenceActivationEndpoints } from './licence-activations.js';
import { managedServiceEndpoints } from './managed-services.js';
import { modemVendorEndpoints } from './modem-vendors.js';
import { organisationEndpoints } from './organisations.js';
import { p2pEndpoints } from './p2p.js';
import { remoteActionEndpoints } from './remote-actions.js';
import { serverEndpoints } from './servers.js';
import { shareEndpoints } from './shares.js';
import { softwareVersionProductEndpoints } from './software-version-products.js';
import { softwareVersionEndpoints } from './software-versions.js';
import { storyEndpoints } from './stories.js';
import { streamMediaProfileEndpoints } from './stream-media-profiles.js';
import { streamProviderEndpoints } from './stream-providers.js';
import { systemMessageEndpoints } from './system-messages.js';
import { unitActionEndpoints } from './unit-actions.js';
import { unitAdminEndpoints } from './unit-admin.js';
import { unitCommandEndpoints } from './unit-commands.js';
import { unitReadEndpoints } from './unit-reads.js';
import { unitUpdateEndpoints } from './unit-updates.js';
import { unitEndpoints } from './units.js';
import { upgradeBatchEndpoints } from './upgrade-batches.js';
import { upgradeEndpoints } from './upgrades.js';
import { usageProfileEndpoints } from './usage-profiles.js';
import { usageReportEndpoints } from './usage-reports.js';
import { userEndpoints } from './user.js';
import { userAccountEndpoints } from './users.js';
import { videoReturnEndpoints } from './video-return.js';
import { whatsNewEndpoints } from './whats-new.js';

export interface ApiArea {
  /** The tag: words in sentence case, as the console's menus name them. */
  readonly tag: string;
  readonly description: string;
  readonly endpoints: readonly Readonly<Record<string, EndpointDef>>[];
}

export const API_AREAS: readonly ApiArea[] = [
  {
    tag: 'Units',
    description:
      'The units a user sees: the list, one unit and its parts (location, modems, capabilities, storages), its live values (spec 000 §7 Unit reads).',
    endpoints: [unitEndpoints, unitReadEndpoints],
  },
  {
    tag: 'Unit commands',
    description: 'Streaming, reboot, pairing and the other commands sent to a unit, answered once the unit acknowledges (spec 000 §7 Commands, Unit actions).',
    endpoints: [unitCommandEndpoints, unitActionEndpoints],
  },
  {
    tag: 'Unit settings',
    description: "A unit's configuration: video, audio, connections, modes, delays and limits (spec 000 §7 Unit updates).",
    endpoints: [unitUpdateEndpoints],
  },
  {
    tag: 'Unit administration',
    description:
      'Units as an administrator manages them: create, inventories and groups, target versions, licence activation (spec 000 §7 Admin unit calls; 001 §6).',
    endpoints: [unitAdminEndpoints, licenceActivationEndpoints],
  },
  {
    tag: 'Files',
    description: "Files on a unit and a channel's recordings: upload, download links, broadcast (spec 000 §7; 001 §7 Channel files).",
    endpoints: [fileEndpoints],
  },
  {
    tag: 'Stories',
    description: 'The newsroom stories units are assigned to, and the NRCS field mapping (spec 000 §2, §3 Story).',
    endpoints: [storyEndpoints],
  },
  {
    tag: 'Servers',
    description:
      'Receiving servers (multimedia hubs, video return, ingest, transceivers) and data bridge gateways: state, configuration, reset (spec 001 §7 Servers; §2 /system_entities).',
    endpoints: [serverEndpoints, adminServerEndpoints, databridgeGatewayEndpoints],
  },
  {
    tag: 'Channels',
    description: 'The channels of the servers: live state and counters, configuration, output and sharing (spec 001 §7 Channels).',
    endpoints: [channelEndpoints, channelConfigurationEndpoints],
  },
  {
    tag: 'Video return',
    description: 'Video return channels: inputs, configuration and sharing with groups (spec 001 §7 Video return channels).',
    endpoints: [videoReturnEndpoints],
  },
  { tag: 'Point-to-point', description: 'Point-to-point and multipoint links between units (spec 001 §7 Point-to-point).', endpoints: [p2pEndpoints] },
  {
    tag: 'Groups',
    description: 'Groups: members, default configuration, alerts and their recipients, invitations to join (spec 001 §7 Groups; §1 invitations).',
    endpoints: [groupEndpoints, groupAlertEndpoints, invitationEndpoints],
  },
  {
    tag: 'Inventories',
    description: 'Inventories: properties, hierarchy and the managed services and trials of each (spec 001 §7 Inventories).',
    endpoints: [inventoryEndpoints, managedServiceEndpoints],
  },
  {
    tag: 'Users and accounts',
    description:
      'The signed-in user, their preferences and password; users as an administrator manages them; access approvals (spec 000 §6; 001 §3 User, §4 Access approval).',
    endpoints: [userEndpoints, userAccountEndpoints, accountEndpoints, accessApprovalEndpoints],
  },
  { tag: 'Audio rooms', description: 'Audio rooms for IFB and tally (spec 001 §3 Audio room).', endpoints: [audioRoomEndpoints] },
  { tag: 'Graphics', description: 'Graphics and overlays of channels (spec 001 §7 Graphics; §5 Overlay).', endpoints: [graphicsEndpoints] },
  {
    tag: 'Remote actions',
    description: "A partner's remote actions on units: send logs, reboot, support access (spec 001 §2 /remote_actions).",
    endpoints: [remoteActionEndpoints],
  },
  {
    tag: 'Shares',
    description: 'Sharing feeds between organisations: publishers, subscribers and their folders, share links (spec 001 §3 Publisher, Subscriber).',
    endpoints: [shareEndpoints],
  },
  {
    tag: 'Usage',
    description: 'Usage profiles and usage reports (spec 001 §3 Usage profile; §2 /reports).',
    endpoints: [usageProfileEndpoints, usageReportEndpoints],
  },
  {
    tag: 'Software and upgrades',
    description: 'Software versions and products, upgrades of units and servers, batch upgrades (spec 001 §3 Software version; §4 Software upgrade).',
    endpoints: [softwareVersionEndpoints, softwareVersionProductEndpoints, upgradeEndpoints, upgradeBatchEndpoints],
  },
  {
    tag: 'System settings',
    description:
      "The system administrator's settings: organisations, client applications, modem vendors, AI credentials, application configuration, stream providers and media profiles, geocoding profiles (spec 001 §2 /system_settings).",
    endpoints: [
      organisationEndpoints,
      clientApplicationEndpoints,
      modemVendorEndpoints,
      aiCredentialEndpoints,
      applicationConfigurationEndpoints,
      streamProviderEndpoints,
      streamMediaProfileEndpoints,
      geocodingProfileEndpoints,
    ],
  },
  {
    tag: 'System messages',
    description: "What's new, system messages and the global notification banner (spec 001 §2 /whats_new, system messages; §3 Notification).",
    endpoints: [whatsNewEndpoints, systemMessageEndpoints],
  },
];

/** The area (tag) of each call. */
export const AREA_OF: ReadonlyMap<string, string> = new Map(
  API_AREAS.flatMap((a) => a.endpoints.flatMap((group) => Object.keys(group).map((id) => [id, a.tag] as const))),
);
