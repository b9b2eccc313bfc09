/** Unit actions (POST), deletes, social media and CDN streams of spec 000 §7. */
import type { ServiceDeps } from './deps.js';

export class UnitActionService {
  constructor(private readonly deps: ServiceDeps) {}
}
