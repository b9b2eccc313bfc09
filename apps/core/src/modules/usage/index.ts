/** Usage: usage reports (with the accounting of what devices report) and usage profiles. */
import { bind } from '../../calls.js';
import type { ServiceDeps } from '../deps.js';
import { UsageProfileService, usageProfileCalls, type UnitChanges } from './usage-profiles.js';
import { UsageReportService, usageReportCalls } from './usage-reports.js';

/** What usage needs: the units, told of a unit whose profile changed. */
export interface UsageNeeds {
  units: UnitChanges;
}

/** The usage module's services. */
export function create(deps: ServiceDeps, { units }: UsageNeeds) {
  return { usageReports: new UsageReportService(deps), usageProfiles: new UsageProfileService(deps, units) };
}

export type UsageServices = ReturnType<typeof create>;

/** Each service with the calls it answers. */
export const bindings = [bind((s: UsageServices) => s.usageProfiles, usageProfileCalls), bind((s: UsageServices) => s.usageReports, usageReportCalls)] as const;
