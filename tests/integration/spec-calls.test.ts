/**
 * The catalogue against the spec: every call of spec 000 §7 ("Unit reads (GET)", "Commands",
 * "Unit updates", "Unit actions", "Deletes", "Social media and CDN streams", "Admin unit calls"),
 * written down here as data, one entry per call, must be matched by a catalogue declaration.
 *
 * Matching: the method is equal, and the declared path (placeholders normalised to `{}`, leading
 * slash dropped) equals the fragment or ends with `/` + fragment. Where the spec names a call
 * without a path (e.g. "active alerts"), the fragment is the path chosen in the catalogue (its
 * `spec` field says so) or a pattern of the spec's own words.
 */
import { describe, expect, it } from 'vitest';
import { catalogue, ENDPOINT_IDS, UNIT_COMMANDS, type EndpointDef } from '@fleet/contracts';

type Method = EndpointDef['method'];
type Entry = readonly [Method, string | RegExp];

const norm = (path: string) => path.replace(/^\//, '').replace(/\{\w+\}/g, '{}');
const declared = ENDPOINT_IDS.map((id) => ({ id, method: catalogue[id].method as Method, path: norm(catalogue[id].path), def: catalogue[id] as EndpointDef }));

function matches(entry: Entry): string[] {
  const [method, fragment] = entry;
  return declared
    .filter((d) => d.method === method)
    .filter((d) => (typeof fragment === 'string' ? d.path === norm(fragment) || d.path.endsWith(`/${norm(fragment)}`) : fragment.test(d.path)))
    .map((d) => d.id);
}

const u = (rest: string) => `v2/units/{id}/${rest}`;

/** Spec 000 §7, section by section, bullet by bullet. */
const SPEC_000_CALLS: Record<string, readonly Entry[]> = {
  'Unit reads (GET)': [
    ['GET', 'devices/fetch'],
    ['GET', 'devices/fetch_by_id/{id}'],
    ['GET', 'devices/{id}/location'],
    ['GET', 'devices/{id}/modems'],
    ['GET', 'devices/fetch_coords'],
    ['GET', 'v2/units/{id}'],
    ['GET', 'v2/units/enhanced/{id}'],
    ['GET', u('services')],
    ['GET', u('configurationV2')],
    ['GET', u('capabilities')],
    ['GET', u('storages')],
    ['GET', u('storages/files')],
    ['GET', u('sipAccount')],
    ['GET', u('alerts/configuration')],
    ['GET', u('alerts/possibleconfiguration')],
    ['GET', u('bwLimitation/total')],
    ['GET', u('bwLimitation/cellular')],
    ['GET', u('dbgateway/selected')],
    ['GET', u('settings/pairingCode')],
    ['GET', u('interfaces/modem/{n}/config')],
    ['GET', u('groups')],
    ['GET', 'v2/admin/units'],
    // admin inventory units list; admin unit by id; inventories; groups; groups/ofInventories; dbgateway
    ['GET', /admin\/inventories\/\{\}\/units$/],
    ['GET', 'v2/admin/units/{id}'],
    ['GET', /admin\/units\/\{\}\/inventories$/],
    ['GET', /admin\/units\/\{\}\/groups$/],
    ['GET', /admin\/units\/\{\}\/groups\/ofInventories$/],
    ['GET', /admin\/units\/\{\}\/dbgateway$/],
    ['GET', 'smartunit/{id}'],
    ['GET', /\/applications$/],
    // Active alerts; default alert configuration; userPreferences; client configuration; groups
    // light_fetch; fetch_features; current user details; user contact; application urls;
    // client_notifications/fetch; settingsConfiguration fetch.
    ['GET', /(^|\/)alerts\/active$/],
    ['GET', /alerts\/configuration\/default$|default.*alert|alert.*default/i],
    ['GET', 'userPreferences'],
    ['GET', /client\/configuration$|clientConfiguration/],
    ['GET', 'groups/light_fetch'],
    ['GET', 'fetch_features'],
    ['GET', /users?\/current$/],
    ['GET', /user\/contact$|userContact$/],
    ['GET', /application_urls$|applicationUrls$/],
    ['GET', 'client_notifications/fetch'],
    ['GET', /settingsConfiguration\/fetch$/],
  ],
  // POST devices/{id}/commands/{command}; the command kinds are checked one by one below.
  Commands: [['POST', /^devices\/\{\}\/commands\/(\{\}|\w+)$/]],
  'Unit updates': [
    ['PUT', u('delay')],
    ['PUT', u('databridge')],
    ['PUT', u('videoreturn')],
    ['PUT', u('configuration/filenamePrefix')],
    ['PUT', u('ntpTimecode')],
    ['PUT', u('transmissionMode')],
    ['PUT', u('fixedInternetDelay')],
    ['PUT', u('ipInputStream')],
    ['PUT', u('ippipe')],
    ['PUT', u('multiplecamera')],
    ['PUT', u('multiplecamera/channel')],
    ['PUT', u('multiplecamera/mode')],
    ['PUT', u('singlecamera')],
    ['PUT', u('operationalMode')],
    ['PUT', u('switchermode')],
    ['PUT', u('switchermode/highqualitychannel')],
    ['PUT', u('switchermode/proxychannel')],
    ['PUT', u('switchermode/sdiinput')],
    ['PUT', u('alerts/configuration')],
    ['PUT', u('bwLimitation')],
    ['PUT', u('intercom')],
    ['PUT', u('intercom/audiojacks')],
    ['PUT', u('interfaces/config')],
    ['PUT', u('vrChannels/selected')],
    ['PUT', u('fetchlogs/enhanced')],
    ['PUT', /^v0\/.*storeandforward_quality$/],
    ['PUT', 'units/{id}/network/capping'],
    ['PUT', 'devices/update'],
    ['PUT', 'userPreferences'],
    ['PUT', /users?\/current/],
    ['PUT', /settingsConfiguration/],
    ['PUT', /^v0\/groups?\/.*unit.*settings|^v0\/.*settings.*group/i],
    ['PUT', /internal.*inventor.*unit.*details|inventor.*unit.*details/i],
  ],
  'Unit actions': [
    ['POST', u('services')],
    ['POST', u('stream')],
    ['POST', u('stream/multiplecamera')],
    ['POST', u('stream/switchermode')],
    ['POST', u('stream/databridge')],
    ['POST', u('vrChannels/stream')],
    ['POST', u('ippipe/connection')],
    ['POST', u('intercom/session/{n}')],
    ['POST', u('shutdown')],
    ['POST', u('storages/files/upload')],
    ['POST', /^v2\/units\/\{\}\/storages\/files(\/(deletion|delete|removal))?$/],
    ['POST', /contact$/i],
  ],
  Deletes: [
    ['DELETE', u('services/{serviceId}')],
    ['DELETE', /^v2\/units\/\{\}\/.*pairing/],
    ['DELETE', u('stream')],
    ['DELETE', u('stream/multiplecamera')],
    ['DELETE', u('stream/switchermode')],
    ['DELETE', u('stream/databridge')],
    ['DELETE', u('vrChannels/stream')],
    ['DELETE', u('fetchlogs/stream')],
    ['DELETE', u('ippipe/connection')],
    ['DELETE', u('intercom/session/{n}')],
  ],
  'Social media and CDN streams': [
    ['POST', 'v0/units/{id}/stream/social_media'],
    ['DELETE', 'v0/units/{id}/stream/social_media'],
    ['POST', 'v0/units/{id}/stream/cdn'],
    ['DELETE', 'v0/units/{id}/stream/cdn'],
  ],
  'Admin unit calls': [
    ['POST', /admin\/units$/],
    ['PUT', /admin\/units(\/\{\})?$/],
    ['DELETE', /admin\/units\/\{\}$/],
    ['PUT', /admin\/(units\/\{\}\/inventories|inventories\/\{\}\/units)/],
    ['DELETE', /admin\/(units\/\{\}\/inventories|inventories\/\{\}\/units)/],
    ['PUT', /admin\/(units\/\{\}\/groups|groups\/\{\}\/units)/],
    ['DELETE', /admin\/(units\/\{\}\/groups|groups\/\{\}\/units)/],
    ['PUT', /admin\/units\/\{\}\/targetSwVersion$/],
    ['PUT', /admin\/units\/\{\}\/dbgateway$/],
    ['DELETE', /admin\/units\/\{\}\/dbgateway$/],
    ['POST', /admin\/units\/\{\}\/deregistration$/],
  ],
};

const srv = (rest: string) => `servers/{id}/${rest}`;
const ch = (rest: string) => `channels/{id}/${rest}`;

/**
 * Spec 001 §7, the receiving side (servers, channels, channel files, video return channels,
 * point-to-point), bullet by bullet. Calls the spec names without a path are matched by the path
 * the catalogue chose (its `spec` field names the bullet).
 */
const SPEC_001_CALLS: Record<string, readonly Entry[]> = {
  Servers: [
    ['GET', srv('services')],
    ['GET', srv('capabilities')],
    ['GET', srv('specifications')],
    ['GET', srv('ips')],
    ['GET', srv('status')],
    ['GET', srv('comment')],
    ['GET', 'servers/{id}'],
    ['PUT', srv('comment')],
    ['PUT', srv('resetinstance')],
    ['GET', 'mmhservers/{id}/configuration'],
    ['POST', 'mmhservers/{id}/configuration'],
    ['GET', 'vrservers/{id}/configuration'],
    ['POST', 'vrservers/{id}/configuration'],
    ['GET', 'mmhservers/{id}/configuration/smpte'],
    ['PUT', 'mmhservers/{id}/configuration/smpte'],
    ['GET', 'mmhservers/{id}/configuration/ippipe'],
    ['POST', 'mmhservers/{id}/configuration/ippipe'],
    ['PUT', 'mmhservers/{id}/configuration/ippipe'],
    ['GET', /admin\/inventories\/\{\}\/servers$/],
    ['GET', 'ingestservers/{id}/channels'],
  ],
  Channels: [
    ['GET', ch('status')],
    ['GET', /(^|\/)channels?\/fetch$/],
    ['POST', /(^|\/)channels?\/fetch$/],
    ['GET', /(^|\/)channels?\/fetch_details$/],
    ['POST', /(^|\/)channels?\/fetch_details$/],
    ['GET', /groups?\/.*channel.?details|channel.?details.*group/i],
    ['GET', /admin\/channels$/],
    ['GET', /admin\/channels\/\{\}$/],
    ['PUT', /admin\/channels\/\{\}$/],
    ['DELETE', /admin\/channels\/\{\}$/],
    ['POST', /admin\/channels$/],
    ['GET', /admin\/channels\/\{\}\/inventories$/],
    ['GET', /admin\/channels\/\{\}\/groups$/],
    ['GET', /admin\/channels\/\{\}\/ptmp$/],
    ['PUT', /admin\/inventories\/\{\}\/channels\/\{\}$/],
    ['DELETE', /admin\/inventories\/\{\}\/channels\/\{\}$/],
    ['GET', /^(v\d\/)?channels\/\{\}\/ffmpeg$/],
    ['PUT', /^(v\d\/)?channels\/\{\}\/ffmpeg$/],
    ['GET', /admin\/channels\/\{\}\/ffmpeg$/],
    ['PUT', /admin\/channels\/\{\}\/ffmpeg$/],
    ['POST', ch('inputSources')],
    ['DELETE', ch('inputSources')],
    ['POST', 'channels/mediaAccessOutputInfo'],
    ['POST', /fetch_cdns$/],
    ['POST', /add_details$/],
    ['POST', /update_details$/],
    ['POST', /remove_details$/],
    ['GET', 'streamingmediaprofiles/fetch'],
    ['GET', 'socialmediadetails/fetch'],
    ['POST', 'socialmediadetails/update'],
    ['PUT', 'channels/bwLimit'],
    ['PUT', 'channels/privateSession'],
    ['GET', ch('smpte')],
    ['PUT', ch('smpte')],
    ['POST', ch('fetchlogs')],
    ['DELETE', ch('fetchlogs')],
    ['GET', ch('ips')],
    ['GET', ch('capabilities')],
    ['GET', ch('ingest_association')],
    ['GET', 'stunTurnInfo'],
    ['GET', 'fetchPtmpChannels'],
    ['POST', 'updatePtmpChannels'],
    ['GET', 'channels/sdi'],
    ['GET', 'channels/output'],
  ],
  'Channel files': [
    ['GET', 'channelfiles'],
    ['POST', 'channelfiles/removal'],
    ['POST', 'channelfiles/broadcast/start'],
    ['POST', 'channelfiles/broadcast/stop'],
    ['POST', 'channelfiles/name'],
    ['POST', 'channelfiles/chunk'],
    ['GET', ch('downloadUrls')],
    ['GET', 'metadata'],
  ],
  'Video return channels': [
    ['GET', 'v0/groups/{groupId}/video-return-channels'],
    ['POST', 'v0/video-return-channels/{uniqueId}/update'],
    ['GET', 'v2/vrChannels/{id}/capabilities'],
    ['GET', 'v2/vrChannels/{id}/inputSources'],
    ['POST', 'v2/vrChannels/{id}/inputSources'],
    ['GET', 'v2/vrChannels/{id}/ips'],
    ['GET', 'v2/admin/inventories/{id}/vrChannels'],
    ['GET', 'v2/admin/vrChannels'],
    ['GET', 'v2/admin/vrChannels/{uid}'],
    ['PUT', 'v2/admin/vrChannels/{uid}'],
    ['DELETE', 'v2/admin/vrChannels/{uid}'],
    ['POST', 'v2/admin/vrChannels'],
    ['GET', 'v2/admin/vrChannels/{id}/inventories'],
    ['GET', 'v2/admin/vrChannels/{id}/groups'],
    ['GET', 'v2/admin/vrChannels/{id}/groups/ofInventories'],
  ],
  'Point-to-point': [
    ['GET', 'v2/p2p/{id}'],
    ['POST', 'v2/p2p/{id}'],
    ['DELETE', 'v2/p2p/{id}'],
    ['PUT', 'v2/p2p/{id}'],
    ['POST', 'v2/p2p/{id}/stream'],
    ['DELETE', 'v2/p2p/{id}/stream'],
    ['GET', 'v2/p2p/{id}/groups'],
    ['PUT', 'v2/p2p/{id}/groups'],
    ['GET', 'v2/p2p/{id}/groups/selected'],
  ],
  Groups: [
    ['GET', 'groups/fetch'],
    ['GET', 'v2/admin/inventories/{id}/groups'],
    ['GET', 'v2/admin/groups'],
    ['GET', 'v2/admin/groups/{id}/units'],
    ['GET', 'v2/admin/groups/{id}/channels'],
    ['GET', 'v2/admin/groups/{id}/vrChannels'],
    ['GET', 'v2/admin/groups/{id}/users'],
    ['PUT', 'v2/admin/groups/{id}/channels/{channelId}'],
    ['DELETE', 'v2/admin/groups/{id}/channels/{channelId}'],
    ['PUT', 'v2/admin/groups/{id}/vrChannels/{vrChannelId}'],
    ['DELETE', 'v2/admin/groups/{id}/vrChannels/{vrChannelId}'],
    ['GET', 'v2/admin/groups/{id}'],
    ['PUT', 'v2/admin/groups/{id}'],
    ['DELETE', 'v2/admin/groups/{id}'],
    ['POST', 'v2/admin/groups'],
    ['GET', 'groups/fetch_details'],
    ['POST', 'groups/update'],
    ['POST', 'groups/update_details'],
    ['POST', 'groups/add'],
    ['POST', 'groups/add_details'],
    ['POST', 'groups/remove_multiple'],
    ['GET', 'groups/fetch_machinegroups'],
    ['GET', 'groups/light_fetch'],
    ['GET', 'groups/{groupId}/adhoc'],
    ['PUT', 'groups/{groupId}/adhoc'],
    ['GET', 'groups/{id}/permanent'],
    ['PUT', 'groups/{id}/permanent'],
    ['POST', 'groups/{id}/email'],
    ['POST', 'groups/{id}/sms'],
    ['POST', 'groups/{id}/invitation'],
    ['GET', 'v2/groups/{id}/units/{unitId}/expiration'],
    ['PUT', 'v2/groups/{id}/units/{unitId}/expiration'],
    ['GET', 'v2/groups/{id}/defaultConfiguration'],
    ['POST', 'v2/groups/{id}/defaultConfiguration'],
    ['PUT', 'v2/groups/{id}/defaultConfiguration'],
    ['GET', 'v2/groups/{id}/multiChannels'],
    ['GET', 'v2/groups/{id}/alerts/configuration'],
    ['PUT', 'v2/groups/{id}/alerts/configuration'],
    ['GET', 'v2/units/{id}/groups'],
  ],
  Graphics: [
    ['GET', 'inventory/{id}/mygraphics'],
    ['POST', 'graphics/singular'],
    ['DELETE', 'inventory/{id}/app/{appId}'],
    ['GET', 'inventory/{id}/templates'],
    ['GET', 'inventory/{id}/permissions'],
    ['POST', 'graphics/job/status'],
  ],
  // The spec names these calls without paths ("Request and response shapes: not shown"): the
  // paths below are the catalogue's choice.
  Inventories: [
    // Tally and IFB listing and channel association
    ['GET', 'v2/inventories/{id}/tally'],
    ['PUT', 'v2/inventories/{id}/tally/channels/{channelId}'],
    ['DELETE', 'v2/inventories/{id}/tally/channels/{channelId}'],
    ['GET', 'v2/inventories/{id}/ifb'],
    ['PUT', 'v2/inventories/{id}/ifb/channels/{channelId}'],
    ['DELETE', 'v2/inventories/{id}/ifb/channels/{channelId}'],
    // Managed services (normal and admin); services_status; POST managed-services/trial
    ['GET', 'v2/inventories/{id}/managedServices'],
    ['GET', 'v2/admin/inventories/{id}/managedServices'],
    ['PUT', 'v2/admin/inventories/{id}/managedServices/{serviceName}'],
    ['GET', 'v2/inventories/{id}/services_status'],
    ['POST', 'managed-services/trial'],
    // Admin CRUD, count, properties, units, serviceable devices; VR channel association
    ['GET', 'v2/admin/inventories'],
    ['GET', 'v2/admin/inventories/count'],
    ['POST', 'v2/admin/inventories'],
    ['GET', 'v2/admin/inventories/{id}'],
    ['PUT', 'v2/admin/inventories/{id}'],
    ['DELETE', 'v2/admin/inventories/{id}'],
    ['GET', 'v2/admin/inventories/{id}/properties'],
    ['PUT', 'v2/admin/inventories/{id}/properties'],
    ['GET', 'v2/admin/inventories/{id}/units'],
    ['GET', 'v2/admin/inventories/{id}/serviceableDevices'],
    ['PUT', 'v2/admin/inventories/{id}/vrChannels/{vrChannelId}'],
    ['DELETE', 'v2/admin/inventories/{id}/vrChannels/{vrChannelId}'],
    // Audio rooms with count; IFB available, used and frozen counts
    ['GET', 'v2/inventories/{id}/audioRooms'],
    ['GET', 'v2/inventories/{id}/audioRooms/count'],
    ['GET', 'v2/inventories/{id}/ifb/counts'],
    // Stories with count
    ['GET', 'v2/inventories/{inventoryId}/stories'],
    ['GET', 'v2/inventories/{inventoryId}/stories/count'],
    // Ingest account (password, xslt upload, delete, test; configuration update); ingest servers and channel associations
    ['GET', 'v2/inventories/{id}/ingestAccount'],
    ['PUT', 'v2/inventories/{id}/ingestAccount'],
    ['PUT', 'v2/inventories/{id}/ingestAccount/password'],
    ['POST', 'v2/inventories/{id}/ingestAccount/xslt'],
    ['DELETE', 'v2/inventories/{id}/ingestAccount'],
    ['POST', 'v2/inventories/{id}/ingestAccount/test'],
    ['GET', 'v2/inventories/{id}/ingestServers'],
    ['GET', 'v2/inventories/{id}/ingestServers/{serverId}/channels'],
    ['PUT', 'v2/inventories/{id}/ingestServers/{serverId}/channels/{channelId}'],
    ['DELETE', 'v2/inventories/{id}/ingestServers/{serverId}/channels/{channelId}'],
  ],
};

describe('spec 001 §7 calls are all declared in the catalogue', () => {
  for (const [section, entries] of Object.entries(SPEC_001_CALLS)) {
    describe(section, () => {
      it.each(entries.map((e) => [`${e[0]} ${String(e[1])}`, e] as const))('%s', (_name, entry) => {
        expect(matches(entry), `no declaration for ${entry[0]} ${String(entry[1])}`).not.toEqual([]);
      });
    });
  }
});

describe('spec 000 §7 calls are all declared in the catalogue', () => {
  it('matches by method and path end, not by a mere substring', () => {
    expect(matches(['GET', 'v2/units/{id}'])).toEqual(['getUnit']);
    expect(matches(['GET', u('no-such-call')])).toEqual([]);
    expect(matches(['PATCH' as Method, 'v2/units/{id}'])).toEqual([]);
    expect(matches(['DELETE', 'devices/fetch'])).toEqual([]);
  });

  for (const [section, entries] of Object.entries(SPEC_000_CALLS)) {
    describe(section, () => {
      it.each(entries.map((e) => [`${e[0]} ${String(e[1])}`, e] as const))('%s', (_name, entry) => {
        expect(matches(entry), `no declaration for ${entry[0]} ${String(entry[1])}`).not.toEqual([]);
      });
    });
  }

  /** A command kind is declared by its own path (…/commands/<kind>) or by a {command} path that accepts it. */
  it.each(UNIT_COMMANDS.map((c) => [c]))('command kind %s is declared', (kind) => {
    const found = declared.some((d) => {
      if (d.method !== 'POST' || !/^devices\/\{\}\/commands\//.test(d.path)) return false;
      if (d.path === `devices/{}/commands/${kind}`) return true;
      if (d.path !== 'devices/{}/commands/{}' || !d.def.params) return false;
      const param = catalogue[d.id].path.match(/\{(\w+)\}$/)?.[1];
      return param !== undefined && d.def.params.safeParse({ id: 'LU800-0001', [param]: kind }).success;
    });
    expect(found, `command ${kind}`).toBe(true);
  });
});
