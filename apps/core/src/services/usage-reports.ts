/**
 * Usage reports by data and time (spec 001 §2 /reports; §4 usage kinds).
 */
import { callsOf } from '../calls.js';
import type { ServiceDeps } from './deps.js';

export class UsageReportService {
  constructor(private readonly deps: ServiceDeps) {}
}

export const usageReportCalls = callsOf<UsageReportService>()({});
