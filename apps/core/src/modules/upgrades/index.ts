/**
 * Upgrades (spec 001 §5, §8): software upgrades of units and servers (upgrades.ts, with the rules
 * of upgrade-rules.ts), batches, software versions and their products.
 */
import { bind } from '../../calls.js';
import type { ServiceDeps } from '../deps.js';
import type { ServerService } from '../servers/servers.js';
import type { UnitService } from '../units/units.js';
import { SoftwareVersionProductService, softwareVersionProductCalls } from './software-version-products.js';
import { SoftwareVersionService, softwareVersionCalls } from './software-versions.js';
import { UpgradeBatchService, upgradeBatchCalls } from './upgrade-batches.js';
import { UpgradeService, upgradeCalls } from './upgrades.js';

/** The upgrade rules as the units module's admin calls ask for them (they need the platform only). */
export { UnitUpgradeRules } from './upgrade-rules.js';

/** What the upgrades need: the servers (their live state), the units (told of a changed software version). */
export interface UpgradesNeeds {
  servers: ServerService;
  units: Pick<UnitService, 'refreshUnit'>;
}

/** The upgrades module's services. */
export function create(deps: ServiceDeps, { servers, units }: UpgradesNeeds) {
  const upgrades = new UpgradeService(deps, servers, units);
  const softwareVersions = new SoftwareVersionService(deps);
  return {
    upgrades,
    upgradeBatches: new UpgradeBatchService(deps, upgrades),
    softwareVersions,
    softwareVersionProducts: new SoftwareVersionProductService(softwareVersions),
  };
}

export type UpgradesServices = ReturnType<typeof create>;

/** Each service with the calls it answers. */
export const bindings = [
  bind((s: UpgradesServices) => s.upgrades, upgradeCalls),
  bind((s: UpgradesServices) => s.upgradeBatches, upgradeBatchCalls),
  bind((s: UpgradesServices) => s.softwareVersions, softwareVersionCalls),
  bind((s: UpgradesServices) => s.softwareVersionProducts, softwareVersionProductCalls),
] as const;
