/**
 * Stories of an inventory and their integration settings (spec 000 §2 Stories, §3 Story, §5; spec 001 §7 Inventories: stories with count).
 */
import type { EndpointDef } from './define.js';

export const storyEndpoints = {} as const satisfies Record<string, EndpointDef>;
