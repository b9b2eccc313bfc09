/**
 * Where a unit streams, from what the receiving server reports: a unit started without a channel
 * takes one its own people see, its REST answers (v2/units/{id} and devices/fetch) name that
 * channel and its hub, subscribers hear it (unit.channels), the channel names the unit it collects
 * from, and all of it clears when the stream stops. The user's selection is left as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupTopic, type ChannelList, type UnitDetail, type UnitSummary } from '@fleet/contracts';
import { eventually, providers, startTestStack, type TestStack } from '../support/stack.js';
import { connect, type WsClient } from './realtime-client.js';

describe.each(providers())('a streaming unit’s channel in use on %s', (provider) => {
  let s: TestStack;
  let regular: string;
  let base: string;
  let ws: WsClient | undefined;

  beforeAll(async () => {
    s = await startTestStack({ provider });
    base = await s.app.listen({ host: '127.0.0.1', port: 0 });
    regular = await s.login('luc_regular');
  });
  afterAll(async () => {
    ws?.ws.close();
    await s?.close();
  });

  const get = <T>(url: string): Promise<T> => s.app.inject({ method: 'GET', url, headers: { cookie: regular } }).then((r) => r.json() as T);

  it('names the channel and hub it feeds on both answers and on /ws, shows the unit on the channel, and clears when the stream stops', async () => {
    const unit = await eventually(async () => {
      const list = await get<UnitSummary[]>('/api/devices/fetch');
      return list.find((u) => u.status === 'idle' && u.cameraConnected && u.licenseValid && u.selectedChannel.channelId === null && u.groupIds.length > 0);
    });
    expect(unit.channelsInUse).toEqual([]);
    ws = await connect(base, { cookie: regular, origin: base });
    ws.send({ op: 'subscribe', topics: [groupTopic(unit.groupIds[0]!)] });
    await ws.next((m) => m.op === 'subscribed');

    const start = await s.app.inject({ method: 'POST', url: `/api/v2/units/${unit.uniqueId}/stream`, headers: { cookie: regular } });
    expect(start.statusCode, start.body).toBe(200);
    const detail = await eventually(async () => {
      const d = await get<UnitDetail>(`/api/v2/units/${unit.uniqueId}`);
      return d.status === 'streaming' && d.channelsInUse.length > 0 ? d : null;
    });
    expect(detail.channelsInUse).toHaveLength(1);
    const inUse = detail.channelsInUse[0]!;
    // The channel is one the same user sees, collecting from this unit, named after it.
    const channels = await get<ChannelList>('/api/channels/fetch');
    const channel = channels.channels.find((c) => c.channelId === inUse.channelId);
    expect(channel, 'the unit streams to a channel its operator sees').toBeDefined();
    expect(inUse).toEqual({ channelId: channel!.channelId, channelName: channel!.channelName, serverId: channel!.serverId, serverName: channel!.serverName });
    expect(inUse.serverName).not.toBe('');
    expect(channel).toMatchObject({ status: 'collecting', allocatedToUnitUid: unit.uniqueId, allocatedToUnitAlias: unit.name });
    // The unit took the channel itself: what the user selected (nothing) is unchanged.
    expect(detail.selectedChannel.channelId).toBeNull();
    const listed = (await get<UnitSummary[]>('/api/devices/fetch')).find((u) => u.uniqueId === unit.uniqueId)!;
    expect(listed.channelsInUse).toEqual([inUse]);
    // Subscribers heard it, without reading again.
    await eventually(async () =>
      ws!.events.some((r) => r.event.type === 'unit.channels' && r.event.unitId === unit.uniqueId && r.event.channelsInUse[0]?.channelId === inUse.channelId),
    );

    const stop = await s.app.inject({ method: 'DELETE', url: `/api/v2/units/${unit.uniqueId}/stream`, headers: { cookie: regular } });
    expect(stop.statusCode).toBe(200);
    const stopped = await eventually(async () => {
      const d = await get<UnitDetail>(`/api/v2/units/${unit.uniqueId}`);
      return d.status === 'idle' && d.channelsInUse.length === 0 ? d : null;
    });
    expect(stopped.channelsInUse).toEqual([]);
    expect((await get<UnitSummary[]>('/api/devices/fetch')).find((u) => u.uniqueId === unit.uniqueId)!.channelsInUse).toEqual([]);
    const released = (await get<ChannelList>('/api/channels/fetch')).channels.find((c) => c.channelId === inUse.channelId);
    expect(released).toMatchObject({ status: 'idle', allocatedToUnitUid: null, allocatedToUnitAlias: null });
    await eventually(async () => {
      const last = ws!.events.filter((r) => r.event.type === 'unit.channels' && r.event.unitId === unit.uniqueId).at(-1);
      return last?.event.type === 'unit.channels' && last.event.channelsInUse.length === 0;
    });
  });
});
