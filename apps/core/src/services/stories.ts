import type { ServiceDeps } from './deps.js';

/** Stories of an inventory and their integration settings (spec 000 §2 Stories, §3 Story, §5; spec 001 §7 Inventories: stories with count). */
export class StoryService {
  constructor(private readonly deps: ServiceDeps) {}
}
