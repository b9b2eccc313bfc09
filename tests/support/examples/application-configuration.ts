/**
 * Role-matrix examples of the application configuration calls (see ../catalogue-examples.ts for what an example is).
 */
import type { applicationConfigurationEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

const slug = (role: string) => role.replace(/_/g, '-');

export const APPLICATION_CONFIGURATION_EXAMPLES: { [K in keyof typeof applicationConfigurationEndpoints]: Example<K> } = {
  searchApplicationConfiguration: { input: () => ({ query: {} }) },
  createApplicationConfiguration: { input: (_r, w) => ({ body: { key: `matrix.${slug(w.role)}`, value: { on: true }, description: 'matrix' } }) },
  getApplicationConfiguration: { input: (r) => ({ params: { id: r.appConfiguration } }) },
  updateApplicationConfiguration: { input: (r) => ({ params: { id: r.appConfiguration }, body: { value: { on: false } } }) },
  deleteApplicationConfiguration: { input: (r) => ({ params: { id: r.deleteAppConfiguration } }) },
};
