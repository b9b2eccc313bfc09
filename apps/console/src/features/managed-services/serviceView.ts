/**
 * The /inventory_services screen's pure rules: a cached list patched by `managedService.changed`
 * (in place, idempotent: the event comes once per subscribed topic), the time a trial has left, the
 * badge colour of a state, and the change each admin action sends.
 */
import type { ManagedService, ManagedServiceList, ManagedServiceState, RealtimeEvent, UpdateManagedServiceBody } from '@fleet/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { endpointPrefix, type EndpointQueryKey } from '../../api/hooks';
import { replaces } from '../../kit/cache';
import type { ManagedServiceChanged } from '../../shell/serviceGates';

export function isManagedServiceEvent(event: RealtimeEvent): event is ManagedServiceChanged {
  return event.type === 'managedService.changed';
}

/**
 * The list with the event's service in place of its card. A service that runs out changes state
 * with the same version (nothing was written), so an equal version replaces too; an older one not.
 */
export function applyManagedServiceEvent(list: ManagedServiceList, event: ManagedServiceChanged): ManagedServiceList {
  const next = event.service;
  if (next.inventoryId !== list.inventoryId) return list;
  const index = list.items.findIndex((s) => s.serviceName === next.serviceName);
  const current = list.items[index];
  if (current === undefined || !replaces(next, current)) return list;
  const items = list.items.slice();
  items[index] = next;
  return { ...list, items };
}

const DAY_MS = 86_400_000;

/** Whole days a running trial has left at `now` (a part-day counts as a day), or null. */
export function trialDaysLeft(service: Pick<ManagedService, 'state' | 'trialEndsAt'>, now: number): number | null {
  if (service.state !== 'onTrial' || service.trialEndsAt == null) return null;
  return Math.max(0, Math.ceil((Date.parse(service.trialEndsAt) - now) / DAY_MS));
}

export const STATE_COLORS: Readonly<Record<ManagedServiceState, string>> = {
  enabled: 'green',
  purchased: 'teal',
  onTrial: 'blue',
  notEnabled: 'gray',
  trialExpired: 'orange',
  expired: 'red',
  overUsage: 'red',
};

export const ADMIN_ACTIONS = ['enable', 'disable', 'purchase', 'expire', 'offerTrial'] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

/** The admin change an action sends (over the card's version). */
export function adminChange(action: AdminAction, service: Pick<ManagedService, 'version'>): UpdateManagedServiceBody {
  const version = service.version;
  switch (action) {
    case 'enable':
      return { version, status: 'enabled' };
    case 'disable':
      return { version, status: 'disabled', trialState: null };
    case 'purchase':
      return { version, status: 'disabled', trialState: 'purchasedService', expiresAt: null };
    case 'expire':
      return { version, status: 'expired' };
    case 'offerTrial':
      return { version, status: 'disabled', trialState: 'enabledTrial' };
  }
}

/** The two reads of an inventory's services: the normal one, and the admin one (each service with the version its admin change sends). */
const SERVICE_LISTS = ['listManagedServices', 'listAdminManagedServices'] as const;

/** The cached service lists with a service changed: from /ws `managedService.changed` (an admin change, a trial started or run out), or a change saved here. */
export function applyToServiceLists(queryClient: QueryClient, event: RealtimeEvent): void {
  if (!isManagedServiceEvent(event)) return;
  for (const id of SERVICE_LISTS) {
    for (const query of queryClient.getQueryCache().findAll({ queryKey: endpointPrefix(id) })) {
      queryClient.setQueryData<ManagedServiceList>(query.queryKey as EndpointQueryKey<typeof id>, (list) =>
        list ? applyManagedServiceEvent(list, event) : list,
      );
    }
  }
}
