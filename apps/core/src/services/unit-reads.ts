/** Unit reads of spec 000 §7 beyond the basic list/detail. */
import type { ServiceDeps } from './deps.js';

export class UnitReadService {
  constructor(private readonly deps: ServiceDeps) {}
}
