/**
 * LU-Link (point-to-point links, spec 001 §7 Point-to-point) as data, pure:
 * - the links a unit takes part in (as master, `uniqueID`, or as one of the machines);
 * - known links kept from reads and `p2p.changed` events (a removed link is dropped; an older
 *   version never replaces a newer one);
 * - the stream button's transition: starting / stopping from the click until the link shows the
 *   expected state, cleared on a refusal.
 */
import { newest } from '../../kit/cache';
import type { P2pLink, RealtimeEvent } from '@fleet/contracts';

export type P2pEvent = Extract<RealtimeEvent, { type: 'p2p.changed' }>;

export function isP2pEvent(event: RealtimeEvent): event is P2pEvent {
  return event.type === 'p2p.changed';
}

export function linkHasUnit(link: P2pLink, unitId: string): boolean {
  return link.uniqueID === unitId || link.machines.some((machine) => machine.uid === unitId);
}

export function linksOfUnit(links: readonly P2pLink[], unitId: string): P2pLink[] {
  return links.filter((link) => linkHasUnit(link, unitId)).sort((a, b) => a.name.localeCompare(b.name));
}

/** Known links with one link read or announced; the same array when nothing changed. */
export function rememberLink(links: readonly P2pLink[], link: P2pLink, removed = false): readonly P2pLink[] {
  const index = links.findIndex((known) => known.id === link.id);
  if (removed) return index < 0 ? links : links.filter((known) => known.id !== link.id);
  if (index < 0) return [...links, link];
  const current = links[index] as P2pLink;
  const next = newest(current, link);
  if (next === current) return links;
  const copy = links.slice();
  copy[index] = next;
  return copy;
}

export type StreamRequest = 'start' | 'stop';
export type StreamTransition = 'starting' | 'stopping' | null;

/** What the stream button shows while a request is on its way: until the link reached the state asked for. */
export function streamTransition(request: StreamRequest | null, link: Pick<P2pLink, 'streaming'>): StreamTransition {
  if (request === 'start' && !link.streaming) return 'starting';
  if (request === 'stop' && link.streaming) return 'stopping';
  return null;
}
