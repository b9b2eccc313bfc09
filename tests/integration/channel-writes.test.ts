/**
 * Writes into a channel row that go through the channel's server first (the admin general update,
 * the point-to-multipoint receivers, a configuration tab), against the real core on real SQLite
 * and PostgreSQL with the real simulator, when another write changes the row while the server is
 * being asked (as status reports and the server's own events do): the call is not refused for a
 * version it never carried or that was current when it was made, and neither write is lost.
 *
 * The other write is made at the one moment that matters (after the server accepted, before the
 * core writes) by wrapping the gateway's `sendToServer`: the command still goes to the simulated
 * server and its real answer comes back; only the timing is arranged, which a test cannot get
 * reliably from the simulator's own reports.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChannelDetails } from '@fleet/contracts';
import { coreCall, devicesSettled, eventually, providers, startTestStack, type Method, type TestStack } from '../support/stack.js';

const CHANNEL = 'MMH-0001-CH1';

describe.each(providers())('channel writes during the server round trip on %s', (provider) => {
  let s: TestStack;
  let superUser: string;
  let regular: string;
  const call = (method: Method, url: string, cookie: string | undefined, payload?: unknown) => coreCall(s, method, url, cookie, payload);
  const db = () => s.app.services.db;
  const row = () => db().channel.findUniqueOrThrow({ where: { id: CHANNEL } });
  const configuration = async () => (await row()).configuration as Record<string, unknown>;

  /** Another writer's change (a key of the JSON configuration, a column), made once the server accepted the next command. */
  const writeDuringRoundTrip = (mark: string) => {
    const gateway = s.app.services.gateway;
    const send = gateway.sendToServer.bind(gateway);
    const spy = vi.spyOn(gateway, 'sendToServer').mockImplementation(async (serverId, command) => {
      const ack = await send(serverId, command);
      spy.mockRestore();
      const current = await row();
      await db().channel.update({
        where: { id: CHANNEL },
        data: { configuration: { ...(current.configuration as object), otherWriter: mark }, tallyHwStatus: mark, version: { increment: 1 } },
      });
      return ack;
    });
  };

  beforeAll(async () => {
    s = await startTestStack({ provider });
    [superUser, regular] = await Promise.all([s.login('super_user'), s.login('luc_regular')]);
    await eventually(async () => (await row()).status === 'idle');
    await devicesSettled(s.app);
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(async () => s?.close());

  it('sets ptmp receivers (a call without a version) and keeps what another writer changed meanwhile', async () => {
    writeDuringRoundTrip('ptmp');
    const res = await call('POST', '/channels/updatePtmpChannels', regular, { uniqueID: CHANNEL, machines: [{ uid: 'LU800-0001' }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().machines).toEqual([{ uid: 'LU800-0001' }]);
    const stored = await configuration();
    expect(stored['otherWriter']).toBe('ptmp');
    expect(stored['multipoint']).toMatchObject({ machines: [{ uid: 'LU800-0001' }] });
    expect((await row()).tallyHwStatus).toBe('ptmp');
  });

  it('changes the general configuration without a version, and with the version current when asked, keeping the other write', async () => {
    writeDuringRoundTrip('general-1');
    const unversioned = await call('PUT', `/v2/admin/channels/${CHANNEL}`, superUser, { recording: true });
    expect(unversioned.statusCode, unversioned.body).toBe(200);
    expect((unversioned.json() as ChannelDetails).channel.recording).toBe(true);
    expect(await configuration()).toMatchObject({ otherWriter: 'general-1' });
    expect((await row()).tallyHwStatus).toBe('general-1');

    await devicesSettled(s.app);
    const { version } = await row();
    writeDuringRoundTrip('general-2');
    const versioned = await call('PUT', `/v2/admin/channels/${CHANNEL}`, superUser, { recording: false, version });
    expect(versioned.statusCode, versioned.body).toBe(200);
    const after = await row();
    expect(after.recording).toBe(false);
    expect(after.tallyHwStatus).toBe('general-2');
    // Both writes counted: the other writer's and the call's.
    expect(after.version).toBeGreaterThanOrEqual(version + 2);

    // A version already stale when the call is made is still refused, and changes nothing.
    const before = await row();
    const stale = await call('PUT', `/v2/admin/channels/${CHANNEL}`, superUser, { recording: true, version });
    expect(stale.statusCode).toBe(409);
    expect((await row()).recording).toBe(before.recording);
  });

  it('changes a configuration tab with the version current when asked, keeping the other write', async () => {
    await devicesSettled(s.app);
    const { version } = (await call('GET', `/channels/${CHANNEL}/ffmpeg`, regular)).json() as { version: number };
    writeDuringRoundTrip('ffmpeg');
    const res = await call('PUT', `/channels/${CHANNEL}/ffmpeg`, regular, { enabled: true, override: '-c:v libx264', version });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ enabled: true, override: '-c:v libx264' });
    expect(await configuration()).toMatchObject({ otherWriter: 'ffmpeg' });
    expect((await row()).tallyHwStatus).toBe('ffmpeg');
  });
});
