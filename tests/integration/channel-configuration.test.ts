/**
 * Channel configuration calls of spec 001 §7 (the manage-channel modal's tabs) against the real core
 * on real SQLite and PostgreSQL with the real simulator: every change reaches the channel's server
 * and is stored only once the server accepts it; the spec's §5 rules answer with their messages and
 * change nothing; §8 errors (overlay file errors, Feature disabled, logs of another channel,
 * configuration not sent) come from their causes; reads show what was stored, secrets masked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPath,
  catalogue,
  channelConfigurationEndpoints,
  CONSOLE_ROLES,
  ERROR_CATALOGUE,
  STUN_TURN,
  VALIDATION,
  groupTopic,
  inventoryTopic,
  type ChannelFfmpeg,
  type CurrentUser,
  type EndpointDef,
  type StreamingDestinationInfo,
  type Topic,
} from '@fleet/contracts';
import { TINY_PNG_BASE64 } from '../support/examples/channel-configuration.js';
import {
  devicesSettled,
  eventually,
  providers,
  startTestStack,
  type TestStack,
  coreCall,
  recordPublished,
  type Method,
  type Published,
} from '../support/stack.js';
import { connect, until } from './realtime-client.js';

const IDS = Object.keys(channelConfigurationEndpoints) as (keyof typeof channelConfigurationEndpoints)[];

/** A PNG of the given size with `extra` bytes of padding after its header (only the header is read). */
function png(width: number, height: number, extra = 0): string {
  const bytes = Buffer.from(TINY_PNG_BASE64, 'base64');
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  return Buffer.concat([bytes, Buffer.alloc(extra)]).toString('base64');
}

describe.each(providers())('channel configuration on %s', (provider) => {
  let s: TestStack;
  let superUser: string;
  let regular: string;
  let reader: string;
  /** Channels of the simulated hub MMH-0001 (luc_regular sees them), and one of the video return server. */
  let hubChannel: string;
  let otherHubChannel: string;
  let vrServerChannel: string;
  let inputChannel: string | undefined;
  const published: Published[] = [];

  const call = (method: Method, url: string, cookie: string | undefined, payload?: unknown) => coreCall(s, method, url, cookie, payload);
  const db = () => s.app.services.db;
  /** What requests write (status and version follow the device too: left out). */
  const snapshot = async () => {
    const [channels, destinations] = await Promise.all([
      db().channel.findMany({
        orderBy: { id: 'asc' },
        omit: { status: true, version: true, updatedAt: true, allocatedTo: true, allocatedToUnitAlias: true, allocatedToUnitUid: true, uptime: true },
      }),
      db().streamingDestination.findMany({ orderBy: { id: 'asc' } }),
    ]);
    return JSON.stringify({ channels, destinations });
  };
  const fields = (res: { json(): unknown }) => (res.json() as { error: { fields?: { path: string; message: string }[] } }).error.fields ?? [];
  /** The channel online and idle on its simulated server. */
  const idle = async (channelId: string) => {
    const { serverId } = await db().channel.findUniqueOrThrow({ where: { id: channelId }, select: { serverId: true } });
    s.sim?.inject({ serverId, fault: { type: 'serverPower', on: true } });
    s.sim?.inject({ serverId, fault: { type: 'channelStatus', channelId, status: 'idle' } });
    // A fault's reports may still be queued (a refusal by the device does not wait for them).
    await devicesSettled(s.app);
    await eventually(async () => (await db().channel.findUniqueOrThrow({ where: { id: channelId } })).status === 'idle', 10_000);
    // The core decides on its read model, which takes the committed row a moment after the database shows it.
    await eventually(async () => (await call('GET', `/channels/${channelId}/status`, superUser)).json().status === 'idle', 10_000);
  };

  beforeAll(async () => {
    s = await startTestStack({ provider });
    [superUser, regular, reader] = await Promise.all([s.login('super_user'), s.login('luc_regular'), s.login('luc_read')]);
    recordPublished(s.app, published);
    hubChannel = 'MMH-0001-CH1';
    otherHubChannel = 'MMH-0001-CH2';
    vrServerChannel = (await db().channel.findFirstOrThrow({ where: { serverId: 'VRS-0001' }, orderBy: { id: 'asc' } })).id;
    inputChannel = (await db().channel.findFirst({ where: { type: 'input', server: { serverType: 'mmh_server' } }, orderBy: { id: 'asc' } }))?.id;
    await idle(hubChannel);
    await idle(otherHubChannel);
  });
  afterAll(async () => s?.close());

  it('answers 401 without a session, 403 to read-only users on changes (reads allowed), changing nothing', async () => {
    const before = await snapshot();
    for (const id of IDS) {
      const def: EndpointDef = catalogue[id];
      const url = buildPath(def.path, { id: hubChannel });
      expect((await call(def.method, url, undefined, def.body ? {} : undefined)).statusCode, id).toBe(401);
      if (def.roles.includes('luc_read')) continue;
      const res = await call(def.method, url, reader, def.body ? {} : undefined);
      expect(res.statusCode, id).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    expect(CONSOLE_ROLES).toContain('luc_read');
    expect((await call('GET', `/channels/${hubChannel}/ffmpeg`, reader)).statusCode).toBe(200);
    expect((await call('GET', `/channels/${hubChannel}/smpte`, reader)).statusCode).toBe(200);
    expect(await snapshot()).toBe(before);
  });

  it('answers 404 for unknown and foreign channels, also when named in a body or query, changing nothing', async () => {
    const before = await snapshot();
    const foreign = (await db().channel.findFirstOrThrow({ where: { serverId: 'MMH-0002' } })).id;
    for (const id of ['CH-NO-SUCH', foreign]) {
      expect((await call('PUT', `/channels/${id}/ffmpeg`, regular, { enabled: true, override: '-x' })).statusCode).toBe(404);
      expect((await call('GET', `/socialmediadetails/fetch?channelId=${id}`, regular)).statusCode).toBe(404);
      expect((await call('PUT', '/channels/bwLimit', regular, { channelIds: [hubChannel, id], limit: '3.6' })).statusCode).toBe(404);
      expect((await call('POST', '/channels/streamingdestinations/fetch_cdns', regular, { channelId: id })).statusCode).toBe(404);
      expect((await call('GET', `/v2/admin/channels/${id}/ffmpeg`, regular)).statusCode).toBe(403);
    }
    // An admin of inv-global only does not reach a channel of inv-metro under the admin path.
    const admin = await s.login('luc_admin');
    expect((await call('GET', `/v2/admin/channels/${foreign}/ffmpeg`, admin)).statusCode).toBe(404);
    expect(await snapshot()).toBe(before);
  });

  it('sets the FFMPEG override: stored once the server accepts, version bumped, announced; admin path too', async () => {
    published.length = 0;
    const before: ChannelFfmpeg = (await call('GET', `/channels/${hubChannel}/ffmpeg`, regular)).json();
    const res = await call('PUT', `/channels/${hubChannel}/ffmpeg`, regular, { enabled: true, override: '-c:v libx264', version: before.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ channelId: hubChannel, enabled: true, override: '-c:v libx264', version: before.version + 1 });
    expect((await call('GET', `/channels/${hubChannel}/ffmpeg`, reader)).json()).toMatchObject({ enabled: true, override: '-c:v libx264' });
    await eventually(() => Promise.resolve(published.some((p) => p.event.type === 'channel.changed' && p.event.channel.channelId === hubChannel)));
    // A stale version is refused and changes nothing.
    const snap = await snapshot();
    const stale = await call('PUT', `/channels/${hubChannel}/ffmpeg`, regular, { enabled: false, override: '', version: before.version });
    expect(stale.statusCode).toBe(409);
    expect(await snapshot()).toBe(snap);
    const admin = await s.login('luc_admin');
    const viaAdmin = await call('PUT', `/v2/admin/channels/${hubChannel}/ffmpeg`, admin, { enabled: false, override: '' });
    expect(viaAdmin.statusCode, viaAdmin.body).toBe(200);
    expect((await call('GET', `/v2/admin/channels/${hubChannel}/ffmpeg`, admin)).json()).toMatchObject({ enabled: false, override: '' });
  });

  it('does not store a change the server did not get: "Configuration not sent, retry"', async () => {
    const before = await snapshot();
    s.sim?.inject({ serverId: 'MMH-0001', fault: { type: 'serverPower', on: false } });
    try {
      const res = await call('PUT', `/channels/${hubChannel}/ffmpeg`, regular, { enabled: true, override: '-an' });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.message).toBe(ERROR_CATALOGUE.DEVICE_UNREACHABLE.message);
      expect(await snapshot()).toBe(before);
    } finally {
      await idle(hubChannel);
      await idle(otherHubChannel);
    }
  });

  it('checks input sources with the spec messages; adds and removes them on an input channel only', async () => {
    const before = await snapshot();
    const bad = async (body: Record<string, unknown>, path: string, message: string) => {
      const res = await call('POST', `/channels/${hubChannel}/inputSources`, regular, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(fields(res)).toContainEqual({ path: `body.${path}`, message });
    };
    await bad({ kind: 'encoder', name: 'cam', rtspUrl: `rtsp://h/${'a'.repeat(250)}` }, 'rtspUrl', VALIDATION.max256);
    await bad({ kind: 'encoder', name: 'cam', rtspUrl: 'rtsp://hôte/stream' }, 'rtspUrl', VALIDATION.asciiOnly);
    await bad({ kind: 'webrtc', name: 'w', port: 65354 }, 'port', VALIDATION.maxValue(65353));
    await bad({ kind: 'webrtc', name: 'w', port: 0 }, 'port', VALIDATION.minValue(1));
    await bad({ kind: 'srt', name: 's', mode: 'listener', sourcePort: 555, latency: 120 }, 'sourcePort', VALIDATION.sourcePortRange);
    await bad({ kind: 'srt', name: 's', mode: 'listener', sourcePort: 9000, latency: 120, passphrase: 'short' }, 'passphrase', VALIDATION.minChars(10));
    await bad(
      { kind: 'srt', name: 's', mode: 'listener', sourcePort: 9000, latency: 120, passphrase: 'with-dash-key' },
      'passphrase',
      VALIDATION.noSpecialCharacters,
    );
    const notInput = await call('POST', `/channels/${hubChannel}/inputSources`, regular, { kind: 'webrtc', name: 'w', port: 8443 });
    expect(notInput.statusCode).toBe(409);
    expect(notInput.json().error.code).toBe('CHANNEL_NOT_INPUT');
    expect(await snapshot()).toBe(before);

    if (inputChannel === undefined) return;
    await idle(inputChannel);
    const added = await call('POST', `/channels/${inputChannel}/inputSources`, superUser, {
      kind: 'srt',
      name: 'field',
      mode: 'listener',
      sourcePort: 558,
      latency: 200,
      passphrase: 'Secret12345',
    });
    expect(added.statusCode, added.body).toBe(201);
    const source = added.json().sources.at(-1);
    expect(source).toMatchObject({ kind: 'srt', sourcePort: 558, hasPassphrase: true });
    expect(JSON.stringify(added.json())).not.toContain('Secret12345');
    // The channel details (what the manage-channel modal reads) show the source as the POST answered it, secret masked, to readers too.
    const details = async () => {
      const res = await call('GET', `/channels/fetch_details?ids=${inputChannel}`, reader);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { channels: { inputSources: { sourceId: string }[] }[] };
    };
    const shown = await details();
    expect(shown.channels[0]?.inputSources).toEqual(added.json().sources);
    expect(JSON.stringify(shown)).not.toContain('Secret12345');
    const removed = await call('DELETE', `/channels/${inputChannel}/inputSources?sourceId=${source.sourceId}`, superUser);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().sources.map((x: { sourceId: string }) => x.sourceId)).not.toContain(source.sourceId);
    expect((await details()).channels[0]?.inputSources).toEqual(removed.json().sources);
    // A channel that is no input lists none.
    const hub = (await call('GET', `/channels/fetch_details?ids=${hubChannel}`, reader)).json() as { channels: { inputSources: unknown[] }[] };
    expect(hub.channels[0]?.inputSources).toEqual([]);
    // Removing it again changes nothing and is not an error.
    const again = await call('DELETE', `/channels/${inputChannel}/inputSources?sourceId=${source.sourceId}`, superUser);
    expect(again.statusCode).toBe(200);
    expect(again.json().version).toBe(removed.json().version);
  });

  it('keeps streaming destinations with the spec rules, secrets masked', async () => {
    const base = '/channels/streamingdestinations';
    const cdn = {
      type: 'cdn',
      name: 'yt',
      provider: 'YouTube',
      urlPrimary: 'rtmp://a.rtmp.youtube.com/live2',
      streamId: 'key-1',
      username: 'u',
      password: 'p4ss',
    };
    const added = await call('POST', `${base}/add_details`, regular, { channelId: hubChannel, destination: cdn });
    expect(added.statusCode, added.body).toBe(201);
    const d: StreamingDestinationInfo = added.json();
    expect(d).toMatchObject({ type: 'cdn', streamType: 'main', hasPassword: true, streamId: 'key-1' });
    expect(added.body).not.toContain('p4ss');

    const before = await snapshot();
    const bad = async (destination: Record<string, unknown>, path: string, message: string) => {
      const res = await call('POST', `${base}/add_details`, regular, { channelId: hubChannel, destination });
      expect(res.statusCode, res.body).toBe(400);
      expect(fields(res)).toContainEqual({ path: `body.${path}`, message });
    };
    await bad({ ...cdn, provider: 'Other', streamType: 'backup' }, 'destination.streamId', VALIDATION.streamIdUnique);
    await bad({ ...cdn, streamId: 'key-2' }, 'destination.streamType', VALIDATION.mainStreamProfilePerProvider);
    const ts = { type: 'mpegts', name: 'ts', provider: 'TS', mpegTsIp: '10.0.0.1', mpegTsPort: 5000, mpegTsBitrate: 4000 };
    await bad({ ...ts, mpegTsPort: 65536 }, 'destination.mpegTsPort', VALIDATION.maxValue(65535));
    await bad({ ...ts, mpegTsBitrate: 1999 }, 'destination.mpegTsBitrate', VALIDATION.minValue(2000));
    await bad({ ...ts, bitrate: 8001 }, 'destination.bitrate', VALIDATION.maxValue(8000));
    await bad({ ...ts, bitrate: 1999 }, 'destination.bitrate', VALIDATION.minValue(2000));
    await bad({ ...ts, resolution: '2160p60' }, 'destination.resolution', VALIDATION.invalidField);
    await bad({ ...ts, mpegTsIp: '10.0.0' }, 'destination.mpegTsIp', VALIDATION.invalidIp);
    const srt = { type: 'srt', name: 'srt', provider: 'SRT', urlPrimary: 'srt://x:9000', srtMode: 'caller', sourcePort: 554, latency: 120 };
    await bad(srt, 'destination.sourcePort', VALIDATION.sourcePortRange);
    await bad({ ...srt, sourcePort: 9000, passphrase: 'a'.repeat(65) }, 'destination.passphrase', VALIDATION.maxChars(64));
    expect(await snapshot()).toBe(before);

    // An update without a password keeps the stored one; a new type clears the old type's fields.
    const updated = await call('POST', `${base}/update_details`, regular, {
      channelId: hubChannel,
      id: d.id,
      version: d.version,
      destination: { ...cdn, password: undefined, name: 'yt-2' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'yt-2', hasPassword: true, version: d.version + 1 });
    // The video settings (001 §3): a §9 default media resolution, a bitrate within §5, kept by later reads.
    const video = { videoProfile: 'HQ h264', bitrate: 6000, resolution: '1080p50', frameRate: '50' };
    const withVideo = await call('POST', `${base}/update_details`, regular, { channelId: hubChannel, id: d.id, destination: { ...cdn, ...video } });
    expect(withVideo.statusCode, withVideo.body).toBe(200);
    expect((await call('POST', `${base}/fetch_cdns`, reader, { channelId: hubChannel })).json().destinations[0]).toMatchObject(video);
    const toTs = await call('POST', `${base}/update_details`, regular, { channelId: hubChannel, id: d.id, destination: ts });
    expect(toTs.json()).toMatchObject({
      type: 'mpegts',
      urlPrimary: null,
      streamId: null,
      hasPassword: false,
      mpegTsPort: 5000,
      resolution: null,
      bitrate: null,
    });
    const list = await call('POST', `${base}/fetch_cdns`, reader, { channelId: hubChannel });
    expect(list.json().destinations.map((x: StreamingDestinationInfo) => x.id)).toEqual([d.id]);
    // Another channel's destination is not reachable through this one.
    expect((await call('POST', `${base}/remove_details`, regular, { channelId: otherHubChannel, id: d.id })).statusCode).toBe(404);
    expect((await call('POST', `${base}/remove_details`, regular, { channelId: hubChannel, id: d.id })).json()).toEqual({
      channelId: hubChannel,
      id: d.id,
      removed: true,
    });
    expect(await db().streamingDestination.count({ where: { id: d.id } })).toBe(0);
  });

  it("announces destination changes over /ws on the channel's topics, so a second console reads them again", async () => {
    const base = '/channels/streamingdestinations';
    const url = await s.app.listen({ host: '127.0.0.1', port: 0 });
    // Another console, read-only, subscribed to its user's groups as the console does.
    const me: CurrentUser = (await call('GET', '/users/current', reader)).json();
    const topics: Topic[] = me.groups.map((g) => groupTopic(g.id));
    const channel = await db().channel.findUniqueOrThrow({ where: { id: hubChannel }, include: { groups: true, inventories: true } });
    const audience = [...channel.groups.map((g) => groupTopic(g.groupId)), ...channel.inventories.map((i) => inventoryTopic(i.inventoryId))];
    expect(
      topics.some((t) => audience.includes(t)),
      "the reader follows one of the channel's groups",
    ).toBe(true);
    const client = await connect(url, { cookie: reader });
    try {
      await client.next((m) => m.op === 'hello');
      client.send({ op: 'subscribe', topics });
      await client.next((m) => m.op === 'subscribed');
      const announced = () => client.events.filter((e) => e.event.type === 'channelDestinations.changed' && e.event.channelId === hubChannel);
      // Each event reaches the console once per followed topic it went to: count those of one topic.
      const shared = topics.find((t) => audience.includes(t));
      const seen = () => announced().filter((e) => e.topic === shared).length;
      const destinationNews = () => published.filter((p) => p.event.type === 'channelDestinations.changed');
      const earlier = destinationNews().length;

      const added = await call('POST', `${base}/add_details`, regular, {
        channelId: hubChannel,
        destination: { type: 'cdn', name: 'live', provider: 'Twitch', urlPrimary: 'rtmp://live.twitch.tv/app', streamId: 'tw-1' },
      });
      expect(added.statusCode, added.body).toBe(201);
      await until(() => seen() >= 1, 10_000, 'the add is announced');
      const d: StreamingDestinationInfo = added.json();
      expect(
        (
          await call('POST', `${base}/update_details`, regular, {
            channelId: hubChannel,
            id: d.id,
            destination: { type: 'cdn', name: 'live-2', provider: 'Twitch', urlPrimary: 'rtmp://live.twitch.tv/app', streamId: 'tw-1' },
          })
        ).statusCode,
      ).toBe(200);
      await until(() => seen() >= 2, 10_000, 'the update is announced');
      expect((await call('POST', `${base}/remove_details`, regular, { channelId: hubChannel, id: d.id })).statusCode).toBe(200);
      await until(() => seen() >= 3, 10_000, 'the removal is announced');
      // Published to the channel's groups and inventories, as its channel.changed.
      const own = destinationNews().slice(earlier);
      expect(own.map((p) => p.event.type === 'channelDestinations.changed' && p.event.channelId)).toEqual([hubChannel, hubChannel, hubChannel]);
      for (const p of own) expect([...p.topics].sort()).toEqual([...audience].sort());

      // A rejected change announces nothing.
      const refused = await call('POST', `${base}/add_details`, regular, {
        channelId: hubChannel,
        destination: { type: 'mpegts', name: 'ts', provider: 'TS', mpegTsIp: '10.0.0', mpegTsPort: 5000, mpegTsBitrate: 4000 },
      });
      expect(refused.statusCode).toBe(400);
      expect(destinationNews()).toHaveLength(earlier + 3);
    } finally {
      client.ws.close();
    }
  });

  it('answers stream media profiles within the spec range, and social media details with the token masked', async () => {
    const profiles = (await call('GET', '/streamingmediaprofiles/fetch', reader)).json().profiles;
    expect(profiles.length).toBeGreaterThan(0);
    const res = await call('POST', '/socialmediadetails/update', regular, {
      channelId: hubChannel,
      enabled: true,
      title: 'Evening news',
      accessToken: 'fb-token-123',
    });
    expect(res.statusCode, res.body).toBe(200);
    const got = await call('GET', `/socialmediadetails/fetch?channelId=${hubChannel}`, reader);
    expect(got.json()).toMatchObject({ provider: 'facebook', enabled: true, title: 'Evening news', hasAccessToken: true });
    expect(got.body).not.toContain('fb-token-123');
  });

  it('sets the bandwidth limit and private session of several channels at once', async () => {
    const res = await call('PUT', '/channels/bwLimit', regular, { channelIds: [hubChannel, otherHubChannel], limit: '5.5' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().channels.map((c: { bandwidthLimit: number }) => c.bandwidthLimit)).toEqual([5500, 5500]);
    const custom = await call('PUT', '/channels/bwLimit', regular, { channelIds: [hubChannel], limit: 'custom' });
    expect(custom.statusCode).toBe(400);
    expect(fields(custom)).toContainEqual({ path: 'body.customKbps', message: VALIDATION.required });
    expect(
      (await call('PUT', '/channels/bwLimit', regular, { channelIds: [hubChannel], limit: 'custom', customKbps: 2500 })).json().channels[0].bandwidthLimit,
    ).toBe(2500);
    expect((await call('PUT', '/channels/bwLimit', regular, { channelIds: [hubChannel], limit: 'disabled' })).json().channels[0].bandwidthLimit).toBeNull();
    const priv = await call('PUT', '/channels/privateSession', regular, { channelIds: [otherHubChannel], privateSession: true });
    expect(priv.json().channels[0]).toMatchObject({ channelId: otherHubChannel, privateSession: true, bandwidthLimit: 5500 });
    expect(await db().channel.findUniqueOrThrow({ where: { id: otherHubChannel } })).toMatchObject({ privateSession: true, bandwidthLimit: 5500 });
  });

  it('configures SMPTE 2110: stored with isConfigured, "Invalid IP field", "Feature disabled" off a hub, refused on a collecting channel', async () => {
    const flows = [{ kind: 'video', primary: { ip: '239.1.1.1', port: 5004 }, secondary: { ip: '239.1.1.2', port: 5004 } }];
    const bad = await call('PUT', `/channels/${hubChannel}/smpte`, regular, {
      enabled: true,
      flows: [{ kind: 'video', primary: { ip: '300.1.1.1', port: 5004 } }],
    });
    expect(bad.statusCode).toBe(400);
    expect(fields(bad)).toContainEqual({ path: 'body.flows.0.primary.ip', message: VALIDATION.invalidIp });
    const ok = await call('PUT', `/channels/${hubChannel}/smpte`, regular, { enabled: true, flows });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ enabled: true, smpteMetadata: { isConfigured: true } });
    expect(await db().channel.findUniqueOrThrow({ where: { id: hubChannel } })).toMatchObject({ flavor: 'SMPTE2110', smpteMetadata: { isConfigured: true } });

    const before = await snapshot();
    await idle(vrServerChannel);
    const off = await call('PUT', `/channels/${vrServerChannel}/smpte`, superUser, { enabled: true, flows });
    expect(off.statusCode).toBe(403);
    expect(off.json().error.message).toBe('Feature disabled');
    s.sim?.inject({ serverId: 'MMH-0001', fault: { type: 'channelStatus', channelId: otherHubChannel, status: 'collecting' } });
    try {
      const busy = await call('PUT', `/channels/${otherHubChannel}/smpte`, regular, { enabled: true, flows });
      expect(busy.statusCode).toBe(409);
      expect(busy.json().error.code).toBe('CHANNEL_BUSY');
    } finally {
      await idle(otherHubChannel);
    }
    const after = await snapshot();
    expect(JSON.parse(after).destinations).toEqual(JSON.parse(before).destinations);
    expect(await db().channel.findUniqueOrThrow({ where: { id: otherHubChannel } })).toMatchObject({ flavor: null });
  });

  it('sends a channel’s logs: one channel per server at a time, it ends by itself, and can be stopped', async () => {
    const started = await call('POST', `/channels/${hubChannel}/fetchlogs`, regular);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ channelId: hubChannel, sending: true });
    // The channel's details carry the same state (the modal's logs part reads it there).
    const logsOf = async () => (await call('GET', `/channels/fetch_details?ids=${hubChannel}`, reader)).json().channels[0].logs;
    expect(await logsOf()).toEqual({ sending: true, startedAt: started.json().startedAt });
    const other = await call('POST', `/channels/${otherHubChannel}/fetchlogs`, regular);
    expect(other.statusCode).toBe(409);
    expect(other.json().error.message).toBe(ERROR_CATALOGUE.SERVER_BUSY_SENDING_LOGS.message);
    // The server finishes the first channel's logs by itself and says so; then the other channel's can start.
    await eventually(async () => {
      const row = await db().channel.findUniqueOrThrow({ where: { id: hubChannel } });
      return (row.configuration as { logs?: { sending?: boolean } }).logs?.sending === false;
    }, 15_000);
    // The read model takes the committed row a moment after the database shows it.
    await eventually(async () => !(await logsOf()).sending, 5_000);
    expect(await logsOf()).toEqual({ sending: false, startedAt: null });
    expect((await call('POST', `/channels/${otherHubChannel}/fetchlogs`, regular)).statusCode).toBe(200);
    const stopped = await call('DELETE', `/channels/${otherHubChannel}/fetchlogs`, regular);
    expect(stopped.json()).toMatchObject({ sending: false, startedAt: null });
    expect((await call('POST', `/channels/${hubChannel}/fetchlogs`, regular)).statusCode).toBe(200);
    await call('DELETE', `/channels/${hubChannel}/fetchlogs`, regular);
  });

  it('answers STUN/TURN servers valid for turnExpiration seconds', async () => {
    const res = await call('GET', `/stunTurnInfo?identifier=${hubChannel}`, reader);
    expect(res.statusCode).toBe(200);
    const info = res.json();
    expect(info.turnExpiration).toBe(STUN_TURN.turnExpirationSeconds);
    expect(info.iceServers.some((i: { urls: string[]; credential?: string }) => i.urls[0]!.startsWith('turn:') && i.credential)).toBe(true);
    expect((await call('GET', '/stunTurnInfo', reader)).statusCode).toBe(400);
  });

  it('uploads the overlay checked on its bytes: type, size, resolution, exists', async () => {
    const url = `/channels/${hubChannel}/overlay`;
    const ok = await call('PUT', url, regular, { fileName: 'logo.png', dataBase64: png(1920, 1080) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().overlay).toMatchObject({ fileName: 'logo.png', width: 1920, height: 1080 });
    const before = await snapshot();
    const refused = async (body: Record<string, unknown>, code: string) => {
      const res = await call('PUT', url, regular, body);
      expect(res.json().error.code, res.body).toBe(code);
    };
    await refused({ fileName: 'logo.png', dataBase64: png(100, 100) }, 'OVERLAY_EXISTS');
    await refused({ fileName: 'photo.png', dataBase64: Buffer.from('\xff\xd8\xff\xe0 jpeg bytes here').toString('base64') }, 'OVERLAY_TYPE');
    await refused({ fileName: 'big.png', dataBase64: png(100, 100, 110 * 1024) }, 'OVERLAY_TOO_BIG');
    await refused({ fileName: 'wide.png', dataBase64: png(2001, 100) }, 'OVERLAY_RESOLUTION');
    expect(await snapshot()).toBe(before);
    expect((await call('PUT', url, regular, { fileName: 'logo.png', dataBase64: png(2000, 2000), replace: true })).json().overlay).toMatchObject({
      width: 2000,
    });
    expect((await call('GET', url, reader)).json().overlay).toMatchObject({ fileName: 'logo.png', height: 2000 });
    expect((await call('DELETE', url, regular)).json().overlay).toBeNull();
    expect((await call('GET', url, reader)).json().overlay).toBeNull();
  });
});
