/**
 * The fleets the simulation fuzzer runs: units of every type group in the default mix (with the
 * capabilities the core gives generated units), one multimedia hub per 25 units with six channels
 * (preview, output, distributor, input, and one more preview and output; every fifth hub has one
 * channel unlicensed), and one video return server with four channels. The same size gives the
 * same fleet: a seed changes what happens to it, not what it is.
 */
import { DEFAULT_FLEET_MIX, UNIT_DEVICE_GROUPS, type ChannelSpec, type DeviceSpec, type ServerSpec, type UnitDeviceGroup } from '@fleet/contracts';

/** Named fleet sizes of the CLI (`--fleet`). */
export const FLEET_SIZES = { small: 100, large: 1000 } as const;
export type FleetName = keyof typeof FLEET_SIZES;

export const UNITS_PER_HUB = 25;

const PRODUCTS: Record<UnitDeviceGroup, readonly string[]> = {
  fieldUnits: ['LU800', 'LU300', 'LU600 H.264', 'Solo', 'Drone'],
  liteUnits: ['LU-Lite'],
  smartUnits: ['LU-Smart'],
  ptpUnits: ['LU-Link PTP'],
  ptmpUnits: ['LU-Link PTMP'],
  extenderDevices: ['Xtender'],
};

const CHANNEL_TYPES = ['preview', 'output', 'distributor', 'input', 'preview', 'output'] as const;

export interface FuzzFleet {
  devices: DeviceSpec[];
  servers: ServerSpec[];
  /** Every channel id of the hubs (what faults and streams pick from). */
  channelIds: string[];
  vrChannelIds: string[];
}

export function fuzzFleet(units: number): FuzzFleet {
  const weights = UNIT_DEVICE_GROUPS.map((g) => DEFAULT_FLEET_MIX[g]);
  const total = weights.reduce((a, b) => a + b, 0);
  const devices: DeviceSpec[] = [];
  for (let i = 0; i < units; i++) {
    // Spread evenly over the mix: unit i falls in the group its position in the weights says.
    let pick = ((i * 7919) % total) + 0.5;
    let g = 0;
    while (pick > weights[g]!) pick -= weights[g++]!;
    const group = UNIT_DEVICE_GROUPS[g]!;
    const products = PRODUCTS[group];
    const productType = products[i % products.length]!;
    const field = group === 'fieldUnits';
    devices.push({
      unitId: `FZ-U${String(i + 1).padStart(5, '0')}`,
      name: `fuzz_${i + 1}`,
      productType,
      typeGroup: group,
      swVersion: '8.0',
      // One unit in ten has no valid video licence: nothing may stream it, not even its autonomy.
      videoLicensed: i % 10 !== 9,
      capabilities: {
        sdCard: field && i % 4 !== 3,
        multiCamera: productType === 'LU800',
        videoReturn: field,
        databridge: field || group === 'ptpUnits',
        intercom: group !== 'extenderDevices',
        ipPipe: field,
        speedTest: field,
        hevc: productType === 'LU800' || productType === 'LU300',
      },
    });
  }
  const hubs = Math.max(1, Math.ceil(units / UNITS_PER_HUB));
  const servers: ServerSpec[] = [];
  const channelIds: string[] = [];
  for (let h = 0; h < hubs; h++) {
    const serverId = `FZ-MMH-${String(h + 1).padStart(3, '0')}`;
    const channels: ChannelSpec[] = CHANNEL_TYPES.map((type, c) => ({
      channelId: `${serverId}-CH${c + 1}`,
      name: `${serverId}-CH${c + 1}`,
      type,
      swVersion: c % 3 === 0 ? '7.5.1' : '8.5',
      licensed: !(h % 5 === 4 && c === 4),
      supportsLogs: type !== 'input',
      status: 'idle',
      inputKind: type === 'input' ? 'encoder' : null,
    }));
    channelIds.push(...channels.map((c) => c.channelId));
    servers.push({
      serverId,
      name: serverId,
      serverType: 'mmh_server',
      productType: 'Multimedia Hub',
      swVersion: '10.1',
      maxChannels: channels.length,
      channels,
      vrChannels: [],
    });
  }
  const vrChannelIds = [1, 2, 3, 4].map((n) => `FZ-VRC-${n}`);
  servers.push({
    serverId: 'FZ-VRS-001',
    name: 'FZ-VRS-001',
    serverType: 'vr_server',
    productType: 'Video Return Server',
    swVersion: '10.1',
    maxChannels: 0,
    channels: [],
    vrChannels: vrChannelIds.map((vrChannelId, i) => ({ vrChannelId, name: vrChannelId, inputType: i === 3 ? 'disabled' : 'sdi', status: 'idle' })),
  });
  return { devices, servers, channelIds, vrChannelIds };
}
