/**
 * A unit's facts the upgrade rules read (software version, SLA service, selected channel), written
 * straight into storage: shared by the upgrade rules' module tests and their integration tests, each
 * refreshing its core's read model after it.
 */
import type { Db } from '@fleet/db';

export interface UnitFacts {
  swVersion?: string;
  sla?: boolean;
  selectedChannelId?: string | null;
}

export async function storeUnitFacts(db: Db, id: string, data: UnitFacts): Promise<void> {
  if (data.swVersion !== undefined || data.selectedChannelId !== undefined) {
    await db.unit.update({
      where: { id },
      data: {
        ...(data.swVersion !== undefined ? { swVersion: data.swVersion } : {}),
        ...(data.selectedChannelId !== undefined ? { selectedChannelId: data.selectedChannelId } : {}),
      },
    });
  }
  if (data.sla !== undefined) {
    await db.service.deleteMany({ where: { unitId: id, serviceName: 'sla' } });
    if (data.sla) await db.service.create({ data: { unitId: id, serviceName: 'sla', serviceStatus: 'enabled' } });
  }
}
