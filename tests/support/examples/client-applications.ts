/**
 * Role-matrix examples of the client applications calls (see ../catalogue-examples.ts for what an example is).
 */
import type { clientApplicationEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

const slug = (role: string) => role.replace(/_/g, '-');

export const CLIENT_APPLICATIONS_EXAMPLES: { [K in keyof typeof clientApplicationEndpoints]: Example<K> } = {
  searchClientApplications: { input: () => ({ query: {} }) },
  createClientApplication: {
    input: (_r, w) => ({ body: { name: `Matrix-App-${slug(w.role)}`, clientId: `matrix-app-${slug(w.role)}`, redirectUris: ['https://app.example.com/cb'] } }),
  },
  getClientApplication: { input: (r) => ({ params: { id: r.clientApplication } }) },
  updateClientApplication: { input: (r) => ({ params: { id: r.clientApplication }, body: { scopes: ['read'] } }) },
  regenerateClientSecret: { input: (r) => ({ params: { id: r.clientApplication }, body: {} }) },
  deleteClientApplication: { input: (r) => ({ params: { id: r.deleteClientApplication } }) },
};
