/**
 * A unit's streams (spec 000 §7 unit actions and deletes): the live stream and its variants —
 * multiple camera (Multi-HQ), switcher and switcher-and-proxy, databridge, video return — and the
 * forwarding of a live stream to social media or a CDN. Every check the core can make (licences,
 * services, unit state, the channels involved) happens before anything is sent; the device then
 * passes through connecting/disconnecting (spec 000 §4) and reports its applications.
 */
import { nonEmpty } from '../../platform/storage/json-column.js';
import type { z } from 'zod';
import {
  EXTERNAL_STREAM_KINDS,
  LIMITS,
  VALIDATION,
  type Applications,
  type ExternalStreamResult,
  type StartMultiCameraBody,
  type StartSwitcherBody,
  type UnitActionOutcome,
  type UnitApplicationKey,
  type UnitStatus,
  RULES,
} from '@fleet/contracts';
import { isBusy, isOfflineLike, isStreaming } from '@fleet/domain';
import { callsOf } from '../../calls.js';
import { AppError, validationError } from '../../errors.js';
import { inventoryProperties } from '../inventories/inventory-columns.js';
import { unitConfiguration, unitLicense, type StoredUnitConfiguration } from '../../platform/storage/unit-columns.js';
import type { ServiceDeps } from '../deps.js';
import type { UnitDevices } from './unit-devices.js';
import type { ConfigStore } from './configuration-store.js';
import { inventoriesOf, type DeviceUnit } from './unit-devices.js';
import * as repo from './repository.js';

type ExternalStreamKind = (typeof EXTERNAL_STREAM_KINDS)[number];

/**
 * Providers whose destinations count as social media (spec 000 §3 socialMediaStatus); every other
 * streaming destination is a CDN. Compared case-insensitively.
 */
export const SOCIAL_MEDIA_PROVIDERS = ['youtube', 'facebook', 'twitch', 'twitter', 'x', 'linkedin', 'instagram', 'tiktok', 'periscope', 'vimeo'] as const;

export class UnitStreamService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly devices: UnitDevices,
    private readonly configuration: Pick<ConfigStore, 'modify'>,
  ) {
    // The unit's tally column (spec 000 §3) as the device reports it: on program or preview while its stream is used.
    deps.events.on('tally', async (e) => {
      const tally = e.tally === 'off' ? null : e.tally;
      await repo.setUnitTally(deps.db, e.unitId, tally);
      // Consoles showing the unit follow it (a stream that ended clears it).
      if (deps.index.has(e.unitId)) deps.hub.publish(deps.index.topicsOf(e.unitId), { type: 'unit.tally', unitId: e.unitId, tally, at: deps.clock.now() });
    });
    deps.reports.onDeviceState(async (c) => {
      if (isStreaming(c.previous) && !isStreaming(c.applications)) await this.endExternalStreams(c.unitId);
    });
  }

  /** POST v2/units/{id}/stream: the live stream, on the given channel or the unit's selected one. */
  async startStream(id: string, channelId: string | null): Promise<{ status: UnitStatus }> {
    const unit = await this.devices.load(id);
    const status = this.deps.index.statusOf(id);
    if (isOfflineLike(status)) throw new AppError('UNIT_OFFLINE');
    if (!unitLicense.read(unit.license).valid) throw new AppError('UNIT_VIDEO_LICENSE_INVALID');
    this.devices.requireCamera(id);
    const { status: answered } = await this.devices.commandAcked(id, { type: 'startStream', channelId: channelId ?? unit.selectedChannelId });
    return { status: answered };
  }

  /**
   * DELETE v2/units/{id}/stream (and the stop streaming command): every streaming activity stops
   * and the channel the unit used is released.
   */
  async stopStream(id: string): Promise<{ status: UnitStatus }> {
    await this.devices.load(id);
    if (isOfflineLike(this.deps.index.statusOf(id))) throw new AppError('UNIT_OFFLINE');
    const { status } = await this.devices.commandAcked(id, { type: 'stopStream' });
    return { status };
  }

  /** POST stream/multiplecamera (Multi-HQ). */
  async startMultiCamera(id: string, body: z.infer<typeof StartMultiCameraBody> | undefined): Promise<UnitActionOutcome> {
    const unit = await this.devices.load(id);
    const apps = this.devices.requireOnline(id);
    if (isActive(apps, 'multiCamera')) return this.devices.outcome(id, 'startMultiCamera');
    if (isBusy(apps)) throw new AppError('UNIT_BUSY');
    this.devices.requireVideoLicense(unit, body?.resolution);
    await this.requireMultiCameraLicense(unit);
    this.devices.requireCamera(id);
    const multiCamera = unitConfiguration.read(unit.configuration).multiCamera ?? {};
    const channelIds = body?.channelIds ?? (multiCamera.customSelectedChannels ?? []).filter((c) => c !== '');
    if (body?.channelIds) await this.devices.requireChannels(unit, 'channelIds', body.channelIds);
    const defaults = channelIds.length > 0 ? channelIds : unit.selectedChannelId ? [unit.selectedChannelId] : [];
    const stored = multiCamera.numberOfFeeds;
    const feeds =
      body?.numberOfFeeds ?? (stored !== undefined && stored >= 1 && stored <= LIMITS.multiCameraMaxCameras ? stored : LIMITS.multiCameraMaxCameras);
    const acked = await this.devices.act(id, 'startMultiCamera', { numberOfFeeds: feeds, channelIds: defaults, resolution: body?.resolution ?? null });
    return this.devices.outcome(id, 'startMultiCamera', acked);
  }

  async stopMultiCamera(id: string): Promise<UnitActionOutcome> {
    return this.devices.stop(id, 'stopMultiCamera');
  }

  /** POST stream/switchermode: switcher or switcher-and-proxy (the multi-camera licence covers both). */
  async startSwitcher(id: string, body: z.infer<typeof StartSwitcherBody>): Promise<UnitActionOutcome> {
    const unit = await this.devices.load(id);
    const apps = this.devices.requireOnline(id);
    if (isActive(apps, body.mode)) return this.devices.outcome(id, 'startSwitcher');
    if (isBusy(apps)) throw new AppError('UNIT_BUSY');
    this.devices.requireVideoLicense(unit, body.resolution);
    await this.requireMultiCameraLicense(unit);
    this.devices.requireCamera(id);
    const switcher = unitConfiguration.read(unit.configuration).switcher ?? {};
    if (body.highQualityChannelId) await this.devices.requireChannel(unit, body.highQualityChannelId, 'highQualityChannelId');
    if (body.proxyChannelId) await this.devices.requireChannel(unit, body.proxyChannelId, 'proxyChannelId');
    const highQuality = body.highQualityChannelId ?? nonEmpty(switcher.highQualityChannel) ?? unit.selectedChannelId;
    const proxy = body.proxyChannelId ?? nonEmpty(switcher.proxyChannel);
    if (body.mode === 'switcherAndProxy' && !proxy) throw validationError([{ path: 'body.proxyChannelId', message: VALIDATION.required }]);
    const sdi = body.inputSdi ?? switcher.inputSdi ?? null;
    const acked = await this.devices.act(id, 'startSwitcher', {
      mode: body.mode,
      highQualityChannelId: highQuality,
      proxyChannelId: proxy,
      inputSdi: sdi,
      resolution: body.resolution ?? null,
    });
    return this.devices.outcome(id, 'startSwitcher', acked);
  }

  async stopSwitcher(id: string): Promise<UnitActionOutcome> {
    return this.devices.stop(id, 'stopSwitcher');
  }

  /** POST stream/databridge: transparent bridge through the chosen (else the unit's) gateway. */
  async startDatabridge(id: string, gatewayId: string | undefined): Promise<UnitActionOutcome> {
    const unit = await this.devices.load(id);
    const apps = this.devices.requireOnline(id);
    if (isActive(apps, 'databridge')) return this.devices.outcome(id, 'startDatabridge');
    if (isBusy(apps)) throw new AppError('UNIT_BUSY');
    if (!this.devices.hasCapability(unit, 'databridge') || !(await this.devices.hasEnabledService(id, 'databridge')))
      throw new AppError('DATABRIDGE_LICENSE_DISABLED');
    const wanted = gatewayId ?? unit.databridgeGatewayId;
    if (!wanted) throw validationError([{ path: 'body.gatewayId', message: VALIDATION.required }]);
    const gateway = await repo.findDbGateway(this.deps.db, wanted);
    if (!gateway || (gateway.inventoryId !== null && !inventoriesOf(unit).includes(gateway.inventoryId))) {
      throw validationError([{ path: 'body.gatewayId', message: RULES.notOfUnit }]);
    }
    const acked = await this.devices.act(id, 'startDatabridge', { gatewayId: gateway.id, host: gateway.host, port: gateway.port });
    return this.devices.outcome(id, 'startDatabridge', acked);
  }

  async stopDatabridge(id: string): Promise<UnitActionOutcome> {
    return this.devices.stop(id, 'stopDatabridge');
  }

  /** POST vrChannels/stream: video return from the chosen (else the selected) channel. */
  async startVideoReturn(id: string, vrChannelId: string | undefined): Promise<UnitActionOutcome> {
    const unit = await this.devices.load(id);
    const apps = this.devices.requireOnline(id);
    if (isActive(apps, 'videoReturn')) return this.devices.outcome(id, 'startVideoReturn');
    if (!this.devices.hasCapability(unit, 'videoReturn') || !(await this.devices.hasEnabledService(id, 'video-return')))
      throw new AppError('NO_VIDEO_RETURN_LICENSE');
    const config = unitConfiguration.read(unit.configuration);
    const wanted = vrChannelId ?? nonEmpty(config.videoReturn?.selectedVrChannelId) ?? nonEmpty(config.vrChannels?.selected);
    if (!wanted) throw validationError([{ path: 'body.vrChannelId', message: VALIDATION.required }]);
    const vr = this.devices.vrChannelOf(unit, wanted);
    if (!vr) throw validationError([{ path: 'body.vrChannelId', message: RULES.notOfUnit }]);
    const acked = await this.devices.act(id, 'startVideoReturn', { vrChannelId: vr.id });
    return this.devices.outcome(id, 'startVideoReturn', acked);
  }

  async stopVideoReturn(id: string): Promise<UnitActionOutcome> {
    return this.devices.stop(id, 'stopVideoReturn');
  }

  /**
   * POST v0 units/{id}/stream/social_media | cdn: forward the live stream to a streaming
   * destination of the unit's inventories (social media: providers of SOCIAL_MEDIA_PROVIDERS, and
   * the inventory's socialMedia property must be on). The state is kept in the unit's
   * configuration (`externalStreams`) and ends when the unit stops streaming.
   */
  async startExternalStream(
    id: string,
    kind: ExternalStreamKind,
    body: { destinationId?: string | undefined; resolution?: number | undefined } | undefined,
  ): Promise<ExternalStreamResult> {
    const unit = await this.devices.load(id);
    const apps = this.devices.requireOnline(id);
    if (!isStreaming(apps)) throw new AppError('UNIT_NOT_STREAMING');
    const inventories = inventoriesOf(unit);
    if (kind === 'social_media') {
      const invs = inventories.flatMap((i) => this.deps.readModel.inventories.get(i) ?? []);
      if (!invs.some((i) => inventoryProperties.read(i.properties).socialMedia === true)) throw new AppError('FEATURE_DISABLED');
    }
    if (body?.resolution !== undefined) this.devices.requireVideoLicense(unit, body.resolution);
    const destinations = await repo.findStreamingDestinations(this.deps.db, inventories);
    const ofKind = destinations.filter((d) => destinationKind(d.provider) === kind);
    const destination = body?.destinationId ? ofKind.find((d) => d.id === body.destinationId) : ofKind[0];
    if (!destination) throw validationError([{ path: 'body.destinationId', message: body?.destinationId ? RULES.notOfUnit : VALIDATION.required }]);
    const action = kind === 'social_media' ? 'startSocialMedia' : 'startCdn';
    const acked = await this.devices.act(id, action, { destinationId: destination.id, resolution: body?.resolution ?? null });
    await this.configuration.modify(id, (c) => ({
      ...c,
      externalStreams: { ...c.externalStreams, [kind]: { active: true, destinationId: destination.id, startedAt: this.deps.clock.date().toISOString() } },
    }));
    return { ...(await this.devices.outcome(id, action, acked)), kind, active: true, destinationId: destination.id };
  }

  /** DELETE v0 units/{id}/stream/social_media | cdn: stop forwarding (accepted when not forwarding). */
  async stopExternalStream(id: string, kind: ExternalStreamKind): Promise<ExternalStreamResult> {
    await this.devices.load(id);
    const action = kind === 'social_media' ? 'stopSocialMedia' : 'stopCdn';
    const acked = isOfflineLike(this.deps.index.statusOf(id)) ? undefined : await this.devices.act(id, action, {});
    await this.configuration.modify(id, (c) => ({
      ...c,
      externalStreams: { ...c.externalStreams, [kind]: { active: false, destinationId: null, stoppedAt: this.deps.clock.date().toISOString() } },
    }));
    return { ...(await this.devices.outcome(id, action, acked)), kind, active: false, destinationId: null };
  }

  /** The unit stopped streaming: nothing is forwarded to social media or a CDN any more. */
  private async endExternalStreams(unitId: string): Promise<void> {
    const isForwarding = (c: StoredUnitConfiguration) => EXTERNAL_STREAM_KINDS.some((k) => c.externalStreams?.[k]?.active === true);
    if (!isForwarding(await this.deps.readModel.unitRows.configurationOf(unitId))) return;
    await this.configuration.modify(unitId, (c) => {
      const next = { ...c.externalStreams };
      for (const k of EXTERNAL_STREAM_KINDS) {
        if (next[k]?.active === true) next[k] = { active: false, destinationId: null, stoppedAt: this.deps.clock.date().toISOString() };
      }
      return { ...c, externalStreams: next };
    });
  }

  private async requireMultiCameraLicense(unit: Pick<DeviceUnit, 'id' | 'capabilities'>): Promise<void> {
    if (!this.devices.hasCapability(unit, 'multiCamera') || !(await this.devices.hasEnabledService(unit.id, 'multi-camera'))) {
      throw new AppError('NO_MULTI_CAMERA_LICENSE');
    }
  }
}

/** Present and not on its way out (a failed activity can be started again). */
function isActive(apps: Applications, key: UnitApplicationKey): boolean {
  const state = apps[key]?.state;
  return state !== undefined && state !== 'disconnecting' && state !== 'stopping' && state !== 'failed';
}

function destinationKind(provider: string): ExternalStreamKind {
  return (SOCIAL_MEDIA_PROVIDERS as readonly string[]).includes(provider.trim().toLowerCase()) ? 'social_media' : 'cdn';
}

/** The stream calls of spec 000 §7 (unit actions, deletes, social media and CDN streams). */
export const unitStreamCalls = callsOf<UnitStreamService>()({
  startUnitStream: async (s, { params, body }) => {
    const { status } = await s.startStream(params.id, body?.channelId ?? null);
    return { uniqueId: params.id, action: 'start', accepted: true, status };
  },
  stopUnitStream: async (s, { params }) => {
    const { status } = await s.stopStream(params.id);
    return { uniqueId: params.id, action: 'stop', accepted: true, status };
  },
  // The stop streaming command is the same stop as DELETE v2/units/{id}/stream.
  commandStopStreaming: async (s, { params }) => {
    await s.stopStream(params.id);
    return { uniqueId: params.id, command: 'stopStreaming', accepted: true };
  },
  startMultiCameraStream: (s, { params, body }) => s.startMultiCamera(params.id, body),
  stopMultiCameraStream: (s, { params }) => s.stopMultiCamera(params.id),
  startSwitcherStream: (s, { params, body }) => s.startSwitcher(params.id, body),
  stopSwitcherStream: (s, { params }) => s.stopSwitcher(params.id),
  startDatabridge: (s, { params, body }) => s.startDatabridge(params.id, body?.gatewayId),
  stopDatabridge: (s, { params }) => s.stopDatabridge(params.id),
  startVideoReturn: (s, { params, body }) => s.startVideoReturn(params.id, body?.vrChannelId),
  stopVideoReturn: (s, { params }) => s.stopVideoReturn(params.id),
  startSocialMediaStream: (s, { params, body }) => s.startExternalStream(params.id, 'social_media', body),
  stopSocialMediaStream: (s, { params }) => s.stopExternalStream(params.id, 'social_media'),
  startCdnStream: (s, { params, body }) => s.startExternalStream(params.id, 'cdn', body),
  stopCdnStream: (s, { params }) => s.stopExternalStream(params.id, 'cdn'),
});
