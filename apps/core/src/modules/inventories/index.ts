/** Inventories: inventories, their channels, ingest accounts and managed services. */
import { bind } from '../../calls.js';
import type { ServiceDeps } from '../deps.js';
import type { UsageReportService } from '../usage/usage-reports.js';
import type { VideoReturnService } from '../video-return/video-return.js';
import { IngestAccountService, ingestAccountCalls } from './ingest-accounts.js';
import { InventoryService, inventoryCalls } from './inventories.js';
import { InventoryChannels, inventoryChannelCalls } from './inventory-channels.js';
import { ManagedServiceService, managedServiceCalls } from './managed-services.js';

/** What the inventories need: video return channels' answers, the inventories' usage. */
export interface InventoriesNeeds {
  videoReturn: Pick<VideoReturnService, 'toDetail'>;
  usageReports: Pick<UsageReportService, 'inventoryUsage'>;
}

/** The inventories module's services. */
export function create(deps: ServiceDeps, { videoReturn, usageReports }: InventoriesNeeds) {
  const inventories = new InventoryService(deps, videoReturn);
  return {
    inventories,
    inventoryChannels: new InventoryChannels(deps),
    ingestAccounts: new IngestAccountService(deps, inventories),
    managedServices: new ManagedServiceService(deps, usageReports),
  };
}

export type InventoriesServices = ReturnType<typeof create>;

/** Each service with the calls it answers. */
export const bindings = [
  bind((s: InventoriesServices) => s.inventories, inventoryCalls),
  bind((s: InventoriesServices) => s.inventoryChannels, inventoryChannelCalls),
  bind((s: InventoriesServices) => s.ingestAccounts, ingestAccountCalls),
  bind((s: InventoriesServices) => s.managedServices, managedServiceCalls),
] as const;
