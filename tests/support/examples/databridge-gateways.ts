/**
 * Role-matrix examples of the databridge gateways calls (see ../catalogue-examples.ts for what an example is).
 */
import type { databridgeGatewayEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

const slug = (role: string) => role.replace(/_/g, '-');

export const DATABRIDGE_GATEWAYS_EXAMPLES: { [K in keyof typeof databridgeGatewayEndpoints]: Example<K> } = {
  getAdminDbGateway: { input: (r) => ({ params: { id: r.dbGateway } }) },
  createAdminDbGateway: { input: (_r, w) => ({ body: { name: `Matrix-Gateway-${slug(w.role)}`, host: 'gw.matrix.test', port: 8443 } }) },
  updateAdminDbGateway: { input: (r) => ({ params: { id: r.dbGateway }, body: { host: 'gw2.matrix.test' } }) },
  deleteAdminDbGateway: { input: (r) => ({ params: { id: r.deleteDbGateway } }) },
};
