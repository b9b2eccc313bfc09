/**
 * The integration project's global setup: this run's seeded template databases (templates.ts),
 * made once before any file runs and removed after the last.
 */
import { pgUrl } from './providers.js';
import { createTemplates } from './templates.js';

export default async function setup(): Promise<() => Promise<void>> {
  return createTemplates(pgUrl());
}
