/**
 * POST devices/{id}/commands/{command} (spec 000 §7 "Commands") through the real HTTP surface, on
 * real SQLite and PostgreSQL, with the real simulator attached: every command kind answering 401 /
 * 403 / 404; the channel, metadata, audio, IFB, encoder and store-and-forward settings, upload
 * cancelling, stop streaming and reboot (UNIT_OFFLINE): success and device reaction, the validation
 * rules with the spec's words, and that a rejected command changes nothing. The stack and the
 * helpers: tests/support/unit-commands.ts.
 */
import { describe, expect, it } from 'vitest';
import { UNIT_COMMANDS } from '@fleet/contracts';
import type { UnitSettings } from '@fleet/simulator';
import { eventually, providers } from '../support/stack.js';
import { record, unitCommandsStack, VALID } from '../support/unit-commands.js';

describe.each(providers())('unit commands on %s', (provider) => {
  const { ctx, cookies, events, cmd, detail, row, device, unchanged } = unitCommandsStack(provider);

  it('declares every command kind of the spec, each answering 401 without a session, 403 to read-only users and 404 for unknown or foreign units', async () => {
    expect(Object.keys(VALID).sort()).toEqual([...UNIT_COMMANDS].sort());
    for (const kind of UNIT_COMMANDS) {
      const none = await cmd('LU800-0001', kind, VALID[kind], null);
      expect(none.statusCode, kind).toBe(401);
      const ro = await cmd('LU800-0001', kind, VALID[kind], cookies.read);
      expect(ro.statusCode, kind).toBe(403);
      expect(ro.json().error.code).toBe('FORBIDDEN');
      expect((await cmd('NO-SUCH-UNIT', kind, VALID[kind])).statusCode, kind).toBe(404);
      // LU800-0005 is outside luc_regular's inventories: answered like a missing unit.
      const foreign = await cmd('LU800-0005', kind, VALID[kind]);
      expect(foreign.statusCode, kind).toBe(404);
      expect(foreign.json().error.code).toBe('NOT_FOUND');
    }
  });

  it('set virtual channel: selects a channel of the unit’s inventories, stores it, tells the device', async () => {
    const at = events.length;
    const res = await cmd('LU800-0001', 'setVirtualChannel', { channelId: 'MMH-0001-CH1' });
    expect(res.statusCode, res.body).toBe(200);
    const channel = await ctx.s.app.services.db.channel.findUniqueOrThrow({ where: { id: 'MMH-0001-CH1' } });
    expect(res.json()).toEqual({
      uniqueId: 'LU800-0001',
      command: 'setVirtualChannel',
      accepted: true,
      channelId: 'MMH-0001-CH1',
      virtualChannelName: channel.name,
    });
    expect((await detail('LU800-0001')).selectedChannel.channelId).toBe('MMH-0001-CH1');
    // The device selects it (retried when an attempt fails, spec 000 §4).
    await eventually(async () => device('LU800-0001').snapshot().selection?.channelId === 'MMH-0001-CH1');
    const ev = events.slice(at).find((e) => e.type === 'unit.configuration' && e.unitId === 'LU800-0001');
    expect(ev).toMatchObject({ setting: 'virtualChannel', configuration: { selectedChannelId: 'MMH-0001-CH1', virtualChannelName: channel.name } });
  });

  it('set virtual channel: unknown, foreign or missing channel is refused with the spec’s words and changes nothing', async () => {
    for (const [body, message] of [
      [{ channelId: 'NOPE' }, "Invalid field: not in the unit's inventories"],
      [{ channelId: 'MMH-0002-CH1' }, "Invalid field: not in the unit's inventories"],
      [{}, 'This field is required'],
    ] as const) {
      const res = await unchanged('LU800-0001', () => cmd('LU800-0001', 'setVirtualChannel', body), 400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'body.channelId', message }] });
    }
    const extra = await cmd('LU800-0001', 'setVirtualChannel', { channelId: 'MMH-0001-CH1', other: 1 });
    expect(extra.statusCode).toBe(400);
  });

  it('metadata: stored and sent; a semicolon is refused ("Metadata fields cannot contain a semicolon")', async () => {
    const fields = [
      { key: 'venue', value: 'Olympic Stadium' },
      { key: 'crew', value: 'B' },
    ];
    const ok = await cmd('LU800-0001', 'metadata', { fields });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ uniqueId: 'LU800-0001', command: 'metadata', accepted: true });
    expect(device('LU800-0001').settings.metadata).toEqual(fields);
    expect((await row('LU800-0001')).configuration).toMatchObject({ metadata: fields });
    const bad = await unchanged('LU800-0001', () => cmd('LU800-0001', 'metadata', { fields: [{ key: 'a', value: 'x;y' }] }), 400);
    expect(bad.json().error.fields).toEqual([{ path: 'body.fields.0.value', message: 'Metadata fields cannot contain a semicolon' }]);
    const badKey = await cmd('LU800-0001', 'metadata', { fields: [{ key: 'a;b', value: 'x' }] });
    expect(badKey.json().error.fields).toEqual([{ path: 'body.fields.0.key', message: 'Metadata fields cannot contain a semicolon' }]);
    const empty = await cmd('LU800-0001', 'metadata', { fields: [] });
    expect(empty.json().error.fields).toEqual([{ path: 'body.fields', message: 'This field is required' }]);
  });

  it('audio parameters and bitrate: stored in the configuration; channels 4 and above only from SDI; the spec’s bitrates only', async () => {
    const ok = await cmd('LU800-0001', 'audioParameters', { input: 'sdi', channels: 8, gainDb: 3 });
    expect(ok.statusCode, ok.body).toBe(200);
    const hdmi = await unchanged('LU800-0001', () => cmd('LU800-0001', 'audioParameters', { input: 'hdmi', channels: 4 }), 400);
    expect(hdmi.json().error.fields).toEqual([{ path: 'body.channels', message: 'Audio channels 4 and above are available on the SDI input only' }]);
    expect((await cmd('LU800-0001', 'audioParameters', { input: 'hdmi', channels: 2 })).statusCode).toBe(200);
    const tooMany = await cmd('LU800-0001', 'audioParameters', { input: 'sdi', channels: 17 });
    expect(tooMany.json().error.fields).toEqual([{ path: 'body.channels', message: 'Must be 16 or less' }]);
    expect((await cmd('LU800-0001', 'audioBitrate', { bitrateKbps: 192 })).statusCode).toBe(200);
    expect(record((await row('LU800-0001')).configuration).audio).toMatchObject({ input: 'hdmi', channels: 2, bitrateKbps: 192 });
    expect(device('LU800-0001').settings.audio).toMatchObject({ input: 'hdmi', channels: 2, bitrateKbps: 192 });
    const bad = await unchanged('LU800-0001', () => cmd('LU800-0001', 'audioBitrate', { bitrateKbps: 100 }), 400);
    expect(bad.json().error.fields).toEqual([{ path: 'body.bitrateKbps', message: 'Invalid field' }]);
  });

  it('IFB delay and always-on, ancillary data, shooting mode, video complexity, encoder: stored and applied by the device', async () => {
    const calls: [string, unknown, keyof UnitSettings, unknown][] = [
      ['ifbDelay', { delayMs: 400 }, 'ifbDelayMs', 400],
      ['ifbAlwaysOn', { enabled: true }, 'ifbAlwaysOn', true],
      ['ancillaryData', { enabled: true, types: ['cc708', 'timecode'] }, 'ancillaryData', { enabled: true, types: ['cc708', 'timecode'] }],
      ['shootingMode', { mode: 'sports' }, 'shootingMode', 'sports'],
      ['videoComplexity', { level: 'high' }, 'videoComplexity', 'high'],
      ['encoder', { codec: 'hevc', colourDepth: 10 }, 'encoder', { codec: 'hevc', colourDepth: 10 }],
    ];
    for (const [kind, body, key, applied] of calls) {
      const res = await cmd('LU800-0001', kind, body);
      expect(res.statusCode, `${kind} ${res.body}`).toBe(200);
      expect(device('LU800-0001').settings[key], kind).toEqual(applied);
    }
    expect((await row('LU800-0001')).configuration).toMatchObject({
      ifb: { delayMs: 400, alwaysOn: true },
      ancillaryData: { enabled: true, types: ['cc708', 'timecode'] },
      shootingMode: 'sports',
      videoComplexity: 'high',
      encoder: { codec: 'hevc', colourDepth: 10 },
    });
    for (const [kind, body, field, message] of [
      ['ifbDelay', { delayMs: 2001 }, 'body.delayMs', 'Must be 2000 or less'],
      ['ifbDelay', { delayMs: 1.5 }, 'body.delayMs', 'Must be an integer'],
      ['ifbAlwaysOn', { enabled: 'yes' }, 'body.enabled', 'Invalid field'],
      ['ancillaryData', { enabled: true, types: ['teletext'] }, 'body.types.0', 'Invalid field'],
      ['shootingMode', { mode: 'night' }, 'body.mode', 'Invalid field'],
      ['videoComplexity', { level: 'extreme' }, 'body.level', 'Invalid field'],
      ['encoder', { codec: 'h264', colourDepth: 12 }, 'body.colourDepth', 'Invalid field'],
    ] as const) {
      const res = await unchanged('LU800-0001', () => cmd('LU800-0001', kind, body), 400);
      expect(res.json().error.fields, kind).toEqual([{ path: field, message }]);
    }
    // HEVC needs a unit that has it.
    const lite = await cmd('LULITE-0001', 'encoder', { codec: 'hevc' });
    expect(lite.statusCode).toBe(403);
    expect(lite.json().error).toEqual({ code: 'FEATURE_DISABLED', message: 'Feature disabled' });
  });

  it('store-and-forward quality: the device records with it and the unit shows it', async () => {
    const res = await cmd('LU800-0001', 'storeAndForwardQuality', { quality: 'high_h265' });
    expect(res.statusCode).toBe(200);
    expect((await detail('LU800-0001')).storeAndForwardVideoQuality).toBe('high_h265');
    expect(device('LU800-0001').settings.storeAndForwardQuality).toBe('high_h265');
    const bad = await unchanged('LU800-0001', () => cmd('LU800-0001', 'storeAndForwardQuality', { quality: 'ultra' }), 400);
    expect(bad.json().error.fields).toEqual([{ path: 'body.quality', message: 'Invalid field' }]);
  });

  it('cancel file upload: pending and running uploads of those names end as failed; unknown names are ignored', async () => {
    const file = await ctx.s.app.services.db.file.findFirstOrThrow({ where: { unitId: 'LU800-0001', kind: 'uploaded' } });
    await ctx.s.app.services.db.file.update({ where: { id: file.id }, data: { status: 'pending' } });
    const res = await cmd('LU800-0001', 'cancelFileUpload', { files: [file.fileName, 'not-there.mp4'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ uniqueId: 'LU800-0001', command: 'cancelFileUpload', accepted: true, cancelled: [file.fileName] });
    expect((await ctx.s.app.services.db.file.findUniqueOrThrow({ where: { id: file.id } })).status).toBe('failed');
    expect(device('LU800-0001').settings.cancelledUploads).toEqual([file.fileName, 'not-there.mp4']);
    const again = await cmd('LU800-0001', 'cancelFileUpload', { files: [file.fileName] });
    expect(again.json().cancelled).toEqual([]);
    const empty = await cmd('LU800-0001', 'cancelFileUpload', { files: [] });
    expect(empty.json().error.fields).toEqual([{ path: 'body.files', message: 'This field is required' }]);
    const missing = await cmd('LU800-0001', 'cancelFileUpload', {});
    expect(missing.json().error.fields).toEqual([{ path: 'body.files', message: 'This field is required' }]);
  });

  it('stop streaming: every streaming activity of the unit stops', async () => {
    const unit = await eventually(async () => {
      for (const id of ['SOLO-0001', 'LU800-0003', 'LU300-0001', 'LULITE-0001']) {
        const d = await detail(id);
        if (d.status === 'idle' && d.cameraConnected && d.licenseValid) return d;
      }
      return null;
    });
    const start = await ctx.s.app.inject({ method: 'POST', url: `/api/v2/units/${unit.uniqueId}/stream`, headers: { cookie: cookies.regular } });
    expect(start.statusCode, start.body).toBe(200);
    await eventually(async () => (await detail(unit.uniqueId)).status === 'streaming');
    const stop = await cmd(unit.uniqueId, 'stopStreaming');
    expect(stop.statusCode).toBe(200);
    expect(stop.json()).toEqual({ uniqueId: unit.uniqueId, command: 'stopStreaming', accepted: true });
    await eventually(async () => (await detail(unit.uniqueId)).status === 'idle');
    const body = await cmd(unit.uniqueId, 'stopStreaming', { now: true });
    expect(body.statusCode).toBe(400);
  });

  it('reboot: offline at once, back after a few seconds; commands to the offline unit answer UNIT_OFFLINE', async () => {
    const before = await row('SOLO-0001');
    const res = await cmd('SOLO-0001', 'reboot');
    expect(res.statusCode, res.body).toBe(200);
    expect(device('SOLO-0001').online).toBe(false);
    const offline = await cmd('SOLO-0001', 'metadata', { fields: [{ key: 'a', value: 'b' }] });
    expect(offline.statusCode).toBe(409);
    expect(offline.json().error).toEqual({ code: 'UNIT_OFFLINE', message: 'Selected channel busy or offline' });
    await eventually(async () => (await detail('SOLO-0001')).status === 'offline');
    const again = await cmd('SOLO-0001', 'reboot');
    expect(again.json().error.code).toBe('UNIT_OFFLINE');
    expect(record((await row('SOLO-0001')).configuration).metadata).toEqual(record(before.configuration).metadata);
    await eventually(async () => (await detail('SOLO-0001')).status === 'idle');
    expect((await row('SOLO-0001')).lastReboot!.getTime()).toBeGreaterThan(before.lastReboot?.getTime() ?? 0);
  });

  it('stop streaming and DELETE v2/units/{id}/stream end a stream alike: the channel is idle again and the unit off air', async () => {
    /** The channel's status as the core recorded it from the device (control plane `core.channel`). */
    const channelStatus = async (channelId: string): Promise<string | null> => {
      const input = encodeURIComponent(JSON.stringify({ channelId }));
      const res = await ctx.s.app.inject({ method: 'GET', url: `/mock/trpc/core.channel?input=${input}`, headers: { cookie: cookies.superUser } });
      return (res.json() as { result: { data: { status: string | null } } }).result.data.status;
    };
    const stops = {
      'DELETE stream': (id: string) => ctx.s.app.inject({ method: 'DELETE', url: `/api/v2/units/${id}/stream`, headers: { cookie: cookies.regular } }),
      stopStreaming: (id: string) => cmd(id, 'stopStreaming'),
    };
    for (const [how, stop] of Object.entries(stops)) {
      const unit = await eventually(async () => {
        for (const id of ['LU800-0003', 'SOLO-0001', 'LU300-0001', 'LULITE-0001']) {
          const d = await detail(id);
          if (d.status === 'idle' && d.cameraConnected && d.licenseValid) return d;
        }
        return null;
      });
      // An output channel of the unit's hub that nothing uses: streaming to it puts the unit on air.
      const channelId = await eventually(async () => {
        const outputs = await ctx.s.app.services.db.channel.findMany({
          where: { serverId: 'MMH-0001', type: { in: ['output', 'distributor'] } },
          orderBy: { id: 'asc' },
        });
        for (const c of outputs) if ((await channelStatus(c.id)) === 'idle') return c.id;
        return null;
      });
      const start = await ctx.s.app.inject({
        method: 'POST',
        url: `/api/v2/units/${unit.uniqueId}/stream`,
        headers: { cookie: cookies.regular },
        payload: { channelId },
      });
      expect(start.statusCode, `${how}: ${start.body}`).toBe(200);
      await eventually(async () => (await channelStatus(channelId)) === 'collecting' && (await detail(unit.uniqueId)).tally === 'program');

      const res = await stop(unit.uniqueId);
      expect(res.statusCode, `${how}: ${res.body}`).toBe(200);
      // The answers keep their shapes.
      if (how === 'stopStreaming') expect(res.json()).toEqual({ uniqueId: unit.uniqueId, command: 'stopStreaming', accepted: true });
      else expect(res.json()).toMatchObject({ uniqueId: unit.uniqueId, action: 'stop', accepted: true });
      await eventually(async () => (await detail(unit.uniqueId)).status === 'idle');
      const released = await eventually(async () => (await channelStatus(channelId)) === 'idle').then(
        () => true,
        () => false,
      );
      expect(released, `${how}: channel ${channelId} is idle again`).toBe(true);
      const offAir = await eventually(async () => (await detail(unit.uniqueId)).tally === null).then(
        () => true,
        () => false,
      );
      expect(offAir, `${how}: tally off`).toBe(true);
    }
  });
});
