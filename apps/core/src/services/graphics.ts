/** Graphics (spec 001 §7 Graphics): my graphics, singular, delete app, templates, permissions, job status; trial of §9. */
import { callsOf } from '../calls.js';
import type { ServiceDeps } from './deps.js';

export class GraphicsService {
  constructor(private readonly deps: ServiceDeps) {}
}

export const graphicsCalls = callsOf<GraphicsService>()({});
