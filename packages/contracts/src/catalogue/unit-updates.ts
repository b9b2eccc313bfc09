/**
 * Unit updates (PUT v2/units/{id}/... and the v0 / unversioned ones) of spec 000 §7. Every unit
 * update takes an optional `version` (the unit's; stale → 409 CONFLICT), answers the unit's
 * updated configuration (UnitConfiguration) and announces it as a `unit.configuration` event.
 * Settings a real core pushes to the device need the unit reachable (else UNIT_OFFLINE).
 */
import type { z } from 'zod';
import { ADMIN_UNIT_ROLES, ALL_ROLES, GLOBAL_SCOPE_ROLES, MANAGE_ROLES, UNIT_CONTROL_ROLES } from '../roles.js';
import type { Role } from '../enums.js';
import { IdParams } from '../entities/common.js';
import { CurrentUser } from '../entities/user.js';
import {
  AlertsConfigurationUpdateBody,
  AudioJacksUpdateBody,
  BwLimitationUpdateBody,
  CurrentUserUpdateBody,
  DatabridgeUpdateBody,
  DelayUpdateBody,
  FetchlogsEnhancedUpdateBody,
  FilenamePrefixUpdateBody,
  FixedInternetDelayUpdateBody,
  GroupUnitSettingsResult,
  GroupUnitSettingsUpdateBody,
  InterfacesConfigUpdateBody,
  IntercomUpdateBody,
  InventoryUnitDetails,
  InventoryUnitDetailsBody,
  IpInputStreamUpdateBody,
  IpPipeUpdateBody,
  MultipleCameraChannelUpdateBody,
  MultipleCameraModeUpdateBody,
  MultipleCameraUpdateBody,
  NetworkCappingUpdateBody,
  NtpTimecodeUpdateBody,
  OperationalModeUpdateBody,
  SettingsConfigurationAddBody,
  SingleCameraUpdateBody,
  StoreAndForwardQualityUpdateBody,
  SwitcherChannelUpdateBody,
  SwitcherModeUpdateBody,
  SwitcherSdiInputUpdateBody,
  TransmissionModeUpdateBody,
  VideoReturnUpdateBody,
  VrChannelSelectedUpdateBody,
} from '../entities/unit-updates.js';
import { UnitConfiguration } from '../entities/unit-config.js';
import { endpoint, type EndpointDef } from './define.js';

/** A PUT of one unit setting, answering the unit's configuration. */
function unitUpdate<const P extends string, B extends z.ZodType>(path: P, summary: string, spec: string, body: B, roles: readonly Role[] = UNIT_CONTROL_ROLES) {
  return endpoint({
    method: 'PUT',
    path,
    summary,
    spec: `000 §7 Unit updates: ${spec}`,
    roles,
    scope: 'unit',
    params: IdParams,
    body,
    response: UnitConfiguration,
  });
}

export const unitUpdateEndpoints = {
  updateUnitDelay: unitUpdate('/v2/units/{id}/delay', 'Transmission delay (normal or sub-second)', 'delay; §5 delay rules', DelayUpdateBody),
  updateUnitDatabridge: unitUpdate(
    '/v2/units/{id}/databridge',
    'Data bridge setting (needs the databridge licence)',
    'databridge; §8 Databridge license not enabled',
    DatabridgeUpdateBody,
  ),
  updateUnitVideoReturn: unitUpdate(
    '/v2/units/{id}/videoreturn',
    'Video return on the unit (needs a video return licence)',
    'videoreturn; §8 No Video Return licenses',
    VideoReturnUpdateBody,
  ),
  updateUnitFilenamePrefix: unitUpdate(
    '/v2/units/{id}/configuration/filenamePrefix',
    'File name prefix (unique on the multimedia hub)',
    'configuration/filenamePrefix; §5 file name prefix',
    FilenamePrefixUpdateBody,
  ),
  updateUnitNtpTimecode: unitUpdate('/v2/units/{id}/ntpTimecode', 'Timecode from an NTP server', 'ntpTimecode', NtpTimecodeUpdateBody),
  updateUnitTransmissionMode: unitUpdate(
    '/v2/units/{id}/transmissionMode',
    'Transmission mode (Store & Forward needs an SD card)',
    'transmissionMode; §4 transmission modes',
    TransmissionModeUpdateBody,
  ),
  updateUnitFixedInternetDelay: unitUpdate(
    '/v2/units/{id}/fixedInternetDelay',
    'Delay of the fixed-internet transmission mode',
    'fixedInternetDelay',
    FixedInternetDelayUpdateBody,
  ),
  updateUnitIpInputStream: unitUpdate('/v2/units/{id}/ipInputStream', 'IP stream as the video input', 'ipInputStream', IpInputStreamUpdateBody),
  updateUnitIpPipe: unitUpdate(
    '/v2/units/{id}/ippipe',
    'IP pipe setting (the unit connects: connecting → connected)',
    'ippipe; §4 IP pipe states',
    IpPipeUpdateBody,
  ),
  updateUnitMultipleCamera: unitUpdate(
    '/v2/units/{id}/multiplecamera',
    'Multi camera: up to 4 cameras, labels, priorities, channels (needs the multi camera licence)',
    'multiplecamera; §5 camera labels; §9 cameras, priorities',
    MultipleCameraUpdateBody,
  ),
  updateUnitMultipleCameraChannel: unitUpdate(
    '/v2/units/{id}/multiplecamera/channel',
    'Channel of the multi camera feeds',
    'multiplecamera/channel',
    MultipleCameraChannelUpdateBody,
  ),
  updateUnitMultipleCameraMode: unitUpdate(
    '/v2/units/{id}/multiplecamera/mode',
    'Multi camera mode (highQuality, switcher, switcherAndProxy)',
    'multiplecamera/mode',
    MultipleCameraModeUpdateBody,
  ),
  updateUnitSingleCamera: unitUpdate(
    '/v2/units/{id}/singlecamera',
    'Single camera resolution, colour depth, bandwidth (2160 needs PRO-4K)',
    'singlecamera; §8 PRO-4K licence missing',
    SingleCameraUpdateBody,
  ),
  updateUnitOperationalMode: unitUpdate(
    '/v2/units/{id}/operationalMode',
    'Working mode (takes a few seconds)',
    'operationalMode; §4 working modes',
    OperationalModeUpdateBody,
  ),
  updateUnitSwitcherMode: unitUpdate('/v2/units/{id}/switchermode', 'Switcher mode channels and SDI input', 'switchermode', SwitcherModeUpdateBody),
  updateUnitSwitcherHighQualityChannel: unitUpdate(
    '/v2/units/{id}/switchermode/highqualitychannel',
    'Switcher high quality channel',
    'switchermode/highqualitychannel',
    SwitcherChannelUpdateBody,
  ),
  updateUnitSwitcherProxyChannel: unitUpdate(
    '/v2/units/{id}/switchermode/proxychannel',
    'Switcher proxy channel',
    'switchermode/proxychannel',
    SwitcherChannelUpdateBody,
  ),
  updateUnitSwitcherSdiInput: unitUpdate('/v2/units/{id}/switchermode/sdiinput', 'Switcher SDI input', 'switchermode/sdiinput', SwitcherSdiInputUpdateBody),
  updateUnitAlertsConfiguration: unitUpdate(
    '/v2/units/{id}/alerts/configuration',
    'Alerts configuration: automatic, group or manual (recipients’ e-mail format)',
    'alerts/configuration; §3 Alerts',
    AlertsConfigurationUpdateBody,
  ),
  updateUnitBwLimitation: unitUpdate(
    '/v2/units/{id}/bwLimitation',
    'Total and cellular caps and per-priority limits (not on a busy unit)',
    'bwLimitation; §5 bandwidth limits; §6 cellular and total limits are admin-level',
    BwLimitationUpdateBody,
    ADMIN_UNIT_ROLES,
  ),
  updateUnitIntercom: unitUpdate(
    '/v2/units/{id}/intercom',
    'One of the unit’s two intercoms',
    'intercom; §8 Intercom server missing or different',
    IntercomUpdateBody,
  ),
  updateUnitIntercomAudioJacks: unitUpdate(
    '/v2/units/{id}/intercom/audiojacks',
    'Audio jacks: intercom and volume',
    'intercom/audiojacks',
    AudioJacksUpdateBody,
  ),
  updateUnitInterfacesConfig: unitUpdate(
    '/v2/units/{id}/interfaces/config',
    'One interface: network mode, roaming, APN slots, addressing, enabled',
    'interfaces/config; §5 interfaces; §9 APN slots, auth protocols, network modes',
    InterfacesConfigUpdateBody,
  ),
  updateUnitSelectedVrChannel: unitUpdate(
    '/v2/units/{id}/vrChannels/selected',
    'The video return channel the unit receives',
    'vrChannels/selected',
    VrChannelSelectedUpdateBody,
  ),
  updateUnitFetchlogsEnhanced: unitUpdate(
    '/v2/units/{id}/fetchlogs/enhanced',
    'Enhanced (verbose) logs for the next log fetch',
    'fetchlogs/enhanced',
    FetchlogsEnhancedUpdateBody,
  ),
  updateUnitStoreAndForwardQuality: unitUpdate(
    '/v0/units/{id}/storeandforward_quality',
    'Store-and-forward recording profile',
    'PUT v0 storeandforward_quality; §3 store-and-forward profiles',
    StoreAndForwardQualityUpdateBody,
  ),
  updateUnitNetworkCapping: unitUpdate(
    '/units/{id}/network/capping',
    'Cellular capping as a cap option (not above the total cap, not on a busy unit)',
    'PUT units/{id}/network/capping; §9 bandwidth cap options',
    NetworkCappingUpdateBody,
    ADMIN_UNIT_ROLES,
  ),
  updateCurrentUser: endpoint({
    method: 'PUT',
    path: '/users/current',
    summary: 'The caller’s own name, e-mail and label (every user edits their own)',
    spec: '000 §7 Unit updates: current user update; 001 §5 user rules',
    roles: ALL_ROLES,
    scope: 'none',
    body: CurrentUserUpdateBody,
    response: CurrentUser,
  }),
  addSettingsConfiguration: endpoint({
    method: 'PUT',
    path: '/settingsConfiguration/add',
    summary: 'Set a unit’s settings configuration (output channel, multi channel); id is the machine uid',
    spec: '000 §7 Unit updates: settingsConfiguration add; §3 Settings configuration',
    roles: UNIT_CONTROL_ROLES,
    scope: 'unit',
    scopeFrom: 'body',
    body: SettingsConfigurationAddBody,
    response: UnitConfiguration,
  }),
  updateGroupUnitSettings: endpoint({
    method: 'PUT',
    path: '/v0/groups/{id}/unitSettings',
    summary: 'A group’s unit settings (defaults for its units); only groups the caller belongs to',
    spec: '000 §7 Unit updates: v0 group unit settings',
    roles: MANAGE_ROLES,
    scope: 'none',
    params: IdParams,
    body: GroupUnitSettingsUpdateBody,
    response: GroupUnitSettingsResult,
  }),
  updateInventoryUnitDetails: endpoint({
    method: 'PUT',
    path: '/internal/inventory-unit-details',
    summary: 'Support staff: a unit’s details in one of its inventories (ownership, usage profile)',
    spec: '000 §7 Unit updates: internal inventory-unit-details; §3 ownership values',
    roles: GLOBAL_SCOPE_ROLES,
    scope: 'unit',
    scopeFrom: 'body',
    body: InventoryUnitDetailsBody,
    response: InventoryUnitDetails,
  }),
} as const satisfies Record<string, EndpointDef>;
