/**
 * The unit updates' stack (tests/integration/unit-updates-*.test.ts): the real core and simulator with
 * settings applied in a fraction of a second, LU800-0001 licensed for multi camera, video return and
 * databridge, three units sending to channels (LU800-0001 and LU800-0003 to hub MMH-0001, DRONE-0001
 * to the ingest server), every announcement recorded; a valid call per update, and the files' helpers.
 */
import { expect } from 'vitest';
import { unitUpdateEndpoints, type RealtimeEvent, type UnitDetail } from '@fleet/contracts';
import { blockStack } from './block-stack.js';
import { eventually, FAST_TIMINGS, recordEvents, startTestStack, type Provider } from './stack.js';

const TIMINGS = { ...FAST_TIMINGS, rebootMs: [400, 500], settingApplyMs: [150, 250], linkToggleMs: [150, 200] } as const;

export type UpdateId = keyof typeof unitUpdateEndpoints;

/** A valid call per update (unit LU800-0001 unless the path says otherwise), and a role that may not make it. */
export const VALID: Record<UpdateId, { body: unknown; forbidden: string | null; unitInBody?: boolean; group?: boolean }> = {
  updateUnitDelay: { body: { delayMs: 3000 }, forbidden: 'luc_read' },
  updateUnitDatabridge: { body: { enabled: true }, forbidden: 'luc_read' },
  updateUnitVideoReturn: { body: { enabled: true }, forbidden: 'luc_read' },
  updateUnitFilenamePrefix: { body: { filenamePrefix: 'cam' }, forbidden: 'luc_read' },
  updateUnitNtpTimecode: { body: { enabled: false }, forbidden: 'luc_read' },
  updateUnitTransmissionMode: { body: { transmissionMode: 'live' }, forbidden: 'luc_read' },
  updateUnitFixedInternetDelay: { body: { delayMs: 2000 }, forbidden: 'luc_read' },
  updateUnitIpInputStream: { body: { enabled: false, protocol: 'srt', port: 9000 }, forbidden: 'luc_read' },
  updateUnitIpPipe: { body: { enabled: false }, forbidden: 'luc_read' },
  updateUnitMultipleCamera: { body: { numberOfFeeds: 2, channelSelectionMode: 'automatic', cameras: [] }, forbidden: 'luc_read' },
  updateUnitMultipleCameraChannel: { body: { channelId: 'MMH-0001-CH1' }, forbidden: 'luc_read' },
  updateUnitMultipleCameraMode: { body: { mode: 'highQuality' }, forbidden: 'luc_read' },
  updateUnitSingleCamera: { body: { resolution: 1080, maxBandwidthMbps: 8 }, forbidden: 'luc_read' },
  updateUnitOperationalMode: { body: { workingMode: 'video' }, forbidden: 'luc_read' },
  updateUnitSwitcherMode: { body: { mode: 'switcher', highQualityChannel: 'MMH-0001-CH1' }, forbidden: 'luc_read' },
  updateUnitSwitcherHighQualityChannel: { body: { channelId: 'MMH-0001-CH3' }, forbidden: 'luc_read' },
  updateUnitSwitcherProxyChannel: { body: { channelId: 'MMH-0001-CH4' }, forbidden: 'luc_read' },
  updateUnitSwitcherSdiInput: { body: { inputSdi: 1 }, forbidden: 'luc_read' },
  updateUnitAlertsConfiguration: { body: { mode: 'automatic' }, forbidden: 'luc_read' },
  updateUnitBwLimitation: { body: { totalKbps: null, cellularKbps: null }, forbidden: 'luc_regular' },
  updateUnitIntercom: { body: { intercom: 2, mode: 'targetChannel', targetChannelId: 'MMH-0001-CH1' }, forbidden: 'luc_read' },
  updateUnitIntercomAudioJacks: { body: { jacks: [{ jack: 2, intercom: 2, volume: 50 }] }, forbidden: 'luc_read' },
  updateUnitInterfacesConfig: { body: { port: 2, roamingAllowed: false }, forbidden: 'luc_read' },
  updateUnitSelectedVrChannel: { body: { vrChannelId: null }, forbidden: 'luc_read' },
  updateUnitFetchlogsEnhanced: { body: { enabled: false }, forbidden: 'luc_read' },
  updateUnitStoreAndForwardQuality: { body: { quality: 'standard_h264' }, forbidden: 'luc_read' },
  updateUnitNetworkCapping: { body: { option: 'disabled' }, forbidden: 'luc_regular' },
  // Every user edits their own details: no role is refused.
  updateCurrentUser: { body: { lastName: 'Doe' }, forbidden: null },
  addSettingsConfiguration: { body: { outputChannel: null, multiChannel: false }, forbidden: 'luc_read', unitInBody: true },
  updateGroupUnitSettings: { body: { delayMs: 2000 }, forbidden: 'luc_regular', group: true },
  updateInventoryUnitDetails: { body: { inventoryId: 'inv-global', ownership: 'lease' }, forbidden: 'luc_admin', unitInBody: true },
};

/** Who may make each call in the success sweep. */
export const CALLER: Partial<Record<UpdateId, string>> = {
  updateUnitBwLimitation: 'luc_admin',
  updateUnitNetworkCapping: 'luc_admin',
  updateGroupUnitSettings: 'luc_admin',
  updateInventoryUnitDetails: 'staff',
};

/** The roles the calls are made as, each its own name: `cookies.luc_regular` is luc_regular's session. */
const ROLES: Record<string, string> = Object.fromEntries(['luc_regular', 'luc_read', 'super_user', 'luc_admin', 'staff', 'luc_partner'].map((r) => [r, r]));

/**
 * The stack of a describe block (started before its tests, closed after them), its sessions once
 * logged in, the events its hub published, and the calls its tests make.
 */
export function unitUpdatesStack(provider: Provider) {
  const events: RealtimeEvent[] = [];
  const { ctx, cookies } = blockStack(
    () => startTestStack({ provider, simulatorTimings: TIMINGS }),
    ROLES,
    async (s, cookies) => {
      recordEvents(s.app, events);
      // Licences of LU800-0001 (multi camera, video return, databridge services enabled; the
      // capabilities come from the seed). Units without them are refused below.
      for (const serviceName of ['multi-camera', 'video-return', 'databridge']) {
        await s.app.services.db.service.deleteMany({ where: { unitId: 'LU800-0001', serviceName } });
        await s.app.services.db.service.create({ data: { unitId: 'LU800-0001', serviceName, serviceStatus: 'enabled', usageKind: 'na' } });
      }
      // The units' channels: LU800-0001 and LU800-0003 send to hub MMH-0001, DRONE-0001 to the ingest server.
      await eventually(async () =>
        ['LU800-0001', 'LU800-0002', 'LU800-0003', 'DRONE-0001', 'LULITE-0001', 'LUSMART-0001', 'PTP-0001', 'SOLO-0001', 'LU300-0001'].every(
          (id) => s.app.services.index.statusOf(id) === 'idle' && (s.app.services.telemetry.get(id)?.modems.length ?? 0) > 0,
        ),
      );
      for (const [unit, channelId] of [
        ['LU800-0001', 'MMH-0001-CH1'],
        ['LU800-0003', 'MMH-0001-CH2'],
        ['DRONE-0001', 'ING-0001-CH1'],
      ] as const) {
        const res = await s.app.inject({
          method: 'POST',
          url: `/api/devices/${unit}/commands/setVirtualChannel`,
          headers: { cookie: cookies.luc_regular! },
          payload: { channelId },
        });
        expect(res.statusCode, res.body).toBe(200);
      }
    },
  );

  const put = (url: string, body: unknown, role: string | null = 'luc_regular') =>
    ctx.s.app.inject({ method: 'PUT', url: `/api${url}`, headers: role ? { cookie: cookies[role]! } : {}, payload: body as object });
  const unit = (id: string, path: string, body: unknown, role: string | null = 'luc_regular') => put(`/v2/units/${id}/${path}`, body, role);
  const row = (id: string) => ctx.s.app.services.db.unit.findUniqueOrThrow({ where: { id } });
  const configOf = (id: string) => ctx.s.app.services.configuration.configurationOf(id);
  const detail = async (id: string): Promise<UnitDetail> =>
    (await ctx.s.app.inject({ method: 'GET', url: `/api/v2/units/${id}`, headers: { cookie: cookies.super_user! } })).json();
  const device = (id: string) => {
    const d = ctx.s.sim?.device(id);
    if (!d) throw new Error(`no simulated device ${id}`);
    return d;
  };
  type Res = Awaited<ReturnType<typeof put>>;
  /**
   * A refused call: its status, and the unit row (version, configuration, columns) untouched. What the
   * device reports meanwhile (telemetry, status, applications, tally, its last reboot) is left out: a
   * streaming unit reports on its own.
   */
  async function refused(id: string, call: () => Promise<Res>, status: number): Promise<Res> {
    const before = await row(id);
    const res = await call();
    expect(res.statusCode, res.body).toBe(status);
    const after = await row(id);
    const { updatedAt: _a, telemetry: _t, lastReboot: _l, status: _s, applications: _p, tally: _y, ...b } = before;
    const { updatedAt: _a2, telemetry: _t2, lastReboot: _l2, status: _s2, applications: _p2, tally: _y2, ...a } = after;
    expect(a).toEqual(b);
    return res;
  }
  const fields = (res: Res) => res.json().error.fields as { path: string; message: string }[];
  const busyUnit = () =>
    eventually(async () => {
      for (const id of ['SOLO-0001', 'LU300-0001', 'LU800-0002']) {
        const d = await detail(id);
        if (d.status === 'idle' && d.cameraConnected && d.licenseValid) return d.uniqueId;
      }
      return null;
    });

  return { ctx, cookies, events, put, unit, row, configOf, detail, device, refused, fields, busyUnit };
}
