/**
 * Role-matrix examples of the p2p calls (see ../catalogue-examples.ts for what an example is).
 */
import type { p2pEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

const slug = (role: string) => role.replace(/_/g, '-');

export const P2P_EXAMPLES: { [K in keyof typeof p2pEndpoints]: Example<K> } = {
  getP2pLink: { input: (r) => ({ params: { id: r.p2pLink } }) },
  createP2pLink: { input: (r, w) => ({ params: { id: r.unit }, body: { name: `Matrix-P2P-${slug(w.role)}`, kind: 'ptp', machines: [{ uid: r.smartUnit }] } }) },
  updateP2pLink: { input: (r) => ({ params: { id: r.p2pLink }, body: { name: 'Matrix-P2P-renamed' } }) },
  deleteP2pLink: { input: (r) => ({ params: { id: r.deleteP2pLink } }) },
  // The master unit must be online and idle (a row before may have left an activity running).
  startP2pStream: { input: (r) => ({ params: { id: r.p2pLink } }), setup: (w) => w.idle() },
  stopP2pStream: { input: (r) => ({ params: { id: r.p2pLink } }) },
  getP2pLinkGroups: { input: (r) => ({ params: { id: r.p2pLink } }) },
  setP2pLinkGroups: { input: (r) => ({ params: { id: r.p2pLink }, body: { groupIds: [r.group], selectedGroupIds: [r.group] } }) },
  getP2pLinkSelectedGroups: { input: (r) => ({ params: { id: r.p2pLink } }) },
};
