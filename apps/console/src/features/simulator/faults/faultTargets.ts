/**
 * What the Simulate menu acts on, the fault kinds each offers and the control-plane calls behind it
 * (mock only: asked only after the capability probe found the mock, for super users and staff,
 * the control plane's operators).
 */
import { useQuery } from '@tanstack/react-query';
import { ServerFault, UnitFault, type FaultTarget } from '@fleet/contracts';
import { askControlPlane } from '../useMockCapabilities';
import { faultKinds, type FaultKind, type FieldValue } from './faultFields';

/** A unit, a server, or one channel of a server (its faults are the server's that name a channel). */
export type SimulateTarget =
  | { readonly kind: 'unit'; readonly unitId: string; readonly name: string }
  | { readonly kind: 'server'; readonly serverId: string; readonly name: string }
  | { readonly kind: 'channel'; readonly serverId: string; readonly channelId: string; readonly name: string };

const UNIT_KINDS = faultKinds(UnitFault);
const SERVER_KINDS = faultKinds(ServerFault);
const namesChannel = (k: FaultKind) => k.fields.some((f) => f.name === 'channelId');

/** The kinds a target offers, in the contracts' order: a server's own, and those naming a channel on a channel. */
export function kindsFor(target: SimulateTarget): readonly FaultKind[] {
  if (target.kind === 'unit') return UNIT_KINDS;
  return SERVER_KINDS.filter((k) => namesChannel(k) === (target.kind === 'channel'));
}

/** The fields the target sets itself (the channel of a channel's menu). */
export function fixedFields(target: SimulateTarget): Record<string, FieldValue> {
  return target.kind === 'channel' ? { channelId: target.channelId } : {};
}

/** The control plane's input for a fault on the target. */
export function faultTarget(target: SimulateTarget, fault: unknown): FaultTarget {
  // `fault` was checked against its kind's schema (buildFault); the control plane checks it again.
  return (target.kind === 'unit' ? { unitId: target.unitId, fault } : { serverId: target.serverId, fault }) as FaultTarget;
}

export const ACTIVE_FAULTS_KEY = ['mock', 'faults', 'active'] as const;
/** How often the panel asks for the active faults (ms): a QA suite may inject them too. */
export const ACTIVE_FAULTS_POLL_MS = 3000;

/** The active faults (fault.active); nothing is asked unless `enabled` (the probe found the mock). */
export function useActiveFaults(enabled: boolean) {
  return useQuery({
    queryKey: ACTIVE_FAULTS_KEY,
    queryFn: () => askControlPlane((client) => client.fault.active.query()),
    enabled,
    refetchInterval: ACTIVE_FAULTS_POLL_MS,
    retry: false,
    staleTime: 0,
  });
}
