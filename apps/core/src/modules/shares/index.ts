/** Shares. */
import { bind } from '../../calls.js';
import type { ServiceDeps } from '../deps.js';
import { ShareService, shareCalls } from './shares.js';

/** The shares module's services. */
export function create(deps: ServiceDeps) {
  return { shares: new ShareService(deps) };
}

export type SharesServices = ReturnType<typeof create>;

/** Each service with the calls it answers. */
export const bindings = [bind((s: SharesServices) => s.shares, shareCalls)] as const;
