/**
 * Role-matrix examples of the usage reports calls (see ../catalogue-examples.ts for what an example is).
 */
import type { usageReportEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const USAGE_REPORTS_EXAMPLES: { [K in keyof typeof usageReportEndpoints]: Example<K> } = {
  getInventoryUsageReport: { input: (r) => ({ params: { id: r.inventory }, query: { groupId: r.group } }) },
};
