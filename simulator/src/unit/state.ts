/**
 * The typed state of a simulated unit beyond its models: what the core configured (settings),
 * what it is doing (selection, stream channel, tally, speed test, ...) and the faults in force.
 * The device and its parts own these; reactions read them and change them through their methods.
 */
import type { Applications, StoreAndForwardProfile, UNIT_COMMAND_BODIES, UnitCommand, UnitDeviceActionPayload, UnitSetting } from '@fleet/contracts';

/** The parsed body of one command kind. */
export type CommandBody<K extends UnitCommand> = NonNullable<ReturnType<(typeof UNIT_COMMAND_BODIES)[K]['parse']>>;

/** What the core configured and the device applied, by name. */
export interface UnitSettings {
  metadata: CommandBody<'metadata'>['fields'] | null;
  /** The Wi-Fi network joined (the password stays with the link, never here). */
  wifi: { ssid: string | null; security: CommandBody<'wifiConnect'>['security'] | null };
  /** Operator pinned per cellular modem id. */
  cellular: Record<string, CommandBody<'cellularSelect'>['network']>;
  audio: Partial<CommandBody<'audioParameters'>> & { bitrateKbps?: number };
  ifbDelayMs: number | null;
  ifbAlwaysOn: boolean | null;
  ancillaryData: CommandBody<'ancillaryData'> | null;
  shootingMode: CommandBody<'shootingMode'>['mode'] | null;
  /** The profile recordings use (store-and-forward quality). */
  storeAndForwardQuality: StoreAndForwardProfile | null;
  videoComplexity: CommandBody<'videoComplexity'>['level'] | null;
  encoder: CommandBody<'encoder'> | null;
  /** File names of the last cancel-file-upload command. */
  cancelledUploads: string[];
  /** Configuration updates as applied, by setting (payloads the core validated). */
  configuration: Partial<Record<UnitSetting, unknown>>;
}

export function defaultSettings(): UnitSettings {
  return {
    metadata: null,
    wifi: { ssid: null, security: null },
    cellular: {},
    audio: {},
    ifbDelayMs: null,
    ifbAlwaysOn: null,
    ancillaryData: null,
    shootingMode: null,
    storeAndForwardQuality: null,
    videoComplexity: null,
    encoder: null,
    cancelledUploads: [],
    configuration: {},
  };
}

/** Faults that change how the unit behaves until cleared (a scenario's switches). */
export interface UnitFaultState {
  /** Capacity multiplier of every link (congestion). */
  bitrateScale: number;
  /** Commands from the core are not acknowledged. */
  unresponsive: boolean;
  /** How the next/running upgrade ends: undefined by chance, null success, else the code. */
  upgradeOutcome: number | null | undefined;
  /** The next cellular scan fails. */
  scanFailure: boolean;
}
export const noFaults = (): UnitFaultState => ({ bitrateScale: 1, unresponsive: false, upgradeOutcome: undefined, scanFailure: false });

/** The selected channel as the unit applied it (External when not found or unlicensed). */
export interface ChannelSelection {
  channelId: string;
  external: boolean;
  attempts: number;
}

/** On air (program), in preview, or off: follows the channel the unit streams to. */
export type Tally = 'program' | 'preview' | 'off';

export type IntercomMode = UnitDeviceActionPayload<'startIntercom'>['mode'];
export type IntercomSession = 1 | 2;

/** Social media and CDN forwarding of the live stream. */
export type ExternalStreamKind = 'social_media' | 'cdn';

/** A copy of a unit's state at one moment (tests, the control plane, a resume). */
export interface UnitSnapshot {
  unitId: string;
  online: boolean;
  applications: Applications;
  swVersion: string;
  cameraConnected: boolean;
  selection: ChannelSelection | null;
  /** The channel the live stream holds (allocated to the unit), or null. */
  streamChannel: string | null;
  /** The External destination the live stream goes to by name (no channel allocated), or null. */
  streamExternal: string | null;
  tally: Tally;
  speedTest: { channelId: string | null } | null;
  upgrade: { target: string; progress: number } | null;
  logsChannel: string | null;
  scans: string[];
  intercoms: Partial<Record<IntercomSession, IntercomMode>>;
  externalStreams: Partial<Record<ExternalStreamKind, string>>;
  uploads: string[];
  settings: UnitSettings;
  faults: UnitFaultState;
}

/**
 * What the fleet invariants read of a unit (invariants/): its state now, read without copying
 * (checked every simulated second over whole fleets).
 */
export interface UnitTruth {
  unitId: string;
  online: boolean;
  /** The power-on the unit is in (0 before the first). */
  life: number;
  applications: Applications;
  streamChannel: string | null;
  streamExternal: string | null;
  tally: Tally;
  /** What the unit holds besides its stream (all of it released when it goes off). */
  logsChannel: string | null;
  upgrading: boolean;
  uploadsQueued: number;
  speedTest: boolean;
  intercomSessions: number;
  externalStreams: number;
  scans: number;
  recording: boolean;
  p2pLinkId: string | null;
  /** Timers of the current power-on still pending (none while off). */
  lifeTimersPending: number;
  /** Timers of an ended power-on that fired anyway (never, unless the timer scope is broken). */
  staleTimerFirings: number;
  /** Whether the unit's video licence is valid (the core's). */
  videoLicensed: boolean;
  /** When a person last stopped or started something on the unit, and its autonomy last started something (simulated ms). */
  personHold: PersonHoldTruth;
}

export interface PersonHoldTruth {
  personStoppedAt: number | null;
  personStartedAt: number | null;
  autonomousStartAt: number | null;
  /** How long autonomy leaves a unit a person stopped alone (DeviceTimings.personStopHoldMs). */
  holdMs: number;
}
