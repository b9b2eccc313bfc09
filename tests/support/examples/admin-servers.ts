/**
 * Role-matrix examples of the admin servers calls (see ../catalogue-examples.ts for what an example is).
 */
import type { adminServerEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

const slug = (role: string) => role.replace(/_/g, '-');

export const ADMIN_SERVERS_EXAMPLES: { [K in keyof typeof adminServerEndpoints]: Example<K> } = {
  searchAdminServers: { input: () => ({ query: { type: 'mmh_server' } }) },
  createAdminServer: {
    input: (_r, w) => ({
      body: { name: `Matrix-Server-${slug(w.role)}`, serial: `MATRIX-SRV-${slug(w.role).toUpperCase()}`, serverType: 'ingest_server', swVersion: '10.1' },
    }),
  },
  // An identity field only: nothing is sent to the device, so its state does not matter.
  updateAdminServer: { input: (r) => ({ params: { id: r.adminServer }, body: { alias: 'matrix' } }) },
  deleteAdminServer: { input: (r) => ({ params: { id: r.deleteAdminServer } }) },
};
