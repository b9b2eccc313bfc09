/** What realtime events change in the map's markers (fetchDeviceCoords): a frame's unit events at once (registered in src/live/). */
import type { QueryClient } from '@tanstack/react-query';
import type { RealtimeEvent, UnitCoords } from '@fleet/contracts';
import { endpointKey } from '../../api/hooks';
import type { LiveResource } from '../../realtime/liveRegistry';
import { patchCoordsBatch } from './mapData';

/** The frame's unit events applied to the markers, each field by the one version rule; read again when an event brings a unit they do not hold. */
export function applyToMarkers(queryClient: QueryClient, events: readonly RealtimeEvent[]): void {
  const coordsKey = endpointKey('fetchDeviceCoords', {});
  const coords = queryClient.getQueryData<readonly UnitCoords[]>(coordsKey);
  if (coords === undefined) return;
  const next = patchCoordsBatch(coords, events);
  if (next === null) void queryClient.invalidateQueries({ queryKey: coordsKey, exact: true });
  else if (next !== coords) queryClient.setQueryData(coordsKey, next);
}

const KINDS = ['unit.status', 'unit.telemetry', 'unit.updated', 'unit.channels', 'alert.raised', 'alert.cleared', 'device.added', 'device.removed'] as const;

export const markersLive: LiveResource = {
  resource: 'unitMarkers',
  events: {
    'unit.status': { patches: ['fetchDeviceCoords'] },
    'unit.telemetry': { patches: ['fetchDeviceCoords'] },
    'unit.updated': { patches: ['fetchDeviceCoords'] },
    'device.added': { patches: ['fetchDeviceCoords'], screens: 'the markers are read again' },
    'device.removed': { patches: ['fetchDeviceCoords'] },
  },
  batched: { kinds: KINDS, apply: applyToMarkers },
};
