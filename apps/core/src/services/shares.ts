/**
 * Shares (spec 001 §3 Publisher, Subscriber / folder, Share link; §5 rules; /publishers and /subscribers).
 */
import { callsOf } from '../calls.js';
import type { ServiceDeps } from './deps.js';

export class ShareService {
  constructor(private readonly deps: ServiceDeps) {}
}

export const shareCalls = callsOf<ShareService>()({});
