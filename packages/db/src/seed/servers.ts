/** Fixtures: servers of the fleet plan with their channels, and the video return channels. */
import type { ServerType } from '@fleet/contracts';
import type { Prisma } from '../../generated/sqlite/client.js';
import type { DbTx } from '../client.js';
import { CITIES, type FleetPlan } from './fleet.js';
import { inChunks, timesAround, replacing, safeName, streamFor, type Count } from './random.js';
import { CHANNEL_PINS, VR_CHANNELS } from './structure.js';

function channelType(c: {
  sdiNo: number | null;
  output: boolean;
  forwardRtmp: boolean;
  ndi: boolean;
  forceOutput: boolean;
  flavor: string | null;
  distributor: boolean;
}): string {
  // Spec 001 §4 channel type derivation (mirrors packages/domain; db depends on contracts only).
  if (c.distributor) return 'distributor';
  if (c.sdiNo !== null && !c.output) return 'input';
  if (c.forwardRtmp || c.ndi || c.sdiNo !== null || c.forceOutput || c.flavor === 'SMPTE2110') return 'output';
  return 'preview';
}

/** What a server is to the people who use it, for its alias ("Manchester Hub"). */
const ROLE_OF_SERVER: Record<ServerType, string> = {
  mmh_server: 'Hub',
  vr_server: 'Video Return',
  ingest_server: 'Ingest',
  transceiver_server: 'Transceiver',
};

export async function seedServers(tx: DbTx, seedValue: number, now: Date, plan: FleetPlan, count: Count): Promise<void> {
  const faker = streamFor(seedValue, 'servers', now);
  const { stamps } = timesAround(now, faker);
  // Built in the plan's order, written after in a few statements (a Prisma call costs about a millisecond here).
  const servers: Prisma.ServerCreateManyInput[] = [];
  const channels: Prisma.ChannelCreateManyInput[] = [];
  const channelInventories: Prisma.ChannelInventoryCreateManyInput[] = [];
  const groupChannels: Prisma.GroupChannelCreateManyInput[] = [];
  for (const [i, spec] of plan.servers.entries()) {
    const prefix = spec.id.split('-')[0] ?? 'SRV';
    const city = faker.helpers.arrayElement(CITIES[spec.inventoryId]);
    servers.push({
      id: spec.id,
      name: `${prefix}-${safeName(city.name)}-${i + 1}`,
      serverType: spec.serverType,
      productType: { mmh_server: 'Multimedia Hub', vr_server: 'Video Return Server', ingest_server: 'Ingest Server', transceiver_server: 'Transceiver' }[
        spec.serverType
      ],
      serial: `${prefix}${faker.string.numeric(8)}`,
      alias: replacing(`${city.name.replace(/-/g, ' ')} ${ROLE_OF_SERVER[spec.serverType]}`, faker.company.name()),
      status: spec.fixed?.status ?? (spec.added ? 'online' : faker.helpers.arrayElement(['online', 'online', 'offline'])),
      swVersion: spec.fixed?.swVersion ?? faker.helpers.arrayElement(['8.0', '8.5', '9.2.1', '10.0', '10.1']),
      inventoryId: spec.inventoryId,
      ifbMode: spec.fixed ? spec.fixed.ifbMode : spec.serverType === 'mmh_server' ? faker.helpers.arrayElement(['V1', 'V2']) : null,
      maxChannels: spec.fixed?.maxChannels ?? spec.channels + faker.number.int({ min: 0, max: 4 }),
      webrtcPort: spec.serverType === 'mmh_server' ? faker.number.int({ min: 8000, max: 9000 }) : null,
      publishingMode: spec.fixed?.publishingMode ?? faker.helpers.arrayElement(['automatic', 'manual']),
      cloudRegion: faker.helpers.maybe(() => faker.helpers.arrayElement(['eu-west-1', 'us-east-1']), { probability: 0.5 }) ?? null,
      cloudProvider: null,
      genlockOffset: spec.serverType === 'mmh_server' ? 0 : null,
      configuration: { smpte: { enabled: false }, ipPipe: { enabled: false, port: 5000 } },
      // The server's licensed services (spec 001 §3 servicesData; §8 PRO-4K): every hub has
      // video, SLA and HEVC; the Metro-TV hub also PRO-4K (Global-News's hub does not, so
      // its 4K channels answer "PRO-4K license not available").
      servicesData:
        spec.serverType === 'mmh_server'
          ? { video: 'active', sla: 'active', hevc: 'active', ...(spec.inventoryId === 'inv-metro' ? { 'pro-4k': 'active' } : {}) }
          : { video: 'active' },
      ...stamps(),
    });
    const own: Prisma.ChannelCreateManyInput[] = [];
    for (let c = 0; c < spec.channels; c++) {
      // A mix: preview, sdi output, distributor, sdi input (typed by the spec's rule).
      const kind = spec.serverType === 'ingest_server' ? 'input' : (['preview', 'output', 'distributor', 'input'] as const)[c % (spec.added ? 3 : 4)];
      const pin = CHANNEL_PINS[`${spec.id}-CH${c + 1}`];
      const flags = {
        sdiNo: kind === 'output' || kind === 'input' ? c + 1 : null,
        output: kind === 'output' || kind === 'distributor',
        forwardRtmp: kind === 'output' && (pin ? pin.forwardRtmp : faker.datatype.boolean()),
        ndi: false,
        forceOutput: false,
        flavor: null,
        distributor: kind === 'distributor',
      };
      own.push({
        id: `${spec.id}-CH${c + 1}`,
        name: `${prefix}-${i + 1}-CH${c + 1}`,
        serverId: spec.id,
        status: pin?.status ?? (spec.added ? 'idle' : faker.helpers.arrayElement(['offline', 'idle', 'idle', 'collecting'])),
        type: channelType(flags),
        inputKind: kind === 'input' ? (pin?.inputKind ?? faker.helpers.arrayElement(['encoder', 'srt', 'rtmp', 'webrtc'])) : null,
        mode: kind === 'output' ? (flags.forwardRtmp ? 'cdn' : 'sdi') : kind === 'preview' ? 'preview' : null,
        port: 9000 + c,
        preview: kind === 'preview',
        ...flags,
        recording: pin?.recording ?? faker.datatype.boolean({ probability: 0.3 }),
        cdnName: flags.forwardRtmp ? 'YouTube' : null,
        swVersion: pin?.swVersion ?? faker.helpers.arrayElement(['7.5.1', '8.0', '8.5', '10.1']),
        serverProductType: spec.serverType,
        ...stamps(),
      });
    }
    channels.push(...own);
    channelInventories.push(...own.map((ch) => ({ channelId: ch.id as string, inventoryId: spec.inventoryId })));
    groupChannels.push(...own.flatMap((ch) => spec.groups.map((g) => ({ groupId: g, channelId: ch.id as string }))));
  }
  await inChunks(servers, (data) => tx.server.createMany({ data }));
  await inChunks(channels, (data) => tx.channel.createMany({ data }));
  await inChunks(channelInventories, (data) => tx.channelInventory.createMany({ data }));
  await inChunks(groupChannels, (data) => tx.groupChannel.createMany({ data }));
  count('server', plan.servers.length);
  count('channel', channels.length);

  // Video return channels, from a stream of their own (the same in every fleet size)
  const vr = streamFor(seedValue, 'vrChannels', now);
  const vrClock = timesAround(now, vr);
  const vrChannels: Prisma.VideoReturnChannelCreateManyInput[] = [];
  for (const v of VR_CHANNELS) {
    const vrCity = vr.helpers.arrayElement(CITIES[v.inventoryId]);
    vrChannels.push({
      id: v.id,
      name: `VR-${safeName(vrCity.name)}-${v.id.slice(-2)}`,
      description: replacing(`Return video to the ${vrCity.name.replace(/-/g, ' ')} crews`, vr.lorem.words(3)),
      status: v.status,
      serialNumber: `VRC${vr.string.numeric(8)}`,
      inputStandard: vr.helpers.arrayElement(['1080i50', '1080p25', '720p50']),
      inputType: v.inputType,
      url: v.inputType === 'srt' ? 'srt://vr.example.net:9000' : null,
      destinationPort: v.inputType === 'srt' ? 9000 : null,
      latency: v.inputType === 'srt' ? 500 : null,
      serverId: v.serverId,
      ...vrClock.stamps(),
    });
  }
  await tx.videoReturnChannel.createMany({ data: vrChannels });
  await tx.vrChannelInventory.createMany({ data: VR_CHANNELS.map((v) => ({ vrChannelId: v.id, inventoryId: v.inventoryId })) });
  await tx.groupVrChannel.createMany({ data: VR_CHANNELS.flatMap((v) => v.groups.map((g) => ({ groupId: g, vrChannelId: v.id }))) });
  count('videoReturnChannel', VR_CHANNELS.length);
}
