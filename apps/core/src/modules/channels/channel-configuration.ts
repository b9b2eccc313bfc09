/**
 * Channel configuration calls of spec 001 §7 Channels (ffmpeg, input sources, streaming destinations, SMPTE, logs...).
 *
 * Every change follows one path: validated (the catalogue's schemas, then the rules needing stored
 * state), checked against the channel's version, sent to the channel's server through the device
 * gateway, and stored only once the server accepted it (a refused or unsent change changes
 * nothing). Channel rows are read from the read model; the write bumps the row's version, and the
 * channel's `channel.changed` announcement follows from the read model. The tabs live under their
 * own keys of `Channel.configuration` (ffmpeg, inputSources, socialMedia, smpte, logs), so edits of
 * other tabs are kept; the overlay, SMPTE metadata, bandwidth limit and private session are columns.
 */
import { createHmac, randomUUID } from 'node:crypto';
import {
  CHANNEL_CONFIG_LIMITS,
  STUN_TURN,
  VALIDATION,
  type AddDestinationBody,
  type AddInputSourceBody,
  type BwLimitBody,
  type ChannelFfmpeg,
  type ChannelFfmpegBody,
  type ChannelInputSources,
  type ChannelLimitsResult,
  type ChannelLogs,
  type ChannelOverlay,
  type ChannelOverlayBody,
  type ChannelSmpte,
  type ChannelSmpteBody,
  type PrivateSessionBody,
  type ServerCommand,
  type SocialMediaDetails,
  type StreamMediaProfile,
  type StreamingDestinationInfo,
  type StreamingDestinationList,
  type StunTurnInfo,
  type UpdateDestinationBody,
  type UpdateSocialMediaBody,
} from '@fleet/contracts';
import { deriveChannelType } from '@fleet/domain';
import { transaction, type Prisma } from '@fleet/db';
import { callsOf } from '../../calls.js';
import { AppError, validationError } from '../../errors.js';
import { settingsJson } from './stream-settings-columns.js';
import { mergeIntoChannel } from './channel-rows.js';
import type { ChannelRecord } from '../../platform/storage/read-model.js';
import { StreamingDestinationRepository } from './streaming-destinations.js';
import { adminVisibleChannel, visibleChannel, type AuthUser } from '../../platform/access.js';
import type { ServiceDeps } from '../deps.js';
import { channelAudience } from '../../platform/topics.js';
import { deviceRefusal } from '../../platform/device-refusal.js';
import * as repo from './repository.js';
import {
  StoredOverlay,
  StoredSocial,
  TABS,
  type Tab,
  type TabValue,
  checkDestinationRules,
  configurationColumn,
  destinationColumns,
  destinationInfo,
  inputSourcesOf,
  limitKbps,
  overlayColumn,
  pngSize,
  storedSource,
} from './channel-tabs.js';
import { requireWritten } from '../../platform/versioned-write.js';

export class ChannelConfigurationService {
  private readonly destinations: StreamingDestinationRepository;

  constructor(private readonly deps: ServiceDeps) {
    this.destinations = new StreamingDestinationRepository(deps.db);
    deps.events.on('channelLogs', (e) => this.logsEnded(e.channelId));
  }

  // ── FFMPEG ────────────────────────────────────────────────────────────────────────────────────
  async ffmpeg(id: string): Promise<ChannelFfmpeg> {
    const ch = this.channel(id);
    return { ...this.stamp(ch), ...this.tab(ch, 'ffmpeg') };
  }

  async setFfmpeg(id: string, body: ChannelFfmpegBody): Promise<ChannelFfmpeg> {
    const value = { enabled: body.enabled, override: body.override };
    const ch = await this.change(id, body.version, { type: 'configureChannel', channelId: id, setting: 'ffmpeg', payload: value }, (c) => ({
      configuration: this.withTab(c, 'ffmpeg', value),
    }));
    return { ...this.stamp(ch), ...this.tab(ch, 'ffmpeg') };
  }

  async adminFfmpeg(user: AuthUser, id: string): Promise<ChannelFfmpeg> {
    this.adminVisible(user, id);
    return this.ffmpeg(id);
  }

  async setAdminFfmpeg(user: AuthUser, id: string, body: ChannelFfmpegBody): Promise<ChannelFfmpeg> {
    this.adminVisible(user, id);
    return this.setFfmpeg(id, body);
  }

  // ── Input sources ─────────────────────────────────────────────────────────────────────────────
  async addInputSource(id: string, body: AddInputSourceBody): Promise<ChannelInputSources> {
    const before = this.inputChannel(id);
    const source = storedSource(randomUUID(), body);
    const ch = await this.change(
      id,
      undefined,
      { type: 'channelAction', channelId: id, action: 'addInputSource', payload: source },
      (c) => ({
        configuration: this.withTab(c, 'inputSources', [...this.tab(c, 'inputSources'), source]),
      }),
      before,
    );
    return this.sources(ch);
  }

  async removeInputSource(id: string, sourceId: string): Promise<ChannelInputSources> {
    const before = this.inputChannel(id);
    // Removing a source that is not there leaves it not there (a repeated click): nothing to send.
    if (!this.tab(before, 'inputSources').some((s) => s.sourceId === sourceId)) return this.sources(before);
    const ch = await this.change(
      id,
      undefined,
      { type: 'channelAction', channelId: id, action: 'removeInputSource', payload: { sourceId } },
      (c) => ({
        configuration: this.withTab(
          c,
          'inputSources',
          this.tab(c, 'inputSources').filter((s) => s.sourceId !== sourceId),
        ),
      }),
      before,
    );
    return this.sources(ch);
  }

  // ── Streaming destinations ────────────────────────────────────────────────────────────────────
  async fetchDestinations(channelId: string): Promise<StreamingDestinationList> {
    this.channel(channelId);
    const rows = await this.destinations.ofChannel(channelId);
    return { channelId, destinations: rows.map(destinationInfo) };
  }

  async addDestination(body: AddDestinationBody): Promise<StreamingDestinationInfo> {
    const ch = this.channel(body.channelId);
    const others = await this.destinations.ofChannel(ch.id);
    checkDestinationRules(body.destination, others);
    const data = destinationColumns(body.destination, null);
    await this.sendToServer(ch, { type: 'configureChannel', channelId: ch.id, setting: 'streamingDestination', payload: { op: 'add', destination: data } });
    const row = await this.destinations.create({ ...data, channelId: ch.id });
    this.destinationsChanged(ch);
    return destinationInfo(row);
  }

  async updateDestination(body: UpdateDestinationBody): Promise<StreamingDestinationInfo> {
    const ch = this.channel(body.channelId);
    const current = await this.destinations.ofChannelById(ch.id, body.id);
    if (!current) throw new AppError('NOT_FOUND');
    if (body.version !== undefined && body.version !== current.version) throw new AppError('CONFLICT');
    const others = (await this.destinations.ofChannel(ch.id)).filter((d) => d.id !== current.id);
    checkDestinationRules(body.destination, others);
    const data = destinationColumns(body.destination, current);
    await this.sendToServer(ch, {
      type: 'configureChannel',
      channelId: ch.id,
      setting: 'streamingDestination',
      payload: { op: 'update', id: current.id, destination: data },
    });
    if (!(await this.destinations.update(current.id, current.version, data))) throw new AppError('CONFLICT');
    this.destinationsChanged(ch);
    const row = await this.destinations.ofChannelById(ch.id, current.id);
    if (!row) throw new AppError('CONFLICT');
    return destinationInfo(row);
  }

  async removeDestination(channelId: string, id: string): Promise<{ channelId: string; id: string; removed: true }> {
    const ch = this.channel(channelId);
    if (!(await this.destinations.ofChannelById(ch.id, id))) throw new AppError('NOT_FOUND');
    await this.sendToServer(ch, { type: 'configureChannel', channelId: ch.id, setting: 'streamingDestination', payload: { op: 'remove', id } });
    await this.destinations.remove(id);
    this.destinationsChanged(ch);
    return { channelId, id, removed: true };
  }

  /**
   * Destinations are rows of their own, not part of the channel's live state (no `channel.changed`
   * follows their writes): consoles showing this channel's destinations are told to read them again.
   */
  private destinationsChanged(ch: ChannelRecord): void {
    this.deps.hub.publish(channelAudience(ch), { type: 'channelDestinations.changed', channelId: ch.id, at: this.deps.clock.now() });
  }

  /** The stream media profiles of /system_settings (their codec from the attributes, h264 unless they say h265). */
  async streamMediaProfiles(): Promise<{ profiles: StreamMediaProfile[] }> {
    const rows = await repo.findStreamMediaProfiles(this.deps.db);
    return {
      profiles: rows.map((r) => {
        const attributes = settingsJson.read(r.attributes);
        const codec = attributes.codec === 'h265' ? 'h265' : 'h264';
        return { id: r.id, name: r.name, codec, minResolution: r.minResolution, maxResolution: r.maxResolution, fps: r.fps, bitrate: r.bitrate, attributes };
      }),
    };
  }

  // ── Social media (Facebook go-live) ───────────────────────────────────────────────────────────
  socialMedia(user: AuthUser, channelId: string): Promise<SocialMediaDetails> {
    const ch = this.visible(user, channelId);
    return Promise.resolve(this.socialAnswer(ch));
  }

  async setSocialMedia(body: UpdateSocialMediaBody): Promise<SocialMediaDetails> {
    const before = this.channel(body.channelId);
    const stored = this.tab(before, 'socialMedia');
    const value: StoredSocial = {
      enabled: body.enabled,
      pageId: body.pageId ?? null,
      title: body.title,
      description: body.description,
      privacy: body.privacy,
      accessToken: body.accessToken ?? stored.accessToken,
    };
    const ch = await this.change(
      before.id,
      body.version,
      { type: 'configureChannel', channelId: before.id, setting: 'socialMedia', payload: value },
      (c) => ({
        configuration: this.withTab(c, 'socialMedia', value),
      }),
      before,
    );
    return this.socialAnswer(ch);
  }

  // ── Bandwidth limit and private session ───────────────────────────────────────────────────────
  async setBwLimit(user: AuthUser, body: BwLimitBody): Promise<ChannelLimitsResult> {
    const kbps = limitKbps(body);
    return this.changeMany(user, body.channelIds, (ch) => ({ type: 'configureChannel', channelId: ch.id, setting: 'bandwidthLimit', payload: { kbps } }), {
      bandwidthLimit: kbps,
    });
  }

  async setPrivateSession(user: AuthUser, body: PrivateSessionBody): Promise<ChannelLimitsResult> {
    const enabled = body.privateSession;
    return this.changeMany(user, body.channelIds, (ch) => ({ type: 'channelAction', channelId: ch.id, action: 'privateSession', payload: { enabled } }), {
      privateSession: enabled,
    });
  }

  // ── SMPTE 2110 ────────────────────────────────────────────────────────────────────────────────
  smpte(id: string): Promise<ChannelSmpte> {
    return Promise.resolve(this.smpteAnswer(this.channel(id)));
  }

  async setSmpte(id: string, body: ChannelSmpteBody): Promise<ChannelSmpte> {
    const value = { enabled: body.enabled, flows: body.flows };
    const isConfigured = body.enabled && body.flows.length > 0;
    const ch = await this.change(id, body.version, { type: 'configureChannel', channelId: id, setting: 'smpte', payload: value }, (c) => {
      const flavor = body.enabled ? 'SMPTE2110' : null;
      // An input channel stays an input; the others take the type their flags now give (§4: SMPTE gives output).
      const type =
        c.type === 'input' || c.type === 'group'
          ? c.type
          : deriveChannelType({
              sdi: c.sdiNo !== null,
              output: c.output,
              forwardRtmp: c.forwardRtmp,
              ndi: c.ndi,
              forceOutput: c.forceOutput,
              smpte: flavor !== null,
              distributor: c.distributor,
            });
      return { configuration: this.withTab(c, 'smpte', value), flavor, smpteMetadata: { isConfigured }, type };
    });
    return this.smpteAnswer(ch);
  }

  // ── Channel logs ──────────────────────────────────────────────────────────────────────────────
  async startLogs(id: string): Promise<ChannelLogs> {
    const before = this.channel(id);
    if (before.status !== 'idle') throw new AppError('CHANNEL_BUSY_OR_OFFLINE_LOGS');
    const value = { sending: true, startedAt: this.deps.clock.date().toISOString() };
    const ch = await this.change(
      id,
      undefined,
      { type: 'channelAction', channelId: id, action: 'fetchLogs', payload: { start: true } },
      (c) => ({
        configuration: this.withTab(c, 'logs', value),
      }),
      before,
    );
    return { channelId: ch.id, ...this.tab(ch, 'logs') };
  }

  /** Stopping logs that are not being sent is accepted (the server ends them by itself too). */
  async stopLogs(id: string): Promise<ChannelLogs> {
    const value = { sending: false, startedAt: null };
    const ch = await this.change(id, undefined, { type: 'channelAction', channelId: id, action: 'fetchLogs', payload: { start: false } }, (c) => ({
      configuration: this.withTab(c, 'logs', value),
    }));
    return { channelId: ch.id, ...this.tab(ch, 'logs') };
  }

  /** The server finished (or stopped) sending the channel's logs: the channel is no longer sending. */
  private async logsEnded(id: string): Promise<void> {
    // A channel removed meanwhile sends nothing any more.
    if (!this.deps.readModel.channels.get(id)) return;
    await mergeIntoChannel(this.deps.db, this.deps.readModel.channels, id, (ch) =>
      this.tab(ch, 'logs').sending ? { configuration: this.withTab(ch, 'logs', { sending: false, startedAt: null }) } : null,
    );
  }

  // ── STUN/TURN ─────────────────────────────────────────────────────────────────────────────────
  /**
   * Time-limited TURN credentials in the usual REST form (username "expiry:identifier", credential
   * an HMAC of it), valid for turnExpiration seconds; STUN needs none.
   */
  stunTurnInfo(identifier: string): Promise<StunTurnInfo> {
    const turnExpiration = STUN_TURN.turnExpirationSeconds;
    const expiresAt = Math.floor(this.deps.clock.now() / 1000) + turnExpiration;
    const username = `${expiresAt}:${identifier}`;
    const secret = this.deps.config.DOWNLOAD_URL_SECRET || 'fleet-turn';
    const credential = createHmac('sha1', secret).update(username).digest('base64');
    const host = this.deps.config.HOST;
    return Promise.resolve({
      identifier,
      iceServers: [{ urls: [`stun:${host}:3478`] }, { urls: [`turn:${host}:3478?transport=udp`, `turn:${host}:3478?transport=tcp`], username, credential }],
      turnExpiration,
    });
  }

  // ── Graphics overlay ──────────────────────────────────────────────────────────────────────────
  overlay(id: string): Promise<ChannelOverlay> {
    const ch = this.channel(id);
    return Promise.resolve({ ...this.stamp(ch), overlay: overlayColumn.read(ch.overlay) });
  }

  async setOverlay(id: string, body: ChannelOverlayBody): Promise<ChannelOverlay> {
    const before = this.channel(id);
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body.dataBase64)) throw validationError([{ path: 'body.dataBase64', message: VALIDATION.mustMatchPattern }]);
    const bytes = Buffer.from(body.dataBase64, 'base64');
    const size = pngSize(bytes);
    if (size === null || !body.fileName.toLowerCase().endsWith('.png')) throw new AppError('OVERLAY_TYPE');
    if (bytes.length > CHANNEL_CONFIG_LIMITS.overlayMaxBytes) throw new AppError('OVERLAY_TOO_BIG');
    const max = CHANNEL_CONFIG_LIMITS.overlayMaxPx;
    if (size.width === 0 || size.height === 0 || size.width > max || size.height > max) throw new AppError('OVERLAY_RESOLUTION');
    if (overlayColumn.read(before.overlay)?.fileName === body.fileName && !body.replace) throw new AppError('OVERLAY_EXISTS');
    const value: StoredOverlay = { fileName: body.fileName, ...size, sizeBytes: bytes.length, uploadedAt: this.deps.clock.date().toISOString() };
    const command: ServerCommand = { type: 'configureChannel', channelId: id, setting: 'overlay', payload: { ...value, dataBase64: body.dataBase64 } };
    const ch = await this.change(id, undefined, command, () => ({ overlay: overlayColumn.write(value) }), before);
    return { ...this.stamp(ch), overlay: overlayColumn.read(ch.overlay) };
  }

  async removeOverlay(id: string): Promise<ChannelOverlay> {
    const ch = await this.change(id, undefined, { type: 'configureChannel', channelId: id, setting: 'overlay', payload: null }, () => ({ overlay: {} }));
    return { ...this.stamp(ch), overlay: null };
  }

  // ── Shared steps ──────────────────────────────────────────────────────────────────────────────
  /** The channel from the read model (the route already checked it is the caller's). */
  private channel(id: string): ChannelRecord {
    const ch = this.deps.readModel.channels.get(id);
    if (!ch) throw new AppError('NOT_FOUND');
    return ch;
  }

  /** A channel the caller sees, for calls that name it outside the path (unknown and foreign: 404). */
  private visible(user: AuthUser, id: string): ChannelRecord {
    const ch = visibleChannel(this.deps.readModel, user, id);
    if (!ch) throw new AppError('NOT_FOUND');
    return ch;
  }

  /** Admins act on channels of their own inventories; super user and staff on all (others: 404). */
  private adminVisible(user: AuthUser, id: string): ChannelRecord {
    const ch = adminVisibleChannel(this.deps.readModel, user, id);
    if (!ch) throw new AppError('NOT_FOUND');
    return ch;
  }

  private inputChannel(id: string): ChannelRecord {
    const ch = this.channel(id);
    if (ch.type !== 'input' && ch.inputKind === null) throw new AppError('CHANNEL_NOT_INPUT');
    return ch;
  }

  private stamp(ch: ChannelRecord): { channelId: string; version: number; updatedAt: string } {
    return { channelId: ch.id, version: ch.version, updatedAt: ch.updatedAt.toISOString() };
  }

  private tab<T extends Tab>(ch: ChannelRecord, tab: T): TabValue<T> {
    const all = configurationColumn.read(ch.configuration);
    return TABS[tab].read(all[tab]) as TabValue<T>;
  }

  /** The channel's configuration with one tab replaced (the other tabs kept as stored). */
  private withTab<T extends Tab>(ch: ChannelRecord, tab: T, value: TabValue<T>): Prisma.InputJsonValue {
    const all = configurationColumn.read(ch.configuration);
    return { ...all, [tab]: value } as Prisma.InputJsonValue;
  }

  /** Sends a command to the channel's server; a refusal answers the server's catalogue error. */
  private async sendToServer(ch: ChannelRecord, command: ServerCommand): Promise<void> {
    const ack = await this.deps.gateway.sendToServer(ch.serverId, command);
    if (!ack.ok) throw deviceRefusal(ack);
  }

  /**
   * One channel's change: the caller's version checked (409 when the channel moved on), the
   * server's acceptance, then the write. The write merges into the row as it is then (status
   * reports and the server's own events may have bumped it during the round trip), at that row's
   * version, read again and retried when it changes under the write.
   */
  private async change(
    id: string,
    version: number | undefined,
    command: ServerCommand,
    data: (ch: ChannelRecord) => Prisma.ChannelUpdateManyMutationInput,
    before: ChannelRecord = this.channel(id),
  ): Promise<ChannelRecord> {
    if (version !== undefined && version !== before.version) throw new AppError('CONFLICT');
    await this.sendToServer(before, command);
    return mergeIntoChannel(this.deps.db, this.deps.readModel.channels, id, data);
  }

  /** Several channels' change: all visible (else 404, nothing sent), all accepted, then all written together. */
  private async changeMany(
    user: AuthUser,
    ids: readonly string[],
    command: (ch: ChannelRecord) => ServerCommand,
    data: Prisma.ChannelUpdateManyMutationInput,
  ): Promise<ChannelLimitsResult> {
    const channels = [...new Set(ids)].map((id) => this.visible(user, id));
    for (const ch of channels) await this.sendToServer(ch, command(ch));
    await transaction(this.deps.db, async (tx) => {
      for (const ch of channels) {
        // Plain columns, not merged into anything: written whatever the row's version is now.
        await requireWritten(repo.updateChannelColumns(tx, ch.id, data));
      }
    });
    return {
      channels: channels.map((c) => this.channel(c.id)).map((c) => ({ ...this.stamp(c), bandwidthLimit: c.bandwidthLimit, privateSession: c.privateSession })),
    };
  }

  private sources(ch: ChannelRecord): ChannelInputSources {
    return { ...this.stamp(ch), sources: inputSourcesOf(ch) };
  }

  private socialAnswer(ch: ChannelRecord): SocialMediaDetails {
    const { accessToken, ...rest } = this.tab(ch, 'socialMedia');
    return { ...this.stamp(ch), provider: 'facebook', ...rest, hasAccessToken: accessToken !== null };
  }

  private smpteAnswer(ch: ChannelRecord): ChannelSmpte {
    const s = this.tab(ch, 'smpte');
    return { ...this.stamp(ch), enabled: s.enabled, flows: s.flows, smpteMetadata: { isConfigured: s.enabled && s.flows.length > 0 } };
  }
}
export const channelConfigCalls = callsOf<ChannelConfigurationService>()({
  getChannelFfmpeg: (svc, { params }) => svc.ffmpeg(params.id),
  updateChannelFfmpeg: (svc, { params, body }) => svc.setFfmpeg(params.id, body),
  getAdminChannelFfmpeg: (svc, { params }, user) => svc.adminFfmpeg(user, params.id),
  updateAdminChannelFfmpeg: (svc, { params, body }, user) => svc.setAdminFfmpeg(user, params.id, body),
  addChannelInputSource: (svc, { params, body }) => svc.addInputSource(params.id, body),
  removeChannelInputSource: (svc, { params, query }) => svc.removeInputSource(params.id, query.sourceId),
  fetchChannelDestinations: (svc, { body }) => svc.fetchDestinations(body.channelId),
  addChannelDestination: (svc, { body }) => svc.addDestination(body),
  updateChannelDestination: (svc, { body }) => svc.updateDestination(body),
  removeChannelDestination: (svc, { body }) => svc.removeDestination(body.channelId, body.id),
  fetchStreamMediaProfiles: (svc) => svc.streamMediaProfiles(),
  fetchSocialMediaDetails: (svc, { query }, user) => svc.socialMedia(user, query.channelId),
  updateSocialMediaDetails: (svc, { body }) => svc.setSocialMedia(body),
  setChannelsBwLimit: (svc, { body }, user) => svc.setBwLimit(user, body),
  setChannelsPrivateSession: (svc, { body }, user) => svc.setPrivateSession(user, body),
  getChannelSmpte: (svc, { params }) => svc.smpte(params.id),
  updateChannelSmpte: (svc, { params, body }) => svc.setSmpte(params.id, body),
  startChannelLogs: (svc, { params }) => svc.startLogs(params.id),
  stopChannelLogs: (svc, { params }) => svc.stopLogs(params.id),
  getStunTurnInfo: (svc, { query }) => svc.stunTurnInfo(query.identifier),
  getChannelOverlay: (svc, { params }) => svc.overlay(params.id),
  setChannelOverlay: (svc, { params, body }) => svc.setOverlay(params.id, body),
  removeChannelOverlay: (svc, { params }) => svc.removeOverlay(params.id),
});
