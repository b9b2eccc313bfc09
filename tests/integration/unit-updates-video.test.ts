/**
 * Unit updates of spec 000 §7, the video settings (PUT v2/units/{id}/delay, transmissionMode, file name
 * prefix, databridge, video return and its channel, multiple camera, single camera, switcher mode,
 * operational mode) through the real HTTP surface, on real SQLite and PostgreSQL, with the real
 * simulator: who may make every update (401 / 403 / 404), success and the device's reaction, the
 * validation rules with the spec's words, licences, a stale version (409), a busy unit, and that a
 * rejected update changes nothing. The stack and the helpers: tests/support/unit-updates.ts.
 */
import { describe, expect, it } from 'vitest';
import { catalogue } from '@fleet/contracts';
import { eventually, providers } from '../support/stack.js';
import { CALLER, unitUpdatesStack, VALID, type UpdateId } from '../support/unit-updates.js';

describe.each(providers())('unit updates on %s', (provider) => {
  const { ctx, cookies, put, unit, detail, device, refused, fields, busyUnit } = unitUpdatesStack(provider);

  it('answers 401 without a session, 403 to a role that may not call it, 404 for unknown or foreign units and groups', async () => {
    for (const [id, v] of Object.entries(VALID) as [UpdateId, (typeof VALID)[UpdateId]][]) {
      const def = catalogue[id];
      const target = v.group ? 'grp-newsroom' : 'LU800-0001';
      const url = def.path.replace('{id}', target);
      const body = v.unitInBody ? { id: 'LU800-0001', ...(v.body as object) } : v.body;
      expect((await put(url, body, null)).statusCode, id).toBe(401);
      if (v.forbidden) {
        const res = await put(url, body, v.forbidden);
        expect(res.statusCode, id).toBe(403);
        expect(res.json().error.code, id).toBe('FORBIDDEN');
      }
      if (id === 'updateCurrentUser') continue;
      const caller = CALLER[id] ?? 'luc_regular';
      for (const missing of v.group ? ['grp-nope', 'grp-metro-live'] : ['NO-SUCH-UNIT', 'LU800-0005']) {
        if (caller === 'staff' && missing === 'LU800-0005') continue; // support staff see every unit
        const otherUrl = v.unitInBody ? url : def.path.replace('{id}', missing);
        const otherBody = v.unitInBody ? { id: missing, ...(v.body as object) } : v.body;
        const res = await put(otherUrl, otherBody, caller);
        expect(res.statusCode, `${id} ${missing}`).toBe(404);
      }
    }
  });

  it('delay: bounds by mode, unit type and version; on the fly only 0.9 s or higher; stale version 409', async () => {
    const ok = await unit('LU800-0001', 'delay', { delayMs: 2500 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ delay: 2500, delayMode: 'normal', forcesWiredLink: false });
    expect(device('LU800-0001').settings.configuration.delay).toEqual({ delayMs: 2500, mode: 'normal' });
    const low = await refused('LU800-0001', () => unit('LU800-0001', 'delay', { delayMs: 500 }), 400);
    expect(fields(low)).toEqual([{ path: 'body.delayMs', message: 'Must be 1000 or more' }]);
    const sub = await refused('LU800-0001', () => unit('LU800-0001', 'delay', { delayMs: 1500, mode: 'subSecond' }), 400);
    expect(fields(sub)).toEqual([{ path: 'body.delayMs', message: 'Must be 1000 or less' }]);
    const out = await refused('LU800-0001', () => unit('LU800-0001', 'delay', { delayMs: 30000 }), 400);
    expect(fields(out)).toEqual([{ path: 'body.delayMs', message: 'Must be 20000 or less' }]);
    // Lite and smart units cannot go below 0.8 s (packages/domain getDelayBounds).
    const lite = await refused('LULITE-0001', () => unit('LULITE-0001', 'delay', { delayMs: 500, mode: 'subSecond' }), 400);
    expect(fields(lite)).toEqual([{ path: 'body.delayMs', message: 'Must be 800 or more' }]);
    const fine = await unit('LULITE-0001', 'delay', { delayMs: 850, mode: 'subSecond' });
    expect(fine.json()).toMatchObject({ delay: 850, delayMode: 'subSecond', forcesWiredLink: false });
    const stale = await refused('LU800-0001', () => unit('LU800-0001', 'delay', { delayMs: 4000, version: ok.json().version - 1 }), 409);
    expect(stale.json().error.code).toBe('CONFLICT');
    const current = await unit('LU800-0001', 'delay', { delayMs: 4000, version: ok.json().version });
    expect(current.statusCode).toBe(200);
    // While streaming: on the fly only 0.9 s or higher.
    const id = await busyUnit();
    expect((await unit(id, 'delay', { delayMs: 3000 })).statusCode).toBe(200);
    expect((await ctx.s.app.inject({ method: 'POST', url: `/api/v2/units/${id}/stream`, headers: { cookie: cookies.luc_regular! } })).statusCode).toBe(200);
    await eventually(async () => (await detail(id)).status === 'streaming');
    const fly = await refused(id, () => unit(id, 'delay', { delayMs: 850, mode: 'subSecond' }), 400);
    expect(fields(fly)).toEqual([{ path: 'body.delayMs', message: 'Delay can be changed on the fly only for 0.9 s or higher' }]);
    expect((await unit(id, 'delay', { delayMs: 950, mode: 'subSecond' })).statusCode).toBe(200);
    // Bandwidth limits and capping cannot be configured on a busy unit; the mode cannot change either.
    const bw = await refused(id, () => unit(id, 'bwLimitation', { totalKbps: 5000, cellularKbps: null }, 'luc_admin'), 400);
    expect(fields(bw)).toEqual([{ path: 'body', message: 'Bandwidth Limit Capping cannot be configured for a busy unit' }]);
    const cap = await refused(id, () => put(`/units/${id}/network/capping`, { option: '3.6' }, 'luc_admin'), 400);
    expect(fields(cap)).toEqual([{ path: 'body', message: 'Bandwidth Limit Capping cannot be configured for a busy unit' }]);
    const mode = await refused(id, () => unit(id, 'operationalMode', { workingMode: 'video_smr' }), 409);
    expect(mode.json().error).toEqual({ code: 'UNIT_BUSY', message: 'Unit is busy' });
    expect((await ctx.s.app.inject({ method: 'DELETE', url: `/api/v2/units/${id}/stream`, headers: { cookie: cookies.luc_regular! } })).statusCode).toBe(200);
    await eventually(async () => (await detail(id)).status === 'idle');
  });

  it('transmission mode: Store & Forward needs an SD card; multi-camera modes need the licence', async () => {
    const ok = await unit('LU800-0001', 'transmissionMode', { transmissionMode: 'storeAndForward' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().transmissionMode).toBe('storeAndForward');
    expect((await detail('LU800-0001')).transmissionMode).toBe('storeAndForward');
    const noSd = await refused('LU800-0002', () => unit('LU800-0002', 'transmissionMode', { transmissionMode: 'storeAndForward' }), 400);
    expect(fields(noSd)).toEqual([{ path: 'body.transmissionMode', message: 'Store & Forward is not available: the unit has no SD card' }]);
    const noMc = await refused('LU300-0001', () => unit('LU300-0001', 'transmissionMode', { transmissionMode: 'multiHq' }), 402);
    expect(noMc.json().error).toEqual({ code: 'NO_MULTI_CAMERA_LICENSE', message: 'No Multi Camera license' });
    expect((await unit('LU800-0001', 'transmissionMode', { transmissionMode: 'fieldSwitcher' })).statusCode).toBe(200);
    expect((await unit('LU800-0001', 'transmissionMode', { transmissionMode: 'live' })).statusCode).toBe(200);
    const bad = await unit('LU800-0001', 'transmissionMode', { transmissionMode: 'carrierPigeon' });
    expect(fields(bad)).toEqual([{ path: 'body.transmissionMode', message: 'Invalid field' }]);
  });

  it('file name prefix: allowed characters, at most 32, unique on the same multimedia hub', async () => {
    const ok = await unit('LU800-0001', 'configuration/filenamePrefix', { filenamePrefix: 'news-desk_{1}' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().filenamePrefix).toBe('news-desk_{1}');
    expect((await detail('LU800-0001')).filenamePrefix).toBe('news-desk_{1}');
    // LU800-0003 sends to the same hub (MMH-0001).
    const clash = await refused('LU800-0003', () => unit('LU800-0003', 'configuration/filenamePrefix', { filenamePrefix: 'news-desk_{1}' }), 400);
    expect(clash.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'The resulting file name must be unique on the same multimedia hub',
      fields: [{ path: 'body.filenamePrefix', message: 'The resulting file name must be unique on the same multimedia hub' }],
    });
    // DRONE-0001 sends to another server: the same prefix is fine there.
    expect((await unit('DRONE-0001', 'configuration/filenamePrefix', { filenamePrefix: 'news-desk_{1}' })).statusCode).toBe(200);
    const chars = await refused('LU800-0003', () => unit('LU800-0003', 'configuration/filenamePrefix', { filenamePrefix: 'bad prefix;' }), 400);
    expect(fields(chars)).toEqual([{ path: 'body.filenamePrefix', message: 'Must match the pattern' }]);
    const long = await refused('LU800-0003', () => unit('LU800-0003', 'configuration/filenamePrefix', { filenamePrefix: 'x'.repeat(33) }), 400);
    expect(fields(long)).toEqual([{ path: 'body.filenamePrefix', message: 'Must have at most 32 characters' }]);
    const cleared = await unit('LU800-0001', 'configuration/filenamePrefix', { filenamePrefix: '' });
    expect(cleared.json().filenamePrefix).toBeNull();
    expect((await unit('LU800-0003', 'configuration/filenamePrefix', { filenamePrefix: 'news-desk_{1}' })).statusCode).toBe(200);
  });

  it('licensed features: databridge, video return, multi camera and switcher need their licence', async () => {
    const db = await unit('LU800-0001', 'databridge', { enabled: true, bridgeMode: 'layer3' });
    expect(db.statusCode, db.body).toBe(200);
    expect(db.json().databridge).toEqual({ enabled: true, bridgeMode: 'layer3' });
    const noDb = await refused('LULITE-0001', () => unit('LULITE-0001', 'databridge', { enabled: true }), 402);
    expect(noDb.json().error).toEqual({ code: 'DATABRIDGE_LICENSE_DISABLED', message: 'Databridge license not enabled' });
    const vr = await unit('LU800-0001', 'videoreturn', { enabled: true, output: 'hdmi' });
    expect(vr.json().videoReturn).toMatchObject({ enabled: true, output: 'hdmi' });
    const noVr = await refused('LULITE-0001', () => unit('LULITE-0001', 'videoreturn', { enabled: true }), 402);
    expect(noVr.json().error).toEqual({ code: 'NO_VIDEO_RETURN_LICENSE', message: 'No Video Return licenses' });
    const sel = await unit('LU800-0001', 'vrChannels/selected', { vrChannelId: 'VRC-0001' });
    expect(sel.json().videoReturn.selectedVrChannelId).toBe('VRC-0001');
    const foreignVr = await refused('LU800-0001', () => unit('LU800-0001', 'vrChannels/selected', { vrChannelId: 'VRC-0004' }), 400);
    expect(fields(foreignVr)).toEqual([{ path: 'body.vrChannelId', message: "Invalid field: not in the unit's inventories" }]);
    expect((await refused('LULITE-0001', () => unit('LULITE-0001', 'vrChannels/selected', { vrChannelId: 'VRC-0001' }), 402)).json().error.code).toBe(
      'NO_VIDEO_RETURN_LICENSE',
    );
    // The service alone is not enough: LU300 has no multi camera hardware.
    const noMc = await refused('LU300-0001', () => unit('LU300-0001', 'multiplecamera/mode', { mode: 'switcher' }), 402);
    expect(noMc.json().error.message).toBe('No Multi Camera license');
    expect((await refused('LU300-0001', () => unit('LU300-0001', 'switchermode/sdiinput', { inputSdi: 1 }), 402)).json().error.code).toBe(
      'NO_MULTI_CAMERA_LICENSE',
    );
  });

  it('multi camera: up to 4 cameras, labels at most 12 characters, priorities 1 to 9, channels of the unit', async () => {
    const body = {
      numberOfFeeds: 3,
      channelSelectionMode: 'custom',
      customSelectedChannels: ['MMH-0001-CH1', 'MMH-0001-CH2'],
      cameras: [
        { label: 'Wide', priority: 1 },
        { label: 'Close-up', priority: 2 },
        { label: 'Crowd-Cam-12', priority: 9 },
      ],
      maxBandwidthMbps: 12,
    };
    const ok = await unit('LU800-0001', 'multiplecamera', body);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().multiCamera).toMatchObject({ numberOfFeeds: 3, channelSelectionMode: 'custom', cameras: body.cameras, maxBandwidthMbps: 12 });
    expect(ok.json().multiCameraLabels).toEqual(['Wide', 'Close-up', 'Crowd-Cam-12']);
    const cases: [unknown, { path: string; message: string }[]][] = [
      [{ ...body, cameras: [{ label: 'Thirteen-char', priority: 1 }] }, [{ path: 'body.cameras.0.label', message: 'Must have at most 12 characters' }]],
      [{ ...body, cameras: [{ label: 'A', priority: 10 }] }, [{ path: 'body.cameras.0.priority', message: 'Must be 9 or less' }]],
      [{ ...body, cameras: [{ label: 'A', priority: 0 }] }, [{ path: 'body.cameras.0.priority', message: 'Must be 1 or more' }]],
      [{ ...body, numberOfFeeds: 5 }, [{ path: 'body.numberOfFeeds', message: 'Must be 4 or less' }]],
      [
        { ...body, numberOfFeeds: 4, cameras: Array.from({ length: 5 }, (_, i) => ({ label: `C${i}`, priority: 1 })) },
        [{ path: 'body.cameras', message: 'Maximum number of elements reached' }],
      ],
      [{ ...body, customSelectedChannels: [] }, [{ path: 'body.customSelectedChannels', message: 'This field is required' }]],
      [{ ...body, maxBandwidthMbps: 16 }, [{ path: 'body.maxBandwidthMbps', message: 'Must be 15 or less' }]],
      [
        { ...body, customSelectedChannels: ['MMH-0001-CH1', 'MMH-0002-CH1'] },
        [{ path: 'body.customSelectedChannels.1', message: "Invalid field: not in the unit's inventories" }],
      ],
    ];
    for (const [b, expected] of cases) expect(fields(await refused('LU800-0001', () => unit('LU800-0001', 'multiplecamera', b), 400))).toEqual(expected);
    const ch = await unit('LU800-0001', 'multiplecamera/channel', { channelId: 'MMH-0001-CH3' });
    expect(ch.json().multiCamera.channel).toBe('MMH-0001-CH3');
    expect(fields(await refused('LU800-0001', () => unit('LU800-0001', 'multiplecamera/channel', { channelId: 'NOPE' }), 400))).toEqual([
      { path: 'body.channelId', message: "Invalid field: not in the unit's inventories" },
    ]);
    const mode = await unit('LU800-0001', 'multiplecamera/mode', { mode: 'switcherAndProxy' });
    expect(mode.json().multiCamera.mode).toBe('switcherAndProxy');
    expect(fields(await unit('LU800-0001', 'multiplecamera/mode', { mode: 'lowQuality' }))).toEqual([{ path: 'body.mode', message: 'Invalid field' }]);
  });

  it('single camera: 2160 needs PRO-4K (resolution conflict); at most 20 Mbps', async () => {
    const ok = await unit('LU800-0001', 'singlecamera', { resolution: 2160, colourDepth: 10, maxBandwidthMbps: 20 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().singleCamera).toEqual({ resolution: 2160, colourDepth: 10, maxBandwidthMbps: 20 });
    const no4k = await refused('LU800-0002', () => unit('LU800-0002', 'singlecamera', { resolution: 2160, maxBandwidthMbps: 10 }), 402);
    expect(no4k.json().error).toEqual({ code: 'PRO_4K_LICENSE_MISSING', message: 'PRO-4K licence missing' });
    expect((await unit('LU800-0002', 'singlecamera', { resolution: 1080, maxBandwidthMbps: 10 })).statusCode).toBe(200);
    expect(fields(await unit('LU800-0002', 'singlecamera', { resolution: 1080, maxBandwidthMbps: 21 }))).toEqual([
      { path: 'body.maxBandwidthMbps', message: 'Must be 20 or less' },
    ]);
    expect(fields(await unit('LU800-0002', 'singlecamera', { resolution: 1440, maxBandwidthMbps: 8 }))).toEqual([
      { path: 'body.resolution', message: 'Invalid field' },
    ]);
  });

  it('switcher mode: high quality and proxy channels distinct, SDI input 1–4', async () => {
    const ok = await unit('LU800-0001', 'switchermode', {
      mode: 'switcherAndProxy',
      highQualityChannel: 'MMH-0001-CH1',
      proxyChannel: 'MMH-0001-CH2',
      inputSdi: 2,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().switcher).toEqual({ mode: 'switcherAndProxy', highQualityChannel: 'MMH-0001-CH1', proxyChannel: 'MMH-0001-CH2', inputSdi: 2 });
    const same = await refused(
      'LU800-0001',
      () => unit('LU800-0001', 'switchermode', { mode: 'switcherAndProxy', highQualityChannel: 'MMH-0001-CH1', proxyChannel: 'MMH-0001-CH1', inputSdi: 2 }),
      400,
    );
    expect(fields(same)).toEqual([{ path: 'body.proxyChannel', message: 'The proxy channel must be different from the high quality channel' }]);
    const noProxy = await refused(
      'LU800-0001',
      () => unit('LU800-0001', 'switchermode', { mode: 'switcherAndProxy', highQualityChannel: 'MMH-0001-CH1' }),
      400,
    );
    expect(fields(noProxy)).toEqual([
      { path: 'body.proxyChannel', message: 'This field is required' },
      { path: 'body.inputSdi', message: 'This field is required' },
    ]);
    const hq = await refused('LU800-0001', () => unit('LU800-0001', 'switchermode/highqualitychannel', { channelId: 'MMH-0001-CH2' }), 400);
    expect(fields(hq)).toEqual([{ path: 'body.channelId', message: 'The proxy channel must be different from the high quality channel' }]);
    expect((await unit('LU800-0001', 'switchermode/proxychannel', { channelId: 'MMH-0001-CH3' })).json().switcher.proxyChannel).toBe('MMH-0001-CH3');
    expect((await unit('LU800-0001', 'switchermode/highqualitychannel', { channelId: 'MMH-0001-CH2' })).json().switcher.highQualityChannel).toBe(
      'MMH-0001-CH2',
    );
    expect((await unit('LU800-0001', 'switchermode/sdiinput', { inputSdi: 4 })).json().switcher.inputSdi).toBe(4);
    expect(fields(await refused('LU800-0001', () => unit('LU800-0001', 'switchermode/sdiinput', { inputSdi: 5 }), 400))).toEqual([
      { path: 'body.inputSdi', message: 'Must be 4 or less' },
    ]);
  });

  it('operational mode: applied by the device over a few seconds (changeAvicMode); databridge modes need the licence', async () => {
    const ok = await unit('LU800-0001', 'operationalMode', { workingMode: 'databridge' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().workingMode).toBe('databridge');
    expect(device('LU800-0001').applications.changeAvicMode).toEqual({ state: 'running' });
    await eventually(async () => device('LU800-0001').applications.changeAvicMode === undefined);
    expect((await detail('LU800-0001')).workingMode).toBe('databridge');
    const noLicence = await refused('LULITE-0001', () => unit('LULITE-0001', 'operationalMode', { workingMode: 'databridge_smr' }), 402);
    expect(noLicence.json().error.message).toBe('Databridge license not enabled');
    expect((await unit('LU800-0001', 'operationalMode', { workingMode: 'video' })).statusCode).toBe(200);
  });
});
