/**
 * Role-matrix examples of the unit list and a unit's stream and name (see ../catalogue-examples.ts for what an example is).
 */
import type { unitEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const UNITS_EXAMPLES: { [K in keyof typeof unitEndpoints]: Example<K> } = {
  fetchDevices: { input: (r) => ({ query: { group: r.group } }) },
  getUnit: { input: (r) => ({ params: { id: r.unit } }) },
  startUnitStream: { input: (r) => ({ params: { id: r.unit } }) },
  stopUnitStream: { input: (r) => ({ params: { id: r.unit } }), setup: (w) => w.running('video') },
  renameDevice: { input: (r, w) => ({ body: { id: r.unit, name: `Matrix-${w.role}-renamed`, comment: 'matrix' } }) },
};
