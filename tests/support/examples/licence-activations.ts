/**
 * Role-matrix examples of the licence activations calls (see ../catalogue-examples.ts for what an example is).
 * The role matrix grants each role's user the unit licence activation permission; the activation
 * example deactivates a licence the role's unit does not hold (an answer with no change, so the
 * shared inventory's pool is the same for every role).
 */
import type { licenceActivationEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const LICENCE_ACTIVATIONS_EXAMPLES: { [K in keyof typeof licenceActivationEndpoints]: Example<K> } = {
  getLicenceActivation: { input: (r) => ({ params: { id: r.inventory } }) },
  setLicenceActivation: { input: (r) => ({ params: { id: r.inventory }, body: { unitId: r.unit, serviceName: 'smpte-output', active: false } }) },
  // The shared inventory's pool (above what its units use): roles take turns.
  setLicencePool: { input: (r) => ({ params: { id: r.inventory }, body: { serviceName: 'multi-camera', total: 10_000 } }), exclusive: true },
  setLicencePermission: { input: (r) => ({ params: { id: r.user }, body: { granted: true } }) },
};
