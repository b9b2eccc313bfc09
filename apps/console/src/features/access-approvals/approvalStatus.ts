/** The status an approval shows at `now`: an active one whose 8 hours are over reads expired without waiting for a reload (spec 001 §4). */
import type { AccessApproval, AccessApprovalStatus } from '@fleet/contracts';

export function shownStatus(a: Pick<AccessApproval, 'status' | 'expiresAt'>, now: number): AccessApprovalStatus {
  return a.status === 'active' && new Date(a.expiresAt).getTime() <= now ? 'expired' : a.status;
}
