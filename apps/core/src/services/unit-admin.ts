/** Admin unit calls of spec 000 §7 (create, update, delete, associations, target version, dbgateway, deregistration). */
import type { ServiceDeps } from './deps.js';

export class AdminUnitService {
  constructor(private readonly deps: ServiceDeps) {}
}
