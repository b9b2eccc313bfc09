/**
 * User-facing text from the spec, word for word: validation messages (000 §5, 001 §5) and the error
 * catalogue (000 §8, 001 §8). The core answers with these texts; the console translates by key.
 */

/** Validation messages. Parameterised ones are functions so the wording stays in one place. */
export const VALIDATION = {
  invalidField: 'Invalid field',
  required: 'This field is required',
  mustMatchPattern: 'Must match the pattern',
  minChars: (n: number) => `Must have at least ${n} characters`,
  maxChars: (n: number) => `Must have at most ${n} characters`,
  betweenChars: (n: number, m: number) => `Must be between ${n} and ${m} characters`,
  minValue: (n: number) => `Must be ${n} or more`,
  maxValue: (n: number) => `Must be ${n} or less`,
  numericOnly: 'Must only contain numeric characters',
  integer: 'Must be an integer',
  number: 'Must be a number',
  invalidIp: 'Invalid IP field',
  invalidSubnet: 'Invalid Subnet Mask field',
  nameUnique: 'Name field has to be unique',
  nameTaken: 'Name is already taken, please select a different name',
  max255: 'Must be no more than 255 characters',
  invalidEmail: 'Invalid email format',
  fieldUnique: 'This field must be unique',
  streamIdUnique: 'Stream ID must be unique between streams',
  numericRequired: 'Numeric value is required',
  parentInventoryNotSelf: 'Parent inventory cannot be the current inventory',
  /** 000 §5 unit name: characters. */
  unitNameCharacters: 'Only letters, numbers, underscores and hyphens are allowed',
  /** 000 §5 unit name: uniqueness. */
  unitNameInUse: 'This name is already in use, please choose a different name',
  sluglineMissing: 'Slugline is missing',
  noSemicolon: 'Metadata fields cannot contain a semicolon',
  lastInterface: 'At least two interfaces must stay connected; the last one cannot be disabled',
  cellularScanOneModem: 'Cellular scan is not allowed when only one modem is connected',
  cellularAboveTotal: 'Max Cellular Capping cannot be higher than Max Total Capping',
  busyUnitCapping: 'Bandwidth Limit Capping cannot be configured for a busy unit',
  priorityLimitOrder: 'A priority limit must be lower than the total and higher than the limits of lower priorities',
  delayOnTheFly: 'Delay can be changed on the fly only for 0.9 s or higher',
  /** 000 §5 "Only XSLT file type accepted for the XSLT upload", in the words §8 gives the user for it. */
  xsltOnly: 'File type not supported',
  speedTestVersion: 'Speed test needs channel version 7.5.1 or higher',
  supportCaseNotIdle: 'A support case can be opened only when the unit is online and idle',
  supportCaseNoEmail: 'Users without an e-mail address cannot open a support case',
  readOnlyNoDelete: 'Deleting uploaded files is not allowed for read-only users',
  filenamePrefixUnique: 'The resulting file name must be unique on the same multimedia hub',
  maxElements: 'Maximum number of elements reached',
  noItems: 'No items',
  // ── Unit commands and unit updates ──
  /** 000 §4: Store & Forward is disabled when the unit has no SD card. */
  storeAndForwardNoSdCard: 'Store & Forward is not available: the unit has no SD card',
  /** 000 §9: audio channels 4 and above come from the SDI input only. */
  audioChannelsSdiOnly: 'Audio channels 4 and above are available on the SDI input only',
  /** 001 §5: first name must start with an uppercase letter. */
  firstNameUppercase: 'First name must start with an uppercase letter',
  /** 000 §3 switcher-and-proxy: two distinct channels. */
  proxySameAsHighQuality: 'The proxy channel must be different from the high quality channel',
  // ── end of unit-config area ──
  // ── files ──
  /** Make a chunk: the end of the range must come after its start. */
  chunkEndAfterStart: 'The end must be after the start',
  // ── end of files ──
  // ── Channel configuration (001 §5) ──
  /** 001 §5 RTSP URL at most 256 characters (worded like the 255 one). */
  max256: 'Must be no more than 256 characters',
  /** 001 §5 RTSP URL ASCII only. */
  asciiOnly: 'Must only contain ASCII characters',
  /** 001 §5 SRT key without special characters. */
  noSpecialCharacters: 'Must not contain special characters',
  /** 001 §5 source port 0-553 or 558-65535. */
  sourcePortRange: 'Must be between 0 and 553 or between 558 and 65535',
  /** 001 §5 "Only one main stream profile per provider". */
  mainStreamProfilePerProvider: 'Only one main stream profile per provider',
  // ── end of channel configuration ──
  // ── Stream and geocoding settings (001 §5) ──
  /** 001 §5 "Stream media profile values 0-2147483647". */
  streamMediaProfileValue: 'Must be between 0 and 2147483647',
  /** A stream media profile's min resolution above its max (no spec text; worded like the others). */
  minResolutionAboveMax: 'Min resolution must not be above max resolution',
  /** 001 §5 "Geocoding: accuracies ... must match geocoders": one accuracy per geocoder. */
  accuraciesMatchGeocoders: 'Accuracies must match geocoders',
  /** One geocoding profile is the default: it stops being so only when another one becomes it (no spec text). */
  geocodingDefaultRequired: 'One geocoding profile must stay the default',
  // ── end of stream and geocoding settings ──
  // ── User accounts (001 §5) ──
  /** 001 §5 "User needs at least one inventory". */
  userInventoryRequired: 'User needs at least one inventory',
  /** 001 §5 new password: at least 8 characters with upper, lower, digit and/or punctuation. */
  passwordRule: 'Must have at least 8 characters with upper and lower case letters and a digit or punctuation',
  /** 001 §5 "the two entries must match". */
  passwordsMustMatch: 'The two passwords must match',
  /** 001 §5 username: letters, digits and @ . + - _. */
  usernameCharacters: 'Only letters, digits and @ . + - _ are allowed',
  // ── end of user accounts ──
  // ── Inventories ──
  /** The ingest account's XSLT refused by the security check; `what` names the construct (no spec text; worded like the others). */
  xsltNotAllowed: (what: string) => `The XSLT document is not allowed: ${what}`,
  // ── end of inventories ──
  // ── Upgrades ──
  /** 001 §5 "Batch upgrade CSV: at most 500 devices" (§9 500 devices per batch). */
  batchUpgradeMaxDevices: 'Batch upgrade CSV: at most 500 devices',
  /** A batch CSV without the header naming its columns (no spec text; worded like the others). */
  batchUpgradeCsvHeader: 'The first line must name the columns deviceId and targetVersion',
  /** A batch CSV line naming a device that is not found (or not the caller's). */
  batchUpgradeDeviceNotFound: 'Device not found',
  /** A batch CSV line naming a device already listed above. */
  batchUpgradeDuplicateDevice: 'Device is listed more than once',
  // ── end of upgrades ──
  // ── Software versions (001 §3, §9) ──
  /** 001 §9 "Version numbers 3.5 up to 10.1, compared by major, minor, patch". */
  softwareVersionNumber: 'Version numbers are major.minor[.patch], from 3.5 up to 10.1',
  /** 001 §3 release notes URL: an http(s) address (worded like the others). */
  releaseNotesUrl: 'Must be an http or https address',
  // ── end of software versions ──
  // ── Shares (001 §5) ──
  /** 001 §5 "Share links: ... start in the future". */
  shareLinkStartInFuture: 'Start time must be in the future',
  // ── end of shares ──
  /** A request body or message nests arrays/objects deeper than the core reads (no spec text; worded like the others). */
  tooDeeplyNested: (n: number) => `Must not be nested more than ${n} levels deep`,
  // ── Admin pages ──
  /** A system message's expiry date, when set, lies in the future (no spec text; worded like the share link's). */
  expiryInFuture: 'Expiry date must be in the future',
  // ── end of admin pages ──
} as const;

/** Stable error codes with the spec's text. HTTP status chosen per kind of failure. */
export const ERROR_CATALOGUE = {
  // transport / generic
  UNAUTHENTICATED: { status: 401, message: 'Authentication required' },
  FORBIDDEN: { status: 403, message: 'You are not allowed to access this application' },
  NOT_AVAILABLE_FOR_USER_TYPE: { status: 403, message: 'Not available for your user type' },
  NOT_FOUND: { status: 404, message: 'Items cannot be displayed. Please contact support' },
  VALIDATION_FAILED: { status: 400, message: 'Invalid field' },
  CONFLICT: { status: 409, message: 'The item was changed by someone else, please reload and try again' },
  GENERIC: { status: 500, message: 'Generic Error' },
  DEVICE_UNREACHABLE: { status: 503, message: 'Configuration not sent, retry' },
  INVALID_CREDENTIALS: { status: 401, message: 'Incorrect username or password' },
  /** Too many failed log-ins of the account or from the address: locked out for a while (429 with Retry-After). No spec text; worded like the others. */
  TOO_MANY_LOGIN_ATTEMPTS: { status: 429, message: 'Too many failed log-in attempts, please try again later' },
  /** The REST rate limits per session and per address: answered with Retry-After. */
  TOO_MANY_REQUESTS: { status: 429, message: 'Too many requests, please try again later' },
  /** A request body over the core's size limit; the answer's message names the limit (plugins/errors.ts). No spec text. */
  BODY_TOO_LARGE: { status: 413, message: 'The request body is too large' },
  /** A method the path does not take; the answer's Allow header lists those it does. No spec text. */
  METHOD_NOT_ALLOWED: { status: 405, message: 'This method is not allowed here' },
  /** The request's headers (cookies included) over the server's limit, or its address too long. No spec text. */
  REQUEST_TOO_LARGE: { status: 431, message: 'The request headers are too large' },
  /** A request that did not arrive whole in time (Node's request timeout). No spec text. */
  REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive' },
  // spec 000 §8
  SERVER_BUSY_SENDING_LOGS: { status: 409, message: 'Server is busy sending logs of another channel' },
  CHANNEL_NO_LOGS: { status: 422, message: 'Channel does not support logs sending' },
  CHANNEL_BUSY_OR_OFFLINE_LOGS: { status: 409, message: 'Selected channel busy or offline when sending logs' },
  SCAN_FAILED: { status: 502, message: 'Scan failed, please try again' },
  SCAN_NOT_SUPPORTED: { status: 422, message: 'Scan not supported for this modem' },
  INCORRECT_PASSWORD: { status: 403, message: 'Incorrect password' },
  FILE_TYPE_NOT_SUPPORTED: { status: 415, message: 'File type not supported' },
  NAME_IN_USE: { status: 409, message: 'Name already in use' },
  NO_VIDEO_RETURN_LICENSE: { status: 402, message: 'No Video Return licenses' },
  NO_MULTI_CAMERA_LICENSE: { status: 402, message: 'No Multi Camera license' },
  DATABRIDGE_LICENSE_DISABLED: { status: 402, message: 'Databridge license not enabled' },
  PRO_4K_LICENSE_MISSING: { status: 402, message: 'PRO-4K licence missing' },
  INTERCOM_SERVER_MISMATCH: { status: 409, message: 'Intercom server missing or different from the audio room' },
  CHANNEL_CHANGED_SPEED_TEST: { status: 409, message: 'Channel changed, repeat speed test' },
  TEST_CANCELLED: { status: 409, message: 'Test cancelled' },
  UNIT_VIDEO_LICENSE_INVALID: { status: 402, message: 'Unit video license invalid' },
  CAMERA_NOT_CONNECTED: { status: 409, message: 'Camera not connected' },
  UNIT_OFFLINE: { status: 409, message: 'Selected channel busy or offline' },
  UNIT_BUSY: { status: 409, message: 'Unit is busy' },
  // upgrade codes (meaning only in the spec; text is ours)
  UPGRADE_6802: { status: 422, message: 'Target version not allowed', code: 6802 },
  UPGRADE_6803: { status: 422, message: 'Upgrade not supported for LU-600 H264', code: 6803 },
  UPGRADE_6199: { status: 409, message: 'Server offline', code: 6199 },
  UPGRADE_6808: { status: 409, message: 'Server busy', code: 6808 },
  UPGRADE_6810: { status: 422, message: 'Target version not supported by hardware configuration', code: 6810 },
  // spec 001 §8
  FEATURE_DISABLED: { status: 403, message: 'Feature disabled' },
  INVENTORY_CONFIGURATION_EXISTS: { status: 409, message: 'Inventory configuration already exists' },
  OUTPUT_CHANNEL_LICENSE_EXCEEDED: { status: 402, message: 'Output channel license is exceeded (the server supports up to {0} output channels)' },
  USER_EXISTS: { status: 409, message: 'User already exists' },
  OLD_PASSWORD_MISMATCH: { status: 422, message: 'Old password does not match' },
  EMAIL_IN_USE: { status: 409, message: 'Email used by another user' },
  NO_USER_LICENSE: { status: 402, message: 'No available user license' },
  LICENSE_LIMIT_REACHED: { status: 402, message: 'License limit reached' },
  // ── managed services ──
  /** A trial starts once (§4 enabledTrial → activeTrial); the spec has no text for it, worded like the others. */
  TRIAL_ALREADY_STARTED: { status: 409, message: 'The trial has already been used' },
  /** No trial is offered for the service (not enabledTrial). No spec text; worded like the others. */
  TRIAL_NOT_OFFERED: { status: 409, message: 'No trial is available for this service' },
  // ── end of managed services ──
  ASSOCIATION_EXISTS: { status: 409, message: 'Association already exists' },
  SOFTWARE_VERSION_EXISTS: { status: 409, message: 'Software version exists' },
  NO_4K_ON_CHANNEL: { status: 422, message: 'No 4K transmission on the channel' },
  PRO_4K_NOT_AVAILABLE: { status: 402, message: 'PRO-4K license not available' },
  CERTIFICATE_NOT_FOUND: { status: 404, message: 'Certificate not found' },
  CERTIFICATE_DELETION_FAILED: { status: 409, message: 'Certificate deletion failed' },
  GEOCODING_PROFILE_IN_USE: { status: 409, message: 'Geocoding profile in use' },
  UNIT_MAX_INVENTORIES: { status: 409, message: 'Unit max inventories reached' },
  EMAIL_SMS_ERROR: { status: 502, message: 'Email/SMS error, try again' },
  // ── channels ──
  /** 001 §8 "group or channel sharing as transceiver feed cannot be removed". */
  TRANSCEIVER_FEED_IN_USE: { status: 409, message: 'Group or channel sharing as transceiver feed cannot be removed' },
  /** 001 §8 "ingest or busy channel conflicts": a busy channel cannot be deleted or change type. */
  CHANNEL_BUSY_CONFLICT: { status: 409, message: 'Busy channel conflict' },
  /** 001 §8 "ingest or busy channel conflicts": a channel an ingest server takes input through. */
  INGEST_CHANNEL_CONFLICT: { status: 409, message: 'Ingest channel conflict' },
  /** 001 §8 "transceiver busy or with an encoder input". */
  TRANSCEIVER_BUSY: { status: 409, message: 'Transceiver busy or with an encoder input' },
  // ── end of channels ──
  // ── groups ──
  /** POST v2/groups/{id}/defaultConfiguration on a group that has one (no spec text; worded like 001 §8 'Inventory configuration already exists'). */
  GROUP_CONFIGURATION_EXISTS: { status: 409, message: 'Group configuration already exists' },
  // ── end of groups ──
  // ── Servers (spec 001 §8, §5) ──
  IFB_MODE_SERVER_OFFLINE: { status: 409, message: 'IFB mode cannot be changed while the server is offline' },
  IFB_MODE_SERVER_NOT_IDLE: { status: 409, message: 'IFB mode can be changed only when the server is idle' },
  IFB_MODE_NO_SIP_SERVER: { status: 409, message: 'IFB mode cannot be changed: no SIP server is configured on the inventory' },
  IFB_MODE_NO_PRIMARY_INVENTORY: { status: 409, message: 'IFB mode cannot be changed: the server has no primary inventory' },
  MAX_CHANNELS_BELOW_ALLOCATED: { status: 409, message: 'Max channels cannot be lower than the number of allocated channels' },
  /** 001 §5 "certificate deletion not allowed while device busy". */
  CERTIFICATE_DELETION_DEVICE_BUSY: { status: 409, message: 'Certificate deletion is not allowed while the device is busy' },
  IP_PIPE_SETTINGS_EXIST: { status: 409, message: 'IP pipe settings already exist' },
  IP_PIPE_SETTINGS_MISSING: { status: 404, message: 'IP pipe settings not found' },
  // ── end of servers area ──
  // ── Channel configuration (001 §8 overlay file errors, busy channel conflicts) ──
  OVERLAY_TOO_BIG: { status: 413, message: 'Overlay file is too big (at most 110 KB)' },
  OVERLAY_EXISTS: { status: 409, message: 'Overlay file already exists' },
  OVERLAY_TYPE: { status: 415, message: 'Overlay file type not supported (PNG only)' },
  OVERLAY_RESOLUTION: { status: 422, message: 'Overlay resolution is too high (at most 2000x2000 px)' },
  /** Input sources belong to input channels (encoder, SRT, RTMP, WebRTC) only. */
  CHANNEL_NOT_INPUT: { status: 409, message: 'Input sources can be changed on input channels only' },
  /** 001 §8 "busy channel conflicts": a collecting channel's output cannot change under it. */
  CHANNEL_BUSY: { status: 409, message: 'The channel is busy; try again when it is idle' },
  // ── end of channel configuration ──
  // ── Unit actions and admin unit calls ──
  /** Spec 000 §5 send logs: "A support case can be opened only when the unit is online and idle". */
  SUPPORT_CASE_NOT_IDLE: { status: 409, message: 'A support case can be opened only when the unit is online and idle' },
  /** Spec 000 §5: "users without an e-mail address cannot open one". */
  SUPPORT_CASE_NO_EMAIL: { status: 403, message: 'Users without an e-mail address cannot open a support case' },
  /** Spec 000 §5 / §6: read-only users cannot delete files. */
  READ_ONLY_FILE_DELETE: { status: 403, message: 'Deleting uploaded files is not allowed for read-only users' },
  /** A file already queued or uploading is not queued again (and not deleted mid-transfer). */
  FILE_UPLOAD_IN_PROGRESS: { status: 409, message: 'The file is being uploaded' },
  /** Social media and CDN streams forward the unit's live stream: it must be streaming. */
  UNIT_NOT_STREAMING: { status: 409, message: 'The unit is not streaming' },
  /** A unit always belongs to at least one inventory (admin inventory association). */
  UNIT_LAST_INVENTORY: { status: 409, message: 'A unit must belong to at least one inventory' },
  /** A unit joins only groups of its own inventories (admin group association). */
  GROUP_OUTSIDE_UNIT_INVENTORIES: { status: 409, message: 'The group belongs to an inventory the unit is not in' },
  // ── end of unit-actions area ──
  // ── Unit commands and unit updates ──
  /** 000 §5: disabling (or disconnecting) the last connected interface; decided by core or device. */
  LAST_INTERFACE: { status: 409, message: VALIDATION.lastInterface },
  /** 000 §5: a cellular scan with only one interface connected; decided by core or device. */
  CELLULAR_SCAN_ONE_MODEM: { status: 409, message: VALIDATION.cellularScanOneModem },
  /** A command names an interface kind the unit does not have (no Wi-Fi for wifi connect, ...). */
  INTERFACE_NOT_PRESENT: { status: 422, message: 'The unit has no such interface' },
  // ── end of unit-config area ──
  // ── Video return channels and point-to-point links ──
  /** 001 §8 "busy channel conflicts": a video return channel a unit is collecting from is not deleted. */
  VR_CHANNEL_BUSY: { status: 409, message: 'The video return channel is busy' },
  /** A streaming point-to-point link is not edited or deleted (stop it first). */
  P2P_LINK_STREAMING: { status: 409, message: 'The link is streaming' },
  // ── end of video return and point-to-point ──
  // ── Audio rooms ──
  /** A running room is stopped before it is deleted or moved to another IFB server. */
  AUDIO_ROOM_ACTIVE: { status: 409, message: 'The audio room is active; stop it first' },
  /** A room starts on its IFB server: one without a server cannot start. */
  AUDIO_ROOM_NO_SERVER: { status: 409, message: 'The audio room has no IFB server' },
  // ── end of audio rooms ──
  // ── Usage profiles ──
  /** 001 §5 "default profiles ... cannot be deleted". */
  USAGE_PROFILE_DEFAULT: { status: 409, message: 'Default usage profiles cannot be deleted' },
  /** 001 §5 "profiles with devices cannot be deleted". */
  USAGE_PROFILE_IN_USE: { status: 409, message: 'Usage profiles with devices cannot be deleted' },
  // ── end of usage profiles ──
  // ── Organisations ──
  /** An organisation's users would be left without one (no spec text; worded like 001 §5 "profiles with devices cannot be deleted"). */
  ORGANISATION_HAS_USERS: { status: 409, message: 'Organisations with users cannot be deleted' },
  // ── end of organisations ──
  // ── Inventories ──
  /** 001 §8 "inventory cannot be deleted with overlays or an active audio room". */
  INVENTORY_IN_USE: { status: 409, message: 'Inventory cannot be deleted with overlays or an active audio room' },
  /** An inventory with children is not deleted (they would lose their parent). */
  INVENTORY_HAS_CHILDREN: { status: 409, message: 'Inventory cannot be deleted while it has child inventories' },
  /** A video return channel keeps at least one inventory (like its admin update). */
  VR_CHANNEL_LAST_INVENTORY: { status: 409, message: 'A video return channel must belong to at least one inventory' },
  // ── end of inventories ──
  // ── User accounts (001 §6, §8) ──
  /** 001 §6 "Enterprise users are managed only by an IT admin" (SSO users too). */
  USER_MANAGED_BY_IT_ADMIN: { status: 403, message: 'Enterprise users are managed only by an IT admin' },
  /** A user cannot delete or deactivate their own account (they would lock themselves out). */
  USER_SELF_REMOVAL: { status: 409, message: 'You cannot delete or deactivate your own user' },
  /** A user joins only groups of their own inventories. */
  GROUP_OUTSIDE_USER_INVENTORIES: { status: 409, message: 'The group belongs to an inventory the user is not in' },
  // ── end of user accounts ──
  // ── Group alerts and invitation settings ──
  /** 001 §8 "code reset failed": no new permanent key could be stored. */
  CODE_RESET_FAILED: { status: 409, message: 'Code reset failed' },
  /** 001 §4 e-mail recipient verification: a link we never sent (or for a recipient since removed). */
  VERIFICATION_LINK_UNKNOWN: { status: 404, message: 'This verification link is not valid' },
  /** 001 §4 and §9: the link is valid 72 hours. */
  VERIFICATION_LINK_EXPIRED: { status: 410, message: 'This verification link has expired (valid 72 hours)' },
  // ── end of group alerts and invitation settings ──
  // ── Software versions ──
  /** A version a pending or running upgrade targets is neither deleted nor renumbered (the job would lose its target). */
  SOFTWARE_VERSION_IN_USE: { status: 409, message: 'Software version is in use by a running upgrade' },
  /** A version available to every inventory is not withdrawn from one (set its inventories instead). */
  SOFTWARE_VERSION_GLOBAL: { status: 409, message: 'Software version is available to every inventory; set its inventories instead' },
  /** Withdrawing its last inventory would make a version available to every inventory. */
  SOFTWARE_VERSION_LAST_INVENTORY: { status: 409, message: 'The last inventory of a software version cannot be withdrawn' },
  // ── end of software versions ──
  // ── Shares (001 §5, §9) ──
  /** 001 §5 "Editing root subscriber folders not allowed" (rename, move or delete of an inventory's root folder). */
  ROOT_FOLDER_NOT_EDITABLE: { status: 409, message: 'Editing root subscriber folders not allowed' },
  /** 001 §5 "Share links: at most 10", §9 "Max 10 share links". */
  SHARE_LINKS_LIMIT: { status: 409, message: 'At most 10 share links' },
  // ── end of shares ──
  // ── Admin pages ──
  /** 001 §4: an approval past its 8 hours, revoked or used is over ("blocks automatically"): it is neither used nor revoked again. */
  ACCESS_APPROVAL_NOT_ACTIVE: { status: 409, message: 'The access approval is no longer active' },
  // ── end of admin pages ──
} as const satisfies Record<string, { status: number; message: string; code?: number }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** Spec 001 §8 software upgrade failure codes with their texts. */
export const UPGRADE_FAILURE_TEXTS = {
  101: 'Install failed',
  102: 'Blackmagic driver failed',
  103: 'OS upgrade failed',
  104: 'Install after OS upgrade failed',
  105: 'Network problem',
  106: 'No connection to repository',
  107: 'Backup of server configuration failed',
  [-1]: 'Generic error, reboot server',
} as const;
