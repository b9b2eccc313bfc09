/**
 * Role-matrix examples of the upgrade batches calls (see ../catalogue-examples.ts for what an example is).
 */
import type { upgradeBatchEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const UPGRADE_BATCHES_EXAMPLES: { [K in keyof typeof upgradeBatchEndpoints]: Example<K> } = {
  // A line for a device nobody has: the batch is stored with that line refused, nothing runs.
  createUpgradeBatch: { input: (_r, w) => ({ body: { csv: `deviceId,targetVersion\nMATRIX-NONE-${w.role},10.1\n`, name: `matrix-${w.role}` } }) },
  listUpgradeBatches: { input: () => ({ query: {} }) },
  getUpgradeBatch: { input: (r) => ({ params: { id: r.upgradeBatch } }) },
};
