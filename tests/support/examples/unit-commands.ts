/**
 * Role-matrix examples of the unit commands, POST devices/{id}/commands/{command} (see ../catalogue-examples.ts for what an example is).
 */
import type { unitCommandEndpoints } from '@fleet/contracts';
import type { Example, Refs } from '../catalogue-examples.js';

const NEWSROOM_FIELDS = { fields: [{ key: 'venue', value: 'Stadium' }] };
const modem = (r: Refs, n: number) => `${r.unit}-m${n}`;

export const UNIT_COMMANDS_EXAMPLES: { [K in keyof typeof unitCommandEndpoints]: Example<K> } = {
  commandSetVirtualChannel: { input: (r) => ({ params: { id: r.unit }, body: { channelId: r.channel } }) },
  commandStopStreaming: { input: (r) => ({ params: { id: r.unit }, body: {} }), setup: (w) => w.running('video') },
  // The unit goes offline and comes back: the next row needs the core to have seen both.
  commandReboot: { input: (r) => ({ params: { id: r.unit }, body: {} }), setup: (w) => w.beforeRestart(), teardown: (w) => w.restarted() },
  commandMetadata: { input: (r) => ({ params: { id: r.unit }, body: NEWSROOM_FIELDS }) },
  commandLinkConfiguration: { input: (r) => ({ params: { id: r.unit }, body: { modemId: modem(r, 1), enabled: true } }) },
  commandWifiQuery: { input: (r) => ({ params: { id: r.unit }, body: {} }) },
  commandWifiConnect: { input: (r) => ({ params: { id: r.unit }, body: { ssid: 'Newsroom', security: 'open' } }) },
  commandWifiDisconnect: { input: (r) => ({ params: { id: r.unit }, body: {} }) },
  commandCellularScan: { input: (r) => ({ params: { id: r.unit }, body: { modemId: modem(r, 1) } }), setup: (w) => w.linksUp() },
  commandCellularSelect: { input: (r) => ({ params: { id: r.unit }, body: { modemId: modem(r, 1), network: 'automatic' } }) },
  commandActiveSim: { input: (r) => ({ params: { id: r.unit }, body: { modemId: modem(r, 1), sim: 'A' } }) },
  commandAudioParameters: { input: (r) => ({ params: { id: r.unit }, body: { input: 'sdi', channels: 2 } }) },
  commandAudioBitrate: { input: (r) => ({ params: { id: r.unit }, body: { bitrateKbps: 128 } }) },
  commandIfbDelay: { input: (r) => ({ params: { id: r.unit }, body: { delayMs: 100 } }) },
  commandIfbAlwaysOn: { input: (r) => ({ params: { id: r.unit }, body: { enabled: false } }) },
  commandAncillaryData: { input: (r) => ({ params: { id: r.unit }, body: { enabled: true, types: ['timecode'] } }) },
  commandShootingMode: { input: (r) => ({ params: { id: r.unit }, body: { mode: 'sports' } }) },
  commandStoreAndForwardQuality: { input: (r) => ({ params: { id: r.unit }, body: { quality: 'standard_h264' } }) },
  commandEncoder: { input: (r) => ({ params: { id: r.unit }, body: { codec: 'hevc' } }) },
  commandCancelFileUpload: { input: (r) => ({ params: { id: r.unit }, body: { files: ['matrix_up.mp4'] } }) },
  commandSpeedTest: { input: (r) => ({ params: { id: r.unit }, body: { channelId: r.channel } }) },
  commandVideoComplexity: { input: (r) => ({ params: { id: r.unit }, body: { level: 'high' } }) },
};
