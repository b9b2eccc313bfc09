/**
 * Access approvals (spec 001 §2 /access_approvals; §4 active, expired, used; support access on a device lasts 8 hours, then blocks automatically).
 */
import { callsOf } from '../calls.js';
import type { ServiceDeps } from './deps.js';

export class AccessApprovalService {
  constructor(private readonly deps: ServiceDeps) {}
}

export const accessApprovalCalls = callsOf<AccessApprovalService>()({});
