/** A ServerDetail for tests: an online multimedia hub, with the given fields over it. */
import type { ServerConfiguration, ServerDetail } from '@fleet/contracts';

export function makeServer(overrides: Partial<ServerDetail> & Pick<ServerDetail, 'id'>): ServerDetail {
  return {
    uniqueId: overrides.id,
    name: `hub_${overrides.id}`,
    serverType: 'mmh_server',
    productType: 'Multimedia Hub',
    serial: 'SN-1',
    alias: '',
    comment: '',
    status: 'online',
    swVersion: '9.1.0',
    targetSwVersion: null,
    inventoryId: 'inv-1',
    ifbMode: 'V1',
    maxChannels: 8,
    channelCount: 4,
    webrtcPort: 8443,
    publishingMode: 'automatic',
    cloudRegion: null,
    cloudInstance: null,
    cloudProvider: null,
    genlockOffset: 0,
    deviceId: null,
    tallyHwStatus: null,
    audioHwStatus: null,
    state: null,
    applications: {},
    serverUsage: { cpu: 10, storage: 20 },
    upTime: 100,
    ipPipeState: null,
    version: 1,
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** The configuration read of the hub MMH1 (IFB V1, one of four channels allocated), with the given fields over it. */
export function makeServerConfiguration(overrides: Partial<ServerConfiguration> = {}): ServerConfiguration {
  return {
    serverId: 'MMH1',
    serverType: 'mmh_server',
    ifbMode: 'V1',
    maxChannels: 4,
    allocatedChannels: 1,
    webrtcPort: null,
    publishingMode: 'automatic',
    genlockOffset: null,
    registrationServer: null,
    registrationServerPort: null,
    certificates: [],
    version: 1,
    ...overrides,
  };
}
