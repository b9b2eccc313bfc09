/**
 * Business constants and limits: spec 000 §9 and spec 001 §9. Handlers, the simulator and the
 * console read limits from here, never as literals.
 */
export const LIMITS = {
  unitCommentMax: 100,
  storyFieldMax: 1024,
  filenamePrefixMax: 32,
  cameraLabelMax: 12,
  multiCameraMaxCameras: 4,
  cameraPriorityMin: 1,
  cameraPriorityMax: 9,
  hdMaxBandwidthSingleCameraMbps: 20,
  hdMaxBandwidthMultiCameraMbps: 15,
  unitSearchDefaultPageSize: 50,
  groupSearchDefaultPageSize: 50,
  videoReturnSearchDefaultPageSize: 50,
  audioRoomsDefaultPageSize: 100,
  ipPipeServerListPageSize: 1000,
  uploadedFilesListMax: 10,
  shareLinksMax: 10,
  batchUpgradeMaxDevices: 500,
  apnSlots: 4,
  audioChannelsSdiOnlyFrom: 4,
  resolution: 2160,
  colourDepths: [8, 10],
  audioEncodingKbps: [96, 128, 192],
  audioEncodingChannels: 2,
  genericNameMax: 255,
  usernameMin: 3,
  usernameMax: 255,
  personNameMin: 2,
  personNameMax: 255,
  userLabelMax: 30,
  passwordMin: 8,
  publisherNameMax: 32,
  publisherDescriptionMax: 32,
  rtspUrlMax: 256,
  delayMinMs: 400,
  delayMaxMs: 20000,
  delayOnTheFlyMinMs: 900,
  lowDelayThresholdMs: 1000,
  forceWiredDelayBelowMs: 800,
  smartUnitBandwidthDefaultKbps: 0,
  smartUnitBandwidthMinKbps: 1000,
  smartUnitBandwidthMaxKbps: 20000,
  genlockOffsetMin: -511,
  genlockOffsetMax: 511,
  webrtcPortMin: 1,
  webrtcPortMax: 65353,
  portMin: 1,
  portMax: 65535,
  /** The unit-search API pages at most this many rows (not in the spec: a guard against abuse). */
  pageSizeMax: 1000,
  /** SDI boards per channel server (not in the spec: a guard; hubs carry at most 8 SDI ports). */
  channelSdiMax: 8,
  /** Receivers of one point-to-multipoint channel (not in the spec: a guard against abuse). */
  ptmpMachinesMax: 64,
} as const;

export const TIMINGS = {
  toastMax: 5,
  toastDefaultTimeoutMs: 3000,
  enhancedUnitRefreshMs: 60_000,
  servicesCacheMs: 30 * 60_000,
  smpteMetadataCacheMs: 60_000,
  transitionPollCount: 10,
  transitionPollIntervalMs: 2000,
  channelSetRetries: 7,
  bitrateGraphRefreshMs: 5000,
  bitrateGraphMaxPoints: 360,
  speedTestTimeout: 10,
  wifiOrModemToggleMaxMs: 60_000,
  networkScanMinMs: 60_000,
  networkScanMaxMs: 120_000,
  operatorSwitchMaxMs: 30_000,
  nrcsSyncIntervalMs: 5 * 60_000,
  otherTimeoutsMs: [12_000, 20_000, 30_000],
  switcherUpdateGuardMs: 5000,
  passwordExpiryWarningDays: 14,
  searchBoxCollapseMs: 500,
  pollIntervalMs: 300_000,
  pollInitialDelayMinMs: 1000,
  pollInitialDelayMaxMs: 300_000,
  wsReconnectIntervalMs: 10_000,
  wsSubscriptionBatchSize: 50,
  deviceListRefreshDebounceMs: 3000,
  syncMessageDelayMaxMs: 1900,
  notificationExpiringSoonMs: 2 * 3600_000,
  notificationExpiringDayMs: 24 * 3600_000,
  supportAccessMs: 8 * 3600_000,
  emailVerificationLinkMs: 72 * 3600_000,
  trialDays: 30,
  graphicsTrialHours: 10,
  retryTimerDefaultRecurrences: 5,
  retryTimerDefaultIntervalMs: 1000,
  fileUrlProbeTimeoutMs: 5000,
} as const;

export const BITRATE = {
  /** Above this many kbps the console shows Mbps with one decimal. */
  mbpsDisplayThresholdKbps: 1000,
} as const;

/** Spec 000 §9 bandwidth cap options (Mbps); "disabled" and "custom" are the two non-numeric choices. */
export const BANDWIDTH_CAP_OPTIONS = ['disabled', 'custom', '3.6', '4.2', '4.4', '5.5', '6.2', '8.0'] as const;

/** Spec 000 §9 software versions. */
export const SOFTWARE_VERSIONS = { min: '3.5', max: '10.1', speedTestMinChannelVersion: '7.5.1' } as const;

/** Spec 000 §9 / 001 §9 map defaults. */
export const MAP_DEFAULTS = { zoom: 3, center: { lat: 0, lng: 0 } } as const;

/**
 * Spec 001 §9 "IFB low delay 300 ms versus 700 ms": the return audio's delay with low delay on and
 * off. A multimedia hub's IFB mode V2 is the low-delay generation, V1 the standard one (reading of
 * the spec's §3 "IFB mode (V1 or V2)"; see @fleet/domain `ifbDelayMs`).
 */
export const IFB_DELAY_MS = { low: 300, standard: 700 } as const;

/** Spec 001 §9 default media resolutions. */
export const DEFAULT_MEDIA_RESOLUTIONS = ['1080p60', '1080p50', '1080i60', '1080i50', '720p60', '720p50', '576i', '480i'] as const;

/** Spec 001 §9 ad-hoc and permanent invitation periods. */
export const ADHOC_PERIODS = ['1d', '3d', '1w', '1m'] as const;
export const PERMANENT_KEY_REGENERATION = ['never', 'daily', 'weekly', 'monthly'] as const;

/** Spec 000 §3 default smart-unit country; §9 default files date filter. */
export const DEFAULTS = { luSmartCountry: 'usa', filesDateFilter: 'all' } as const;

/** Spec 000 §9 default alert settings. */
export const DEFAULT_ALERT_SETTINGS = {
  offlineToOnline: true,
  startedStreaming: true,
  streamingToOnline: true,
  onlineToOffline: true,
  streamingToOffline: true,
  fileUploadStarted: true,
  fileUploadCompleted: true,
  newDeviceAdded: true,
} as const;
export const DEFAULT_ALERT_SOUND_SETTINGS = { critical: true, warning: false } as const;

/** Spec 001 §5 / §9 channel configuration limits (manage-channel modal, streaming destinations). */
export const CHANNEL_CONFIG_LIMITS = {
  rtspUrlMax: 256,
  webrtcPortMin: 1,
  webrtcPortMax: 65353,
  mpegTsPortMax: 65535,
  videoBitrateMinKbps: 2000,
  videoBitrateMaxKbps: 8000,
  srtKeyMin: 10,
  srtKeyMax: 64,
  /** Source ports 554-557 are reserved (RTSP): allowed 0-553 and 558-65535. */
  sourcePortReserved: [554, 557],
  sourcePortMax: 65535,
  streamMediaProfileMax: 2_147_483_647,
  overlayMaxBytes: 110 * 1024,
  overlayMaxPx: 2000,
  /** Longest base64 overlay a request may carry: files above overlayMaxBytes still reach the "too big" answer. */
  overlayBase64Max: 1_000_000,
  ffmpegOverrideMax: 1024,
  smpteFlowsMax: 16,
  bwLimitChannelsMax: 100,
  customBandwidthMinKbps: 100,
  customBandwidthMaxKbps: 100_000,
} as const;

/**
 * Spec 001 §9 STUN/TURN info: the console caches the answer until it expires, i.e. for
 * `turnExpiration` seconds × `cacheMsPerExpirationSecond`.
 */
export const STUN_TURN = { turnExpirationSeconds: 3600, cacheMsPerExpirationSecond: 1000 } as const;
