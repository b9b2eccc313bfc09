/**
 * The role matrix's objects: what every role shares (SHARED), the references of each role's own objects
 * (refsOf), and the example world each call's input is built from.
 */
import { type EndpointId, type Role } from '@fleet/contracts';
import { type Refs, type World } from '../../support/catalogue-examples.js';
import { exampleInput } from './requests.js';

// ── the objects of each role ───────────────────────────────────────────────────────────────────

export const SHARED = {
  inventory: 'inv-global',
  group: 'grp-newsroom',
  extraGroup: 'grp-field-crews',
  extraInventory: 'inv-global-sports',
  smartUnit: 'LUSMART-0001',
  vrChannel: 'VRC-0001',
  vrServer: 'VRS-0001',
  ingestServer: 'ING-0001',
  gateway: 'dbg-0001',
  logsChannel: 'MMH-0001-CH1',
  inputChannel: 'MMH-0001-CH4',
} as const;

/** The group every role's device joins (POST groups/join) with its permanent key: one no other example changes. */
export const JOIN_GROUP = 'grp-studio';
export const JOIN_KEY = 'MATRIXJN';

export const slug = (role: Role) => role.replace(/_/g, '-');
export const refsOf = (role: Role): Refs => ({
  ...SHARED,
  unit: `MATRIX-${slug(role).toUpperCase()}`,
  spareUnit: `MATRIX-${slug(role).toUpperCase()}-SPARE`,
  deregisterUnit: `MATRIX-${slug(role).toUpperCase()}-DEREG`,
  server: `MATRIX-HUB-${slug(role).toUpperCase()}`,
  channel: `MATRIX-HUB-${slug(role).toUpperCase()}-CH1`,
  proxyChannel: `MATRIX-HUB-${slug(role).toUpperCase()}-CH2`,
  spareChannel: `MATRIX-HUB-${slug(role).toUpperCase()}-CH3`,
  fileChannel: `MATRIX-HUB-${slug(role).toUpperCase()}-CH4`,
  channelFile: `chf-matrix-${slug(role)}`,
  channelFilePath: `/storage/received/matrix-${slug(role)}.mp4`,
  renameFile: `chf-matrix-${slug(role)}-rename`,
  removeFile: `chf-matrix-${slug(role)}-remove`,
  recordedPath: `/media/sd/matrix_up.mp4`,
  deletePath: `/media/sd/matrix_del.mp4`,
  story: `sty-matrix-${slug(role)}`,
  deleteStory: `sty-matrix-${slug(role)}-delete`,
  invitation: `ivt-matrix-${slug(role)}`,
  deleteVrChannel: `VRC-MATRIX-${slug(role).toUpperCase()}`,
  adminInventory: `inv-matrix-${slug(role)}`,
  deleteInventory: `inv-matrix-${slug(role)}-delete`,
  p2pLink: `p2p-matrix-${slug(role)}`,
  deleteP2pLink: `p2p-matrix-${slug(role)}-delete`,
  audioRoom: `aud-matrix-${slug(role)}`,
  deleteAudioRoom: `aud-matrix-${slug(role)}-delete`,
  publisher: `pub-matrix-${slug(role)}`,
  deletePublisher: `pub-matrix-${slug(role)}-delete`,
  shareLink: `shl-matrix-${slug(role)}`,
  subscriberFolder: `sfd-matrix-${slug(role)}`,
  deleteSubscriberFolder: `sfd-matrix-${slug(role)}-delete`,
  subscriber: `sub-matrix-${slug(role)}`,
  deleteSubscriber: `sub-matrix-${slug(role)}-delete`,
  usageProfile: `usp-matrix-${slug(role)}`,
  deleteUsageProfile: `usp-matrix-${slug(role)}-delete`,
  graphicsApp: `app-matrix-${slug(role)}`,
  ownGroup: `grp-matrix-${slug(role)}`,
  deleteGroup: `grp-matrix-${slug(role)}-delete`,
  removeGroup: `grp-matrix-${slug(role)}-remove`,
  user: `usr-matrix-${slug(role)}`,
  deleteUser: `usr-matrix-${slug(role)}-delete`,
  remoteAction: `ra-matrix-${slug(role)}`,
  softwareVersion: `swv-matrix-${slug(role)}`,
  deleteSoftwareVersion: `swv-matrix-${slug(role)}-delete`,
  upgradeUnit: `MATRIX-${slug(role).toUpperCase()}-UPG`,
  upgradeServer: `MATRIX-UPG-HUB-${slug(role).toUpperCase()}`,
  upgradeJob: `upj-matrix-${slug(role)}`,
  upgradeBatch: 'ubt-matrix',
  adminServer: `srv-matrix-${slug(role)}-admin`,
  deleteAdminServer: `srv-matrix-${slug(role)}-delete`,
  dbGateway: `dbg-matrix-${slug(role)}`,
  deleteDbGateway: `dbg-matrix-${slug(role)}-delete`,
  whatsNew: `wnw-matrix-${slug(role)}`,
  deleteWhatsNew: `wnw-matrix-${slug(role)}-delete`,
  systemMessage: `ntf-matrix-${slug(role)}`,
  deleteSystemMessage: `ntf-matrix-${slug(role)}-delete`,
  accessApproval: `acc-matrix-${slug(role)}`,
  revokeAccessApproval: `acc-matrix-${slug(role)}-revoke`,
  organisation: `org-matrix-${slug(role)}`,
  deleteOrganisation: `org-matrix-${slug(role)}-delete`,
  clientApplication: `cap-matrix-${slug(role)}`,
  deleteClientApplication: `cap-matrix-${slug(role)}-delete`,
  modemVendor: `mvd-matrix-${slug(role)}`,
  deleteModemVendor: `mvd-matrix-${slug(role)}-delete`,
  aiCredential: `aic-matrix-${slug(role)}`,
  deleteAiCredential: `aic-matrix-${slug(role)}-delete`,
  appConfiguration: `cfg-matrix-${slug(role)}`,
  deleteAppConfiguration: `cfg-matrix-${slug(role)}-delete`,
});

/** A world for building inputs only: no set-up, versions read as 0. */
export function inputWorld(role: Role, refs: Refs = refsOf(role)): World {
  const none = () => Promise.reject(new Error('no set-up while only building a request'));
  return {
    role,
    refs,
    idle: none,
    linksUp: none,
    running: none,
    unitInInventory: none,
    unitInGroup: none,
    storyHasUnit: none,
    unitHasService: none,
    channelFilePlaying: none,
    logsChannelFree: none,
    channelFree: none,
    serverOnline: none,
    streamingDestination: none,
    beforeRestart: none,
    restarted: none,
    storyVersion: () => Promise.resolve(0),
    storyIntegrationVersion: () => Promise.resolve(0),
    groupVersion: () => Promise.resolve(0),
    groupAlertsVersion: () => Promise.resolve(0),
    joinCode: () => Promise.resolve(JOIN_KEY),
  };
}

/** The same world with other refs (an object swapped for one out of scope or missing). */
export function withRefs(world: World, refs: Refs): World {
  return Object.assign(Object.create(world) as World, { refs });
}

/** Which refs an example reads (recorded through a proxy). */
export async function refsUsedBy(id: EndpointId, role: Role): Promise<(keyof Refs)[]> {
  const used = new Set<keyof Refs>();
  const proxy = new Proxy(refsOf(role), {
    get(target, key: string | symbol) {
      if (typeof key === 'string' && key in target) used.add(key as keyof Refs);
      return Reflect.get(target, key);
    },
  });
  await exampleInput(id, proxy, inputWorld(role, proxy));
  return [...used];
}
