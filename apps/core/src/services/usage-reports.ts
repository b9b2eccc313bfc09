/**
 * Usage reports by data and time (spec 001 §2 /reports; §4 usage kinds).
 */
import { callsOf } from '../calls.js';
import type { ServiceDeps } from './deps.js';

/** What the units of one inventory used over a period. */
export interface InventoryUsage {
  dataBytes: number;
  seconds: number;
}

export class UsageReportService {
  constructor(private readonly deps: ServiceDeps) {}

  /**
   * The usage of the inventory's units in the usage records whose period starts in [from, to):
   * what a managed service counted in data or time is measured against ("over usage", §4).
   */
  async inventoryUsage(inventoryId: string, from: Date, to: Date): Promise<InventoryUsage> {
    const sum = await this.deps.db.usageRecord.aggregate({
      where: { periodStart: { gte: from, lt: to }, unit: { inventories: { some: { inventoryId } } } },
      _sum: { dataBytes: true, seconds: true },
    });
    return { dataBytes: Number(sum._sum.dataBytes ?? 0n), seconds: sum._sum.seconds ?? 0 };
  }
}

export const usageReportCalls = callsOf<UsageReportService>()({});
