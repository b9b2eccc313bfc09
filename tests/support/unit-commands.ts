/**
 * The unit commands' stack (tests/integration/unit-commands-*.test.ts): the real core and simulator
 * on command timings short enough for tests, every unit the commands use up, a session per role,
 * every announcement recorded; a valid body per command kind, and the commands' helpers.
 */
import { expect } from 'vitest';
import type { Modem, RealtimeEvent, UnitCommand, UnitDetail } from '@fleet/contracts';
import { blockStack } from './block-stack.js';
import { eventually, FAST_TIMINGS, recordEvents, startTestStack, type Provider } from './stack.js';

/** Command and configuration timings of the simulator, short enough for tests. */
const TIMINGS = {
  ...FAST_TIMINGS,
  rebootMs: [300, 400],
  linkToggleMs: [150, 200],
  networkScanMs: [250, 300],
  operatorSwitchMs: [150, 200],
  speedTestMs: 700,
  settingApplyMs: [150, 250],
} as const;

/** A valid body per command kind, on a unit luc_regular controls (for the 401/403/404 sweep). */
export const VALID: Record<UnitCommand, unknown> = {
  setVirtualChannel: { channelId: 'MMH-0001-CH1' },
  stopStreaming: {},
  reboot: {},
  metadata: { fields: [{ key: 'venue', value: 'Stadium' }] },
  linkConfiguration: { modemId: 'LU800-0001-m1', enabled: true },
  wifiQuery: {},
  wifiConnect: { ssid: 'Newsroom', security: 'open' },
  wifiDisconnect: {},
  cellularScan: { modemId: 'LU800-0001-m1' },
  cellularSelect: { modemId: 'LU800-0001-m1', network: 'automatic' },
  activeSim: { modemId: 'LU800-0001-m1', sim: 'A' },
  audioParameters: { input: 'sdi', channels: 2 },
  audioBitrate: { bitrateKbps: 128 },
  ifbDelay: { delayMs: 100 },
  ifbAlwaysOn: { enabled: false },
  ancillaryData: { enabled: false },
  shootingMode: { mode: 'standard' },
  storeAndForwardQuality: { quality: 'standard_h264' },
  encoder: { codec: 'h264' },
  cancelFileUpload: { files: ['nothing.mp4'] },
  speedTest: { channelId: 'MMH-0001-CH1' },
  videoComplexity: { level: 'medium' },
};

/** A JSON object as a record (anything else as an empty one). */
export function record(v: unknown): Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/** The roles the commands are sent as: `cookies.regular` is luc_regular's session, and so on. */
const ROLES = { regular: 'luc_regular', read: 'luc_read', superUser: 'super_user' };

/**
 * The stack of a describe block (started before its tests, closed after them), its sessions once
 * logged in, the events its hub published, and the calls its tests make.
 */
export function unitCommandsStack(provider: Provider) {
  const events: RealtimeEvent[] = [];
  const { ctx, cookies } = blockStack(
    () => startTestStack({ provider, simulatorTimings: TIMINGS }),
    ROLES,
    async (s) => {
      recordEvents(s.app, events);
      // Every unit used below is up (the simulator boots them in a few ms).
      await eventually(async () => {
        const ids = ['LU800-0001', 'LU800-0003', 'SOLO-0001', 'LULITE-0001', 'LUSMART-0002', 'PTP-0001', 'DRONE-0001'];
        return ids.every((id) => s.app.services.index.statusOf(id) === 'idle' && (s.app.services.telemetry.get(id)?.modems.length ?? 0) > 0);
      });
    },
  );

  const cmd = (unit: string, kind: string, body?: unknown, cookie: string | null = cookies.regular) =>
    ctx.s.app.inject({
      method: 'POST',
      url: `/api/devices/${unit}/commands/${kind}`,
      headers: cookie ? { cookie } : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const detail = async (id: string): Promise<UnitDetail> =>
    (await ctx.s.app.inject({ method: 'GET', url: `/api/v2/units/${id}`, headers: { cookie: cookies.superUser } })).json();
  const row = (id: string) => ctx.s.app.services.db.unit.findUniqueOrThrow({ where: { id } });
  const modems = (id: string): Modem[] => ctx.s.app.services.telemetry.get(id)?.modems ?? [];
  const device = (id: string) => {
    const d = ctx.s.sim?.device(id);
    if (!d) throw new Error(`no simulated device ${id}`);
    return d;
  };
  /**
   * Runs `fn` with the simulator's clock held still: a state a device keeps for a bounded simulated
   * time (a modem re-registering after an operator switch) is checked before it can end, however
   * long the machine takes to answer the command.
   */
  async function timeHeld<T>(fn: () => Promise<T>): Promise<T> {
    const clock = ctx.s.sim!.clock;
    const mode = clock.mode();
    clock.setMode({ kind: 'stepped' });
    try {
      return await fn();
    } finally {
      clock.setMode(mode);
    }
  }
  const resultEvent = (unitId: string, command: UnitCommand, after: number) =>
    eventually(async () =>
      events
        .slice(after)
        .find(
          (e): e is Extract<RealtimeEvent, { type: 'unit.commandResult' }> => e.type === 'unit.commandResult' && e.unitId === unitId && e.command === command,
        ),
    );
  /** Runs a refused call and checks the unit row did not change. */
  async function unchanged(id: string, call: () => ReturnType<typeof cmd>, status: number) {
    const before = await row(id);
    const res = await call();
    expect(res.statusCode).toBe(status);
    const after = await row(id);
    expect({ v: after.version, c: after.configuration, ch: after.selectedChannelId, q: after.storeAndForwardVideoQuality }).toEqual({
      v: before.version,
      c: before.configuration,
      ch: before.selectedChannelId,
      q: before.storeAndForwardVideoQuality,
    });
    return res;
  }

  return { ctx, cookies, events, cmd, detail, row, modems, device, timeHeld, resultEvent, unchanged };
}
