/**
 * Role-matrix examples of the servers calls (see ../catalogue-examples.ts for what an example is).
 * Configuration changes go to the role's own hub (the simulator learns of it from the read model),
 * video return and ingest calls to the shared servers of the seed.
 */
import type { serverEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

const ipPipe = { enabled: true, port: 7000, bitrateKbps: 800, servers: ['pipe-1.example.net'] };

export const SERVERS_EXAMPLES: { [K in keyof typeof serverEndpoints]: Example<K> } = {
  getServer: { input: (r) => ({ params: { id: r.server } }) },
  getServerServices: { input: (r) => ({ params: { id: r.server } }) },
  getServerCapabilities: { input: (r) => ({ params: { id: r.server } }) },
  getServerSpecifications: { input: (r) => ({ params: { id: r.server } }) },
  getServerIps: { input: (r) => ({ params: { id: r.server } }) },
  getServerStatus: { input: (r) => ({ params: { id: r.server } }) },
  getServerComment: { input: (r) => ({ params: { id: r.server } }) },
  setServerComment: { input: (r) => ({ params: { id: r.server }, body: { comment: 'rack 4' } }) },
  // The hub goes offline until it is back: the next calls of the role need it online.
  resetServerInstance: { input: (r) => ({ params: { id: r.server } }), teardown: (w) => w.serverOnline(w.refs.server) },
  getMmhServerConfiguration: { input: (r) => ({ params: { id: r.server } }) },
  setMmhServerConfiguration: { input: (r) => ({ params: { id: r.server }, body: { webrtcPort: 8443, genlockOffset: -20 } }) },
  getVrServerConfiguration: { input: (r) => ({ params: { id: r.vrServer } }) },
  setVrServerConfiguration: { input: (r) => ({ params: { id: r.vrServer }, body: { publishingMode: 'manual' } }) },
  getMmhServerSmpte: { input: (r) => ({ params: { id: r.server } }) },
  setMmhServerSmpte: {
    input: (r) => ({ params: { id: r.server }, body: { primary: { ip: '10.0.0.5', subnetMask: '255.255.255.0' }, secondary: null } }),
  },
  getMmhServerIpPipe: { input: (r) => ({ params: { id: r.server }, query: {} }) },
  // Create, then update (the matrix runs each example once per role on the role's own hub).
  createMmhServerIpPipe: { input: (r) => ({ params: { id: r.server }, body: ipPipe }) },
  updateMmhServerIpPipe: { input: (r) => ({ params: { id: r.server }, body: { ...ipPipe, port: 7001 } }) },
  adminInventoryServers: { input: (r) => ({ params: { id: r.inventory }, query: { type: 'mmh_server' } }) },
  ingestServerChannels: { input: (r) => ({ params: { id: r.ingestServer } }) },
} as const;
