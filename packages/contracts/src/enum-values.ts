/**
 * Enumerations taken from the spec (000 = units, 001 = servers/channels/admin) as plain arrays.
 * Each list is the single source of truth: zod enums (./enums.ts), Prisma string columns, domain
 * rules and the console all derive from these arrays. This module has no runtime dependency, so a
 * bundle that needs only the values (the console's first route) does not pull zod in.
 */
/** Spec 000 §4 "Unit status values". */
export const UNIT_STATUSES = [
  'offline',
  'idle',
  'storeandforward',
  'forwarding',
  'streaming',
  'online',
  'streamingandforwarding',
  'fetchlogs',
  'upgrading',
  'transparent_bridge',
  'setup_transparent_bridge',
  'speedtest',
  'unavailable',
] as const;

/** Spec 000 §4 "Activities (keys of applications)". */
export const UNIT_APPLICATIONS = [
  'video',
  'multiCamera',
  'upgrade',
  'videoReturn',
  'databridge',
  'fetchlogs',
  'store',
  'forward',
  'l2ControlPipe',
  'changeAvicMode',
  'switcher',
  'switcherAndProxy',
  'audioCallBySelectedChannel',
  'audioRoom',
  'ifb',
  'xtenderRelay',
] as const;

/**
 * State of one running application as reported by a device. `failed` (the IP pipe reports it): the
 * activity could not be established and stays reported until it is stopped (spec 000 §4 "failed
 * also appears in texts").
 */
export const APPLICATION_STATES = ['connecting', 'running', 'speedtest', 'disconnecting', 'stopping', 'failed'] as const;

/** Spec 000 §3 "Unit type groups". Servers are listed here too (spec 000 §1). */
export const UNIT_TYPE_GROUPS = [
  'fieldUnits',
  'liteUnits',
  'smartUnits',
  'ptpUnits',
  'ptmpUnits',
  'mmhServer',
  'extenderDevices',
  'videoReturnServer',
  'transceiverServer',
  'ingestServer',
] as const;

/** The unit-like type groups (not servers). */
export const UNIT_DEVICE_GROUPS = ['fieldUnits', 'liteUnits', 'smartUnits', 'ptpUnits', 'ptmpUnits', 'extenderDevices'] as const;

/** Spec 001 §3 "Server types". */
export const SERVER_TYPES = ['mmh_server', 'vr_server', 'ingest_server', 'transceiver_server'] as const;

/** Spec 000 §6 and 001 §3: every role (luc_read is listed twice in 000 §6; kept once). */
export const ROLES = [
  'super_user',
  'luc_admin',
  'luc_media_group_admin',
  'luc_regular',
  'luc_read',
  'luc_application',
  'luc_curator',
  'luc_multipoint',
  'luc_contractor',
  'luc_vr_viewer',
  'luc_partner',
  'luc_unit_control',
  'staff',
  'luc_freelancer',
  'luc_ingest',
  'luc_studio',
] as const;

/** Spec 000 §3 modem uiType and §3 "Modem UI state". */
export const MODEM_UI_TYPES = ['wifi', 'lan', 'cell'] as const;
export const MODEM_UI_STATES = ['no_device', 'disabled', 'not_connected', 'connected'] as const;
export const SIM_SLOTS = ['A', 'B'] as const;

/** Spec 000 §4 battery icon levels and colours. */
export const BATTERY_ICON_LEVELS = ['charging', 'charge_100', '100', '50', '30', '10', 'unknown'] as const;
export type BatteryIconLevel = (typeof BATTERY_ICON_LEVELS)[number];
export const BATTERY_COLOURS = ['green', 'yellow', 'red'] as const;
export type BatteryColour = (typeof BATTERY_COLOURS)[number];

/** Spec 000 §4 transmission and working modes. */
export const TRANSMISSION_MODES = ['live', 'storeAndForward', 'multiHq', 'fieldSwitcher', 'stationSwitcher', 'fixedInternet'] as const;
export const WORKING_MODES = ['video', 'databridge', 'video_smr', 'databridge_smr', 'fetchlogs'] as const;
export const MULTI_CAMERA_MODES = ['highQuality', 'switcher', 'switcherAndProxy'] as const;

/** Spec 000 §3 video quality tiers and store-and-forward profiles. */
export const VIDEO_QUALITY_TIERS = { high: 'uhd', standard: 'hd', low: 'sd' } as const;
export const STORE_AND_FORWARD_PROFILES = ['high_h264', 'standard_h264', 'low_h264', 'high_h265', 'standard_h265', 'low_h265'] as const;

/** Spec 000 §3 / 001 §3 ownership values. */
export const OWNERSHIP_VALUES = ['lease', 'sold', 'psg', 'rent', 'r&d', 'inventory', 'roaming', 'engineering', 'demo'] as const;

/** Spec 000 §3 alerts. */
export const ALERT_TYPES = ['battery', 'cameraDisconnected', 'serverCpu', 'serverStorage', 'bitrateDrop'] as const;
export const ALERT_LEVELS = ['warning', 'critical'] as const;
export const ALERT_CONFIG_MODES = ['automatic', 'group', 'manual'] as const;

/** Spec 000 §3 uploaded file status, §4 store-and-forward extensions. */
export const UPLOADED_FILE_STATUSES = ['pending', 'failed', 'uploading', 'uploaded', 'success', 'rejected'] as const;
export const STORE_AND_FORWARD_EXTENSIONS = ['mp4', 'mkv', '3gp', 'mov'] as const;

/** Spec 001 §4 channel status. */
export const CHANNEL_STATUSES = ['offline', 'idle', 'collecting', 'online', 'PlayStoredFile', 'unavailable', 'connecting', 'upgrading'] as const;
/** Spec 001 §3 channel types (input sub-kinds: encoder, SRT, RTMP, WebRTC). */
export const CHANNEL_TYPES = ['preview', 'output', 'distributor', 'group', 'input'] as const;
export const CHANNEL_INPUT_KINDS = ['encoder', 'srt', 'rtmp', 'webrtc'] as const;
export const CHANNEL_MODES = ['cdn', 'sdi', 'sharing', 'preview', 'smpte'] as const;

/** Spec 001 §4 video return channel status (unknown maps to offline). */
export const VR_CHANNEL_STATUSES = ['idle', 'inputConnected', 'collecting', 'offline', 'connecting'] as const;
export const VR_INPUT_TYPES = ['disabled', 'sdi', 'srt'] as const;

/** Spec 000 §4 / 001 §4 IP pipe states. */
export const IP_PIPE_STATES = ['connecting', 'connected', 'disconnecting', 'not_connected', 'failed'] as const;

/** Spec 001 §4 software upgrade states. */
export const UPGRADE_STATES = ['pending', 'upgrading', 'succeeded', 'failed', 'rejected'] as const;

/** Spec 001 §4 service states. */
export const SERVICE_STATUS_VALUES = ['active', 'inactive', 'enabled', 'disabled', 'na', 'done', 'expired', 'selfActive'] as const;
export const SERVICE_LIFECYCLE = ['notEnabled', 'onTrial', 'trialExpired', 'purchased', 'expired', 'overUsage'] as const;
export const TRIAL_STATES = ['enabledTrial', 'activeTrial', 'expiredTrial', 'expiredService', 'purchasedService'] as const;
export const USAGE_KINDS = ['data', 'time', 'na'] as const;
/** Spec 000 §9 service names / 001 §3 tiers. */
export const SERVICE_TIERS = ['none', 'pro2', 'pro4', 'pro-4k', 'lu300-pro', 'sla', 'video-return'] as const;
export const SERVICES = [
  'sla',
  'video',
  '4K',
  'bonding',
  'databridge',
  'lrt',
  'cloud',
  'direct',
  'roaming',
  'video-return',
  'ip-pipe',
  'sdi',
  'output',
  'hevc',
  'cellular-capping',
  'smpte-output',
  'tally',
  'multi-camera',
] as const;
export const MANAGED_SERVICES = [
  'go_plan',
  'graphics',
  'smart_plan',
  'ai_integration',
  'audio_ifb',
  'cellular_cap',
  'ingest',
  'field_server',
  'alerts_esn',
  'alerts_adv',
  'web_aud_connect',
] as const;
export const PLAN_TYPES = ['ADHOC', 'ADHOC_SMART', 'ADHOC_LITE', 'PERMANENT', 'PERMANENT_SMART', 'PERMANENT_LITE'] as const;
export const STREAMING_MODES = ['lrt', 'bonding', 'cloud'] as const;
export const ACCESS_APPROVAL_STATES = ['active', 'expired', 'used'] as const;
export const PASSWORD_EXPIRY_POLICIES = ['never', '3', '6', '12'] as const;
export const USAGE_PROFILE_TYPES = ['data', 'hours'] as const;
export const IFB_MODES = ['V1', 'V2'] as const;
export const PUBLISHING_MODES = ['automatic', 'manual'] as const;
/** Spec 001 §3 Server state, as a receiving server reports it: running while up, stopped while down. */
export const SERVER_RUN_STATES = ['running', 'stopped'] as const;
/** Spec 001 §3 tallyHwStatus / audioHwStatus: the interface hardware as the server sees it (null: no such interface). */
export const HW_INTERFACE_STATUSES = ['connected', 'disconnected'] as const;
export const INTERCOM_MODES = ['audioRoom', 'targetChannel'] as const;
export const INTERCOM_STATES = ['connecting', 'connected', 'disconnecting', 'disconnected'] as const;

/** Spec 001 §4 / §3: unit status change events relayed by the real-time client. */
export const UNIT_STATUS_CHANGE_EVENTS = [
  'offlineToOnline',
  'onlineToStreaming',
  'offlineToStreaming',
  'streamingToOnline',
  'onlineToOffline',
  'streamingToOffline',
  'storeAndForwardToOnline',
  'storeAndForwardToOffline',
  'offlineToStoreAndForward',
  'onlineToStoreAndForward',
  'unknown',
] as const;

/** Spec 000 §7 command kinds for POST devices/{id}/commands/{command}. */
export const UNIT_COMMANDS = [
  'setVirtualChannel',
  'stopStreaming',
  'reboot',
  'metadata',
  'linkConfiguration',
  'wifiQuery',
  'wifiConnect',
  'wifiDisconnect',
  'cellularScan',
  'cellularSelect',
  'activeSim',
  'audioParameters',
  'audioBitrate',
  'ifbDelay',
  'ifbAlwaysOn',
  'ancillaryData',
  'shootingMode',
  'storeAndForwardQuality',
  'encoder',
  'cancelFileUpload',
  'speedTest',
  'videoComplexity',
] as const;

/** Spec 000 §9 network modes, auth protocols, languages. */
export const NETWORK_MODES = ['3G/4G/5G', '3G/4G', '4G'] as const;
export const AUTH_PROTOCOLS = ['PAP', 'CHAP', 'both', 'none'] as const;
export const LANGUAGES = ['en', 'zh'] as const;
export const TOAST_VARIANTS = ['info', 'success', 'warning', 'error'] as const;
export type ToastVariant = (typeof TOAST_VARIANTS)[number];

/** The applications of the application switcher (spec 000 §2 application_urls: console, video-return portal, matrix). */
export const APPLICATION_IDS = ['console', 'videoReturnPortal', 'matrix'] as const;
