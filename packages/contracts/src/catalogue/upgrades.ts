/**
 * Software upgrades of servers and units (spec 001 §4 pending, upgrading, succeeded, failed, rejected; §5 upgrade rules; §8 codes).
 */
import type { EndpointDef } from './define.js';

export const upgradeEndpoints = {} as const satisfies Record<string, EndpointDef>;
