/**
 * Role-matrix examples of the upgrades calls (see ../catalogue-examples.ts for what an example is).
 */
import type { upgradeEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const UPGRADES_EXAMPLES: { [K in keyof typeof upgradeEndpoints]: Example<K> } = {
  listUpgradeCandidates: { input: () => ({ query: {} }) },
  getUpgradeJob: { input: (r) => ({ params: { id: r.upgradeJob } }) },
  getUnitUpgradeTargets: { input: (r) => ({ params: { id: r.unit } }) },
  getUnitUpgradeEligibility: { input: (r) => ({ params: { id: r.unit }, query: { targetVersion: '10.1' } }) },
  startUnitUpgrade: { input: (r) => ({ params: { id: r.upgradeUnit }, body: { targetVersion: '10.1' } }) },
  listUnitUpgrades: { input: (r) => ({ params: { id: r.unit }, query: {} }) },
  getServerUpgradeTargets: { input: (r) => ({ params: { id: r.server } }) },
  getServerUpgradeEligibility: { input: (r) => ({ params: { id: r.server }, query: { targetVersion: '10.1' } }) },
  startServerUpgrade: { input: (r) => ({ params: { id: r.upgradeServer }, body: { targetVersion: '10.1' } }) },
  listServerUpgrades: { input: (r) => ({ params: { id: r.server }, query: {} }) },
};
