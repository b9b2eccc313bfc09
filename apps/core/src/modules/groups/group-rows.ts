/**
 * Group rows (groups.ts): their stored JSON read leniently, the member selects, the default unit
 * configuration a group gives its units, and the spec's name message.
 */
import { z } from 'zod';
import {
  LIMITS,
  StoreAndForwardProfile,
  TransmissionMode,
  VALIDATION,
  type GroupAutoAssociation,
  type GroupCounts,
  type GroupDefaultConfiguration,
  type GroupDetail,
  type GroupListRow,
  type GroupUnitSettings,
  type GroupUnitSettingsUpdateBody,
} from '@fleet/contracts';
import { type Prisma } from '@fleet/db';
import { AppError } from '../../errors.js';
import { anyObject, jsonColumn } from '../../platform/storage/json-column.js';
import type { GroupRow } from '../../platform/storage/read-model.js';
import { unitConfiguration, type StoredUnitConfiguration } from '../../platform/storage/unit-columns.js';

// ── Stored JSON of the group row, read leniently ──────────────────────────────────────────────
export const NO_AUTO_ASSOCIATION: GroupAutoAssociation = { units: false, channels: false, vrChannels: false, users: false };
export const autoAssociationColumn = jsonColumn(
  z.object({ units: z.boolean().catch(false), channels: z.boolean().catch(false), vrChannels: z.boolean().catch(false), users: z.boolean().catch(false) }),
  () => ({ ...NO_AUTO_ASSOCIATION }),
);
export const Threshold = z.object({ warning: z.number().nullable().catch(null), critical: z.number().nullable().catch(null) });
export const invitationColumn = jsonColumn(
  z.object({
    adhoc: z
      .object({ mode: z.string().nullable().catch(null), period: z.string().nullable().catch(null) })
      .nullable()
      .catch(null),
    permanent: z
      .object({ key: z.string().nullable().catch(null), regeneration: z.string().nullable().catch(null) })
      .nullable()
      .catch(null),
  }),
  () => ({ adhoc: null, permanent: null }),
);

export const MEMBER_KINDS = ['units', 'channels', 'vrChannels', 'users'] as const;
export type MemberKind = (typeof MEMBER_KINDS)[number];
export type Members = Record<MemberKind, string[]>;
export const NO_COUNTS: GroupCounts = { units: 0, channels: 0, vrChannels: 0, users: 0 };

export const memberSelect = {
  units: { select: { unitId: true }, orderBy: { unitId: 'asc' } },
  channels: { select: { channelId: true }, orderBy: { channelId: 'asc' } },
  vrChannels: { select: { vrChannelId: true }, orderBy: { vrChannelId: 'asc' } },
  users: { select: { userId: true }, orderBy: { userId: 'asc' } },
} as const satisfies Prisma.GroupSelect;

/** The members with what the general tab shows of users (units and channels are named from the read model). */
export const detailSelect = {
  ...memberSelect,
  users: { select: { userId: true, user: { select: { username: true, firstName: true, lastName: true } } }, orderBy: { userId: 'asc' } },
} as const satisfies Prisma.GroupSelect;

export function membersOfRow(r: Prisma.GroupGetPayload<{ select: typeof memberSelect }>): Members {
  return {
    units: r.units.map((m) => m.unitId),
    channels: r.channels.map((m) => m.channelId),
    vrChannels: r.vrChannels.map((m) => m.vrChannelId),
    users: r.users.map((m) => m.userId),
  };
}

export function emptyMembers(): Members {
  return { units: [], channels: [], vrChannels: [], users: [] };
}

export function nameTaken(): AppError {
  return new AppError('NAME_IN_USE', [{ path: 'body.name', message: VALIDATION.nameUnique }], VALIDATION.nameUnique);
}

/** The thresholds the group sets, by alert type (entries that do not read as thresholds are left out). */
export function thresholdsOf(stored: unknown): Record<string, { warning: number | null; critical: number | null }> {
  const out: Record<string, { warning: number | null; critical: number | null }> = {};
  for (const [type, value] of Object.entries(anyObject.read(stored))) {
    const t = Threshold.safeParse(value);
    if (t.success) out[type] = t.data;
  }
  return out;
}

export function defaultConfigurationOf(group: GroupRow): GroupDefaultConfiguration {
  return {
    groupId: group.id,
    exists: Object.keys(anyObject.read(group.defaultConfiguration)).length > 0,
    settings: groupSettingsOf(unitConfiguration.read(group.defaultConfiguration)),
    version: group.version,
  };
}

export function mergeGroupSettings(current: StoredUnitConfiguration, body: z.infer<typeof GroupUnitSettingsUpdateBody>): StoredUnitConfiguration {
  const next: StoredUnitConfiguration = { ...current };
  if (body.delayMs !== undefined) next.delay = body.delayMs;
  if (body.transmissionMode !== undefined) next.transmissionMode = body.transmissionMode;
  if (body.storeAndForwardQuality !== undefined) next.storeAndForwardVideoQualityV2 = body.storeAndForwardQuality;
  if (body.audioBitrateKbps !== undefined) next.audio = { ...current.audio, bitrateKbps: body.audioBitrateKbps };
  if (body.totalKbps !== undefined || body.cellularKbps !== undefined) {
    next.bandwidth = {
      ...current.bandwidth,
      ...(body.totalKbps === undefined ? {} : { total: body.totalKbps }),
      ...(body.cellularKbps === undefined ? {} : { cellular: body.cellularKbps }),
    };
  }
  return next;
}

export function groupSettingsOf(c: StoredUnitConfiguration): GroupUnitSettings {
  const out: GroupUnitSettings = {};
  const delay = c.delay;
  if (delay !== undefined && delay !== null && delay >= LIMITS.lowDelayThresholdMs && delay <= LIMITS.delayMaxMs) out.delayMs = delay;
  const mode = TransmissionMode.safeParse(c.transmissionMode);
  if (mode.success) out.transmissionMode = mode.data;
  else if (c.transmissionMode !== undefined) out.transmissionMode = 'live';
  const quality = StoreAndForwardProfile.safeParse(c.storeAndForwardVideoQualityV2);
  if (quality.success) out.storeAndForwardQuality = quality.data;
  else if (c.storeAndForwardVideoQualityV2 !== undefined) out.storeAndForwardQuality = 'standard_h264';
  const bitrate = c.audio?.bitrateKbps;
  if (bitrate === 96 || bitrate === 128 || bitrate === 192) out.audioBitrateKbps = bitrate;
  if (c.bandwidth && 'total' in c.bandwidth) out.totalKbps = c.bandwidth.total ?? null;
  if (c.bandwidth && 'cellular' in c.bandwidth) out.cellularKbps = c.bandwidth.cellular ?? null;
  return out;
}

/** A group as the lists show it. */
export function groupListRow(g: GroupRow, inventoryName: string, counts: GroupCounts): GroupListRow {
  return { id: g.id, name: g.name, inventoryId: g.inventoryId, inventoryName, createdOn: g.createdAt.toISOString(), counts, version: g.version };
}

/**
 * A group's details: its list row, stored settings and members; units, channels and video return
 * channels named as the lists show them (a member `nameOf` does not know yet shows its id).
 */
export function groupDetail(
  g: GroupRow,
  inventoryName: string,
  members: Members,
  users: GroupDetail['memberNames']['users'],
  nameOf: Record<'units' | 'channels' | 'vrChannels', (id: string) => string | undefined>,
): GroupDetail {
  const named = (ids: readonly string[], name: (id: string) => string | undefined) => ids.map((id) => ({ id, name: name(id) ?? id }));
  const invitation = invitationColumn.read(g.invitation);
  const counts = { units: members.units.length, channels: members.channels.length, vrChannels: members.vrChannels.length, users: members.users.length };
  return {
    ...groupListRow(g, inventoryName, counts),
    autoAssociation: autoAssociationColumn.read(g.autoAssociation),
    alertThresholds: thresholdsOf(g.alertThresholds),
    invitation: {
      adhocMode: invitation.adhoc?.mode ?? null,
      adhocPeriod: invitation.adhoc?.period ?? null,
      permanentRegeneration: invitation.permanent?.regeneration ?? null,
      hasPermanentKey: (invitation.permanent?.key ?? '') !== '',
    },
    hasDefaultConfiguration: defaultConfigurationOf(g).exists,
    members: { unitIds: members.units, channelIds: members.channels, vrChannelIds: members.vrChannels, userIds: members.users },
    memberNames: {
      units: named(members.units, nameOf.units),
      channels: named(members.channels, nameOf.channels),
      vrChannels: named(members.vrChannels, nameOf.vrChannels),
      users,
    },
    updatedAt: g.updatedAt.toISOString(),
  };
}
