/**
 * The one place the core decides whether a device may go to a software version (spec 001 §5
 * upgrade rules, §8 upgrade codes): the software upgrade calls, batch upgrades and the admin
 * target software version all ask here. The version rules themselves are packages/domain's
 * (`checkUnitUpgradeEligibility`, `checkServerUpgradeEligibility`); this adds what only the core
 * knows: the SoftwareVersion row (unknown, deprecated, not available to the device's inventories:
 * 6802; supported devices: 6810), the unit's SLA service, the server it transmits to and its channel,
 * a server's live state (offline 6199, busy 6808) and a transceiver busy or with an encoder input.
 */
import {
  CHANNEL_STATUSES,
  ERROR_CATALOGUE,
  canonicalSoftwareVersionNumber,
  type ChannelStatus,
  type UpgradeBlockRule,
  type UpgradeWarning,
} from '@fleet/contracts';
import {
  channelStatusClass,
  checkServerUpgradeEligibility,
  checkUnitUpgradeEligibility,
  compareVersions,
  parseVersion,
  type UpgradeBlocker,
} from '@fleet/domain';
import type { Db } from '@fleet/db';
import type { ReadModel, ServerRow } from '../../platform/storage/read-model.js';
import type { UnitRecord } from '../../platform/storage/unit-rows.js';
import { findServiceStatus } from '../units/repository.js';
import type { UnitUpgradeCheck, UpgradeReason, UpgradeReasonCode } from '../units/upgrade-check.js';
import * as repo from './repository.js';

export type { UpgradeReason, UpgradeReasonCode } from '../units/upgrade-check.js';

/** Blockers and warnings of one device and one version, blockers in the order a start reports them. */
export interface UpgradeCheck {
  readonly reasons: UpgradeReason[];
  readonly warnings: UpgradeWarning[];
}

/** What the checks read besides the device. */
export interface UpgradeRuleDeps {
  readonly db: Db;
  readonly readModel: ReadModel;
  /** Live channel statuses of a server (the stored ones may lag). */
  readonly channelsOf: (serverId: string) => ReadonlyArray<{ channelId: string; status: string }>;
}

/** A SoftwareVersion row as the checks read it. */
export type VersionRow = repo.SoftwareVersionCheckRecord;

export function reason(rule: UpgradeBlockRule, errorCode: UpgradeReasonCode, message: string): UpgradeReason {
  const entry = ERROR_CATALOGUE[errorCode];
  return { rule, errorCode, deviceCode: 'code' in entry ? entry.code : null, message };
}

const fromDomain = (b: UpgradeBlocker): UpgradeReason => reason(b.rule, b.errorCode, b.message);

function listed(version: VersionRow): string[] {
  return Array.isArray(version.supportedDevices) ? version.supportedDevices.filter((d): d is string => typeof d === 'string') : [];
}

/** "Supported devices" lists type groups, server types or product models: the device is supported by any of them (an empty list: every device). */
function supports(version: VersionRow, kinds: readonly string[]): boolean {
  const devices = listed(version);
  const wanted = kinds.map((k) => k.toLowerCase());
  return devices.length === 0 || devices.some((d) => wanted.includes(d.toLowerCase()));
}

/** A version assigned to no inventory is available to every inventory; else to its own. */
export function availableTo(version: Pick<VersionRow, 'inventories'>, inventoryIds: readonly string[]): boolean {
  return version.inventories.length === 0 || version.inventories.some((i) => inventoryIds.includes(i.inventoryId));
}

/** Released for the device: deprecated or not available to its inventories blocks with 6802 (after the version rules, which say more). */
function releaseReasons(version: VersionRow, inventoryIds: readonly string[]): UpgradeReason[] {
  if (version.deprecated) return [reason('unknownVersion', 'UPGRADE_6802', `Version ${version.number} is deprecated`)];
  if (!availableTo(version, inventoryIds))
    return [reason('unknownVersion', 'UPGRADE_6802', `Version ${version.number} is not available to the device's inventories`)];
  return [];
}

/** The SoftwareVersion row of a number, whichever way it is spelt ("10.1.0" finds the stored "10.1"). */
export function findVersion(db: Db, target: string): Promise<VersionRow | null> {
  return repo.findSoftwareVersionToCheck(db, canonicalSoftwareVersionNumber(target));
}

/** 6802 for a number that is no SoftwareVersion (never was, or deleted since a check). */
export function unknownVersionReason(target: string): UpgradeReason {
  return reason('unknownVersion', 'UPGRADE_6802', `Version ${target} is not a released software version`);
}

function unknownVersion(target: string): UpgradeCheck {
  return { reasons: [unknownVersionReason(target)], warnings: [] };
}

/** The domain's blockers that come before the server state (the version itself is wrong). */
const EARLY_RULES: readonly UpgradeBlockRule[] = ['invalidVersion', 'targetOutOfRange', 'versionTooOld'];

function isBusyChannel(status: string): boolean {
  return (CHANNEL_STATUSES as readonly string[]).includes(status) && channelStatusClass(status as ChannelStatus) === 'busy';
}

/**
 * A unit and a version: the version row (unknown: 6802 alone), the domain's unit rules (5.1 or
 * below, SLA, 600-series H.264, hardware, server first, 9.2.1 and channel warnings), the state of
 * the server the unit transmits to (offline 6199, busy 6808), then deprecated / not available.
 * `version` may be passed when the caller has read it already (a batch reads each version once).
 */
export async function checkUnitUpgrade(
  deps: Pick<UpgradeRuleDeps, 'db' | 'readModel'>,
  unit: UnitRecord,
  target: string,
  version?: VersionRow | null,
): Promise<UpgradeCheck> {
  const row = version !== undefined ? version : await findVersion(deps.db, target);
  if (!row) return unknownVersion(target);
  const sla = await findServiceStatus(deps.db, unit.id, 'sla');
  const channel = unit.selectedChannelId ? deps.readModel.channels.get(unit.selectedChannelId) : undefined;
  const hub = channel ? deps.readModel.servers.get(channel.serverId) : undefined;
  const capabilities = typeof unit.capabilities === 'object' && unit.capabilities !== null ? (unit.capabilities as Record<string, unknown>) : {};
  const supported = supports(row, [unit.typeGroup, unit.productType]);
  const eligibility = checkUnitUpgradeEligibility({
    currentVersion: unit.swVersion,
    targetVersion: target,
    hasSla: sla !== null && sla.serviceStatus.toLowerCase() === 'enabled',
    serverVersion: hub?.swVersion ?? null,
    channelVersion: channel?.swVersion ? channel.swVersion : null,
    productType: unit.productType,
    videoCodec: /h\.?264/i.test(unit.productType) || capabilities.hevc !== true ? 'h264' : 'hevc',
    ...(supported ? {} : { supportedProducts: listed(row) }),
  });
  const server: UpgradeReason[] = [];
  const status = hub?.status;
  if (status === 'offline') server.push(reason('serverOffline', 'UPGRADE_6199', 'The server of the unit is offline'));
  else if (status === 'busy' || status === 'upgrading') server.push(reason('serverBusy', 'UPGRADE_6808', 'The server of the unit is busy'));
  const early = eligibility.reasons.filter((r) => EARLY_RULES.includes(r.rule)).map(fromDomain);
  const late = eligibility.reasons.filter((r) => !EARLY_RULES.includes(r.rule)).map(fromDomain);
  const release =
    early.length > 0
      ? []
      : releaseReasons(
          row,
          unit.inventories.map((i) => i.inventoryId),
        );
  return { reasons: [...early, ...server, ...late, ...release], warnings: eligibility.warnings.map((w) => ({ rule: w.rule, message: w.message })) };
}

/**
 * A server and a version: the version row (unknown: 6802 alone), the domain's server rules (5.1 or
 * below, offline 6199, not idle 6808, 8.x needs 10.0 before 10.1, hardware 6810), a transceiver
 * busy or with an encoder input (instead of 6808), then deprecated / not available.
 */
export async function checkServerUpgrade(deps: UpgradeRuleDeps, server: ServerRow, target: string, version?: VersionRow | null): Promise<UpgradeCheck> {
  const row = version !== undefined ? version : await findVersion(deps.db, target);
  if (!row) return unknownVersion(target);
  const channels = deps.channelsOf(server.id);
  const busyChannel = channels.some((c) => isBusyChannel(c.status));
  const busy = server.status === 'busy' || server.status === 'upgrading' || busyChannel;
  const supported = supports(row, [server.serverType, server.productType]);
  const eligibility = checkServerUpgradeEligibility({
    currentVersion: server.swVersion,
    targetVersion: target,
    online: server.status !== 'offline',
    idle: !busy,
    productType: server.productType || server.serverType,
    ...(supported ? {} : { supportedProducts: listed(row) }),
  });
  let reasons = eligibility.reasons.map(fromDomain);
  if (server.serverType === 'transceiver_server') {
    // Spec 001 §8 "transceiver busy or with an encoder input": the transceiver's own code for not idle.
    const encoder = deps.readModel.channels
      .all()
      .some((c) => c.serverId === server.id && c.inputKind === 'encoder' && isBusyChannel(channels.find((l) => l.channelId === c.id)?.status ?? c.status));
    reasons = reasons.map((r) =>
      r.rule === 'serverBusy' ? reason('transceiverBusy', 'TRANSCEIVER_BUSY', 'The transceiver is busy or has an encoder input') : r,
    );
    if (encoder && !reasons.some((r) => r.rule === 'transceiverBusy') && server.status !== 'offline') {
      reasons.push(reason('transceiverBusy', 'TRANSCEIVER_BUSY', 'The transceiver is busy or has an encoder input'));
    }
  }
  const invalid = reasons.some((r) => r.rule === 'invalidVersion');
  const release = invalid ? [] : releaseReasons(row, server.inventoryId ? [server.inventoryId] : []);
  return { reasons: [...reasons, ...release], warnings: [] };
}

/** Newest version first; unparsable numbers last. */
export function byVersionDesc(a: string, b: string): number {
  const va = parseVersion(a);
  const vb = parseVersion(b);
  if (!va || !vb) return va ? -1 : vb ? 1 : a.localeCompare(b);
  return compareVersions(vb, va);
}

/** The upgrade rules as the unit admin calls ask for them (units/upgrade-check.ts). */
export class UnitUpgradeRules implements UnitUpgradeCheck {
  constructor(private readonly deps: Pick<UpgradeRuleDeps, 'db' | 'readModel'>) {}

  async blockersOf(unit: UnitRecord, target: string): Promise<UpgradeReason[]> {
    return (await checkUnitUpgrade(this.deps, unit, target)).reasons;
  }
}
