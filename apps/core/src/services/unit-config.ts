/** Unit commands (devices/{id}/commands/*) and unit updates (PUT) of spec 000 §7. */
import type { ServiceDeps } from './deps.js';

export class UnitConfigService {
  constructor(private readonly deps: ServiceDeps) {}
}
