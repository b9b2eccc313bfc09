/**
 * /map (spec 000 §2, §7): the markers come from devices/fetch_coords and move and recolour live;
 * a marker's popup reads its unit by id (devices/fetch_by_id) and shows its battery and status;
 * the units without a position are listed beside the map.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { RealtimeEvent, UnitCoords } from '@fleet/contracts';
import { endpointKey } from '../../api/hooks';
import { ROUTES, type PageRoute } from '../../routing/routes';
import { apiError, FakeApi } from '../../test-utils/fakeApi';
import { makeUnit, startedStreaming } from '../../test-utils/fixtures';
import { renderWithApp } from '../../test-utils/render';
import MapPage from './Map.page';
import { markerElement, markerHtml } from './mapData';

const coords: UnitCoords[] = [
  { uniqueId: 'LU800-0001', name: 'Camera_north', status: 'idle', typeGroup: 'fieldUnits', location: { lat: 51.5, lng: -0.12, address: 'London' } },
  { uniqueId: 'LU800-0002', name: 'Camera_south', status: 'streaming', typeGroup: 'fieldUnits', location: { lat: -33.92, lng: 18.42, address: null } },
];

function mapApi(): FakeApi {
  return new FakeApi()
    .on('fetchDeviceCoords', coords)
    .on('fetchDevices', [
      makeUnit({ uniqueId: 'LU800-0001', name: 'Camera_north' }),
      makeUnit({ uniqueId: 'LU800-0002', name: 'Camera_south' }),
      makeUnit({ uniqueId: 'LU800-0003', name: 'Camera_garage', location: null }),
    ])
    .on('fetchDeviceById', ({ params }) =>
      makeUnit({
        uniqueId: params.id,
        name: 'Camera_north',
        status: 'idle',
        totalBitrate: 2500,
        battery: { connected: true, charging: false, percentage: 64 },
      }),
    );
}

const MAP_ROUTE = ROUTES.find((r): r is PageRoute => r.kind === 'page' && r.path === '/map');

async function openMap(api: FakeApi) {
  if (MAP_ROUTE === undefined) throw new Error('no /map route');
  const rendered = await renderWithApp(<MapPage route={MAP_ROUTE} />, { roles: ['luc_regular'], route: '/map', api });
  await waitFor(() => expect(screen.getByTestId('unit-map')).toHaveAttribute('data-markers', '2'), { timeout: 5000 });
  return rendered;
}

describe('Map page', () => {
  it('places a marker per unit of devices/fetch_coords and lists the units without a position', async () => {
    const api = mapApi();
    await openMap(api);
    expect(api.calls('fetchDeviceCoords')[0]?.url).toBe('/api/devices/fetch_coords');
    expect(await screen.findByTestId('map-marker-LU800-0001')).toHaveAttribute('data-lat', '51.5');
    expect(screen.getByTestId('map-marker-LU800-0002')).toHaveAttribute('data-colour', 'red');
    expect(screen.getByTestId('map-placed-count')).toHaveTextContent('2 units on the map');
    expect(await screen.findByTestId('map-unplaced-LU800-0003')).toHaveTextContent('Camera_garage');
  });

  it('recolours and moves markers from /ws without reading the markers again', async () => {
    const api = mapApi();
    const { socket, settled } = await openMap(api);
    await settled();
    const reads = api.calls('fetchDeviceCoords').length;
    await socket.emit(startedStreaming('LU800-0001', { applications: {}, at: 1 }));
    await waitFor(() => expect(screen.getByTestId('map-marker-LU800-0001')).toHaveAttribute('data-status', 'streaming'));
    await socket.emit({
      type: 'unit.telemetry',
      unitId: 'LU800-0002',
      battery: null,
      location: { lat: 40.4, lng: -3.7, address: null },
      modems: [],
      totalBitrate: 0,
      cameraConnected: true,
      sample: { t: 1, kbps: 0 },
      at: 2,
    });
    await waitFor(() => expect(screen.getByTestId('map-marker-LU800-0002')).toHaveAttribute('data-lat', '40.4'));
    expect(api.calls('fetchDeviceCoords')).toHaveLength(reads);
  });

  it('reads the unit of a marker by id when its popup opens', async () => {
    const api = mapApi();
    const { user } = await openMap(api);
    expect(api.calls('fetchDeviceById')).toHaveLength(0);
    await user.click(await screen.findByTestId('map-marker-LU800-0001'));
    const popup = await screen.findByTestId('map-popup-LU800-0001');
    await waitFor(() => expect(popup).toHaveAttribute('data-read', 'true'));
    expect(api.calls('fetchDeviceById').map((c) => c.url)).toEqual(['/api/devices/fetch_by_id/LU800-0001']);
    expect(screen.getByTestId('map-popup-battery-LU800-0001')).toHaveTextContent(/^Battery 64%$/);
    expect(screen.getByTestId('map-popup-bitrate-LU800-0001')).toHaveTextContent(/^Bitrate: 2\.5 Mbps$/);
    expect(screen.getByTestId('map-popup-channel-LU800-0001')).not.toBeEmptyDOMElement();
    expect(screen.getByTestId('map-popup-address-LU800-0001')).toHaveTextContent('London');
    expect(screen.getByTestId('map-popup-open-LU800-0001')).toHaveAttribute('href', '/list?unit=LU800-0001');
  });

  it('folds a burst of /ws events into the markers at once: one write, and only the changed markers touched', async () => {
    const api = mapApi();
    const { socket, settled, queryClient } = await openMap(api);
    await settled();
    const untouched = await screen.findByTestId('map-marker-LU800-0002');
    const writes = vi.spyOn(queryClient, 'setQueryData');
    const coordsKey = JSON.stringify(endpointKey('fetchDeviceCoords', {}));
    const telemetry = (lat: number): RealtimeEvent => ({
      type: 'unit.telemetry',
      unitId: 'LU800-0001',
      battery: null,
      location: { lat, lng: 1, address: null },
      modems: [],
      totalBitrate: 0,
      cameraConnected: true,
      sample: { t: 1, kbps: 0 },
      at: 2,
    });
    await socket.emit([
      telemetry(10),
      { type: 'unit.status', unitId: 'LU800-0001', status: 'streaming', previous: 'idle', change: 'onlineToStreaming', applications: {}, at: 1 },
      telemetry(11),
      telemetry(12),
    ]);
    await waitFor(() => expect(screen.getByTestId('map-marker-LU800-0001')).toHaveAttribute('data-lat', '12'));
    expect(screen.getByTestId('map-marker-LU800-0001')).toHaveAttribute('data-status', 'streaming');
    expect(screen.getByTestId('map-marker-LU800-0001')).toHaveAttribute('data-colour', 'red');
    expect(writes.mock.calls.filter(([key]) => JSON.stringify(key) === coordsKey)).toHaveLength(1);
    // The other marker's element is the one drawn at first.
    expect(screen.getByTestId('map-marker-LU800-0002')).toBe(untouched);
    expect(untouched).toHaveAttribute('data-lat', '-33.92');
  });

  it('keeps the open popup on its marker as the unit moves', async () => {
    const api = mapApi();
    const { user, socket } = await openMap(api);
    await user.click(await screen.findByTestId('map-marker-LU800-0001'));
    const popup = await screen.findByTestId('map-popup-LU800-0001');
    await waitFor(() => expect(popup).toHaveAttribute('data-read', 'true'));
    expect(popup).toHaveTextContent('51.50000');
    await socket.emit({
      type: 'unit.telemetry',
      unitId: 'LU800-0001',
      battery: { connected: true, charging: false, percentage: 40 },
      location: { lat: 40.4, lng: -3.7, address: 'Madrid' },
      modems: [],
      totalBitrate: 0,
      cameraConnected: true,
      sample: { t: 1, kbps: 0 },
      at: 2,
    });
    await waitFor(() => expect(screen.getByTestId('map-popup-LU800-0001')).toHaveTextContent('40.40000'));
    expect(screen.getByTestId('map-popup-address-LU800-0001')).toHaveTextContent('Madrid');
    expect(screen.getByTestId('map-popup-battery-LU800-0001')).toHaveTextContent('40');
    expect(document.querySelectorAll('.leaflet-popup')).toHaveLength(1);
  });

  it('lists the units on the map: choosing one opens its popup and makes it the page address', async () => {
    // The list is windowed: jsdom lays nothing out, so its scroller is given a height here.
    const rect = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
    onTestFinished(() => rect.mockRestore());
    const api = mapApi();
    const { user, router } = await openMap(api);
    const row = await screen.findByTestId('map-unit-LU800-0002');
    expect(row).toHaveTextContent('Camera_south');
    expect(row).toHaveTextContent('Streaming');
    await user.click(row);
    expect(await screen.findByTestId('map-popup-LU800-0002')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?unit=LU800-0002');
    expect(screen.getByTestId('map-unit-LU800-0002')).toHaveAttribute('aria-current', 'true');
    expect(screen.getByTestId('map-unit-LU800-0001')).not.toHaveAttribute('aria-current');
  });

  it('shows the list of units and its hint while the positions are read, the map holding a loader', async () => {
    if (MAP_ROUTE === undefined) throw new Error('no /map route');
    const api = mapApi();
    api.pause();
    await renderWithApp(<MapPage route={MAP_ROUTE} />, { roles: ['luc_regular'], route: '/map', api });
    expect(await screen.findByTestId('map-loading')).toBeInTheDocument();
    expect(screen.getByTestId('map-units')).toHaveTextContent('Choose a unit to show it on the map.');
    expect(screen.queryByTestId('unit-map')).not.toBeInTheDocument();
    api.resume();
    await waitFor(() => expect(screen.getByTestId('unit-map')).toHaveAttribute('data-markers', '2'), { timeout: 5000 });
    expect(screen.queryByTestId('map-loading')).not.toBeInTheDocument();
  });

  it('says the positions could not be read when devices/fetch_coords fails', async () => {
    if (MAP_ROUTE === undefined) throw new Error('no /map route');
    const api = mapApi().on('fetchDeviceCoords', () => apiError('FORBIDDEN'));
    await renderWithApp(<MapPage route={MAP_ROUTE} />, { roles: ['luc_regular'], route: '/map', api });
    expect(await screen.findByTestId('map-error')).toBeInTheDocument();
    expect(screen.queryByTestId('map-units')).not.toBeInTheDocument();
  });

  it('builds each marker element as the marker HTML describes it', () => {
    const marker = { uniqueId: 'LU"<1>', name: 'n', status: 'streaming' as const, lat: 1.5, lng: -2, address: null };
    const parsed = document.createElement('div');
    parsed.innerHTML = markerHtml(marker);
    const attributes = (el: Element | null) => Object.fromEntries([...(el?.attributes ?? [])].map((a) => [a.name, a.value]));
    const built = markerElement(marker);
    expect(built.tagName).toBe('SPAN');
    expect(attributes(built)).toEqual(attributes(parsed.firstElementChild));
  });
});
