import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { UnitSummary, UserPreferences } from '@fleet/contracts';
import { FakeApi } from '../../test-utils/fakeApi';
import { answered } from '../../test-utils/controlPlane';
import { makeUnit } from '../../test-utils/fixtures';
import { renderWithApp } from '../../test-utils/render';
import { mockTrpcUrl } from '../simulator/trpc';
import { ROUTES } from '../../routing/routes';
import type { PageRoute } from '../../routing/routes';
import MultiviewPage from './Multiview.page';
import { LAYOUT_STORAGE_KEY } from './useMultiviewLayout';

const ROUTE = ROUTES.find((r): r is PageRoute => r.kind === 'page' && r.page === 'multiview');
const LONG_NAME = 'News-Crew-Berlin-Alexanderplatz-Evening-Bulletin-07';
const onAir = makeUnit({
  uniqueId: 'LU800-0001',
  name: LONG_NAME,
  status: 'streaming',
  applications: { video: { state: 'running' } },
  totalBitrate: 5800,
  channelsInUse: [{ channelId: 'MMH-0001-CH1', channelName: 'CH1', serverId: 'MMH-0001', serverName: 'Metro-TV' }],
});
/** Streaming, but its camera is gone: a critical alert. */
const alarmed = makeUnit({
  uniqueId: 'LU800-0002',
  name: 'Drone_London_02',
  status: 'streaming',
  applications: { video: { state: 'running' } },
  alerts: [{ type: 'cameraDisconnected', level: 'critical', message: 'Camera disconnected', raisedAt: '2026-11-27T12:00:00.000Z' }],
});

/** A fake core with the units; `mock`: the mock's capability probe answers (else it is a real core: 404). */
function core(units: UnitSummary[], mock: boolean): FakeApi {
  const api = new FakeApi().on('fetchDevices', units).on('fetchChannels', { channels: [], counters: countersOfNone() });
  if (mock) api.onRaw('GET', `${mockTrpcUrl()}/capabilities`, () => answered({ mock: true }));
  return api;
}

function countersOfNone() {
  return { busy: 0, idle: 0, offline: 0, sdi: 0, smpte: 0, cdn: 0, preview: 0, studio: 0, share: 0, distributor: 0, output: 0, input: 0 };
}

async function renderWall(options: { mock: boolean; route?: string; units?: UnitSummary[]; preferences?: UserPreferences; api?: FakeApi; first?: string }) {
  const rendered = await renderWithApp(<MultiviewPage route={ROUTE as PageRoute} />, {
    api: options.api ?? core(options.units ?? [onAir], options.mock),
    route: options.route ?? '/multiview',
    ...(options.preferences ? { preferences: options.preferences } : {}),
  });
  await screen.findByTestId(`multiview-tile-open-${options.first ?? onAir.uniqueId}`);
  return rendered;
}

/** Units CH0 … CH(n-1), every `streamingEvery`-th streaming. */
const fleet = (n: number, streamingEvery = 7) =>
  Array.from({ length: n }, (_, i) =>
    makeUnit({
      uniqueId: `LU-${String(i).padStart(3, '0')}`,
      name: `CH${i}`,
      status: i % streamingEvery === 3 ? 'streaming' : 'idle',
      ...(i % streamingEvery === 3 ? { applications: { video: { state: 'running' as const } } } : {}),
    }),
  );
const tileIds = () => screen.queryAllByTestId(/^multiview-tile-LU-\d+$/).map((el) => el.getAttribute('data-testid')!.replace('multiview-tile-', ''));

describe('/multiview: the wall at scale', () => {
  it('opens with the first 16 units (streaming first, then as people count), not every unit', async () => {
    const units = fleet(40);
    await renderWall({ mock: true, units, first: 'LU-003' });
    const ids = tileIds();
    expect(ids).toHaveLength(16);
    // CH3, CH10, CH17, ... stream: they come first, as people count (CH3 before CH10); then the others (CH0, CH1, CH2, CH4, ...).
    expect(ids.slice(0, 10)).toEqual(['LU-003', 'LU-010', 'LU-017', 'LU-024', 'LU-031', 'LU-038', 'LU-000', 'LU-001', 'LU-002', 'LU-004']);
    expect(screen.getByTestId('multiview-wall-kind')).toHaveTextContent('Default wall');
    expect(screen.getByTestId('multiview-feeds-count')).toHaveTextContent('16 of 32 on the wall');
  });

  it("opens the user's saved wall, and saves a unit added from the picker", async () => {
    const api = core(fleet(20), true).on('updateUserPreferences', ({ body }) => body);
    const { user } = await renderWall({ mock: true, api, preferences: { multiviewWall: ['LU-015', 'LU-001', 'GONE'] }, first: 'LU-015' });
    expect(tileIds()).toEqual(['LU-015', 'LU-001']);
    expect(screen.getByTestId('multiview-wall-kind')).toHaveTextContent('Your wall');
    // The picker: search by name, add it at the end of the wall (the unit no longer seen is dropped).
    await user.type(screen.getByTestId('multiview-search'), 'CH12');
    await user.click(await screen.findByTestId('multiview-unit-LU-012'));
    expect(tileIds()).toEqual(['LU-015', 'LU-001', 'LU-012']);
    await waitFor(() => expect(api.calls('updateUserPreferences').at(-1)?.body).toEqual({ multiviewWall: ['LU-015', 'LU-001', 'LU-012'] }));
  });

  it('closing a tile takes it off the saved wall; "Default wall" forgets the saved one', async () => {
    const api = core(fleet(6), false).on('updateUserPreferences', ({ body }) => body);
    const { user } = await renderWall({ mock: false, api, preferences: { multiviewWall: ['LU-005', 'LU-001'] }, first: 'LU-005' });
    await user.click(screen.getByTestId('multiview-tile-remove-LU-005'));
    expect(tileIds()).toEqual(['LU-001']);
    await waitFor(() => expect(api.calls('updateUserPreferences').at(-1)?.body).toEqual({ multiviewWall: ['LU-001'] }));
    await user.click(screen.getByTestId('multiview-wall-reset'));
    // The default wall: every unit of so small a fleet, the streaming one (CH3) first.
    expect(tileIds()).toEqual(['LU-003', 'LU-000', 'LU-001', 'LU-002', 'LU-004', 'LU-005']);
    expect(screen.getByTestId('multiview-wall-kind')).toHaveTextContent('Default wall');
    await waitFor(() => expect(api.calls('updateUserPreferences').at(-1)?.body).toEqual({ multiviewWall: null }));
  });

  it('a full wall takes no more tiles, and the picker says why', async () => {
    const units = fleet(40);
    const full = units.slice(0, 32).map((u) => u.uniqueId);
    // One tile full screen: the 32 behind it are not drawn (the test need not pay for them).
    const { user } = await renderWall({ mock: false, units, preferences: { multiviewWall: full }, first: 'LU-000', route: '/multiview?tile=LU-000' });
    expect(screen.getByTestId('multiview-feeds-count')).toHaveAttribute('data-count', '32');
    expect(screen.getByTestId('multiview-wall-full')).toHaveTextContent('The wall is full (32 tiles)');
    await user.type(screen.getByTestId('multiview-search'), 'CH35');
    const row = await screen.findByTestId('multiview-unit-LU-035');
    expect(row).toHaveAttribute('aria-disabled', 'true');
    expect(row.getAttribute('title')).toContain('The wall is full');
    await user.click(row);
    expect(row).toHaveAttribute('data-shown', 'false');
    expect(screen.getByTestId('multiview-feeds-count')).toHaveAttribute('data-count', '32');
  });

  it('names in the picker stay on one line each, whole in the tooltip', async () => {
    await renderWall({ mock: true });
    const row = await screen.findByTestId(`multiview-unit-${onAir.uniqueId}`);
    expect(row).toHaveAttribute('title', LONG_NAME);
    expect(within(row).getByText(LONG_NAME).className).toMatch(/rowText/);
  });
});

describe('/multiview feed tiles', () => {
  beforeEach(() => {
    window.localStorage.removeItem(LAYOUT_STORAGE_KEY);
  });

  it("with the mock, a streaming unit's tile shows its moving picture from the mock, named in full", async () => {
    await renderWall({ mock: true });
    const image = await screen.findByTestId(`multiview-tile-image-${onAir.uniqueId}`);
    const src = new URL(image.getAttribute('src') ?? '', 'http://localhost');
    expect(src.pathname).toBe(`/mock/preview/units/${onAir.uniqueId}`);
    expect(image).toHaveAttribute('alt', `Live picture of ${LONG_NAME}`);
    const name = screen.getByTestId(`multiview-tile-open-${onAir.uniqueId}`);
    expect(name).toHaveTextContent(LONG_NAME);
    expect(name).toHaveAttribute('title', LONG_NAME);
    expect(screen.getByTestId(`multiview-tile-channel-${onAir.uniqueId}`)).toHaveTextContent('CH1');
    // Streaming is no alarm: no red border.
    expect(screen.getByTestId(`multiview-tile-${onAir.uniqueId}`)).toHaveAttribute('data-alarm', 'false');
  });

  it('fetches a new picture only when what it shows changes (the bitrate the tile shows), tells it that bitrate, and draws the recent bitrates', async () => {
    const { socket, settled } = await renderWall({ mock: true });
    await settled();
    const image = await screen.findByTestId(`multiview-tile-image-${onAir.uniqueId}`);
    const first = image.getAttribute('src');
    const telemetry = (kbps: number, t: number) => ({
      type: 'unit.telemetry' as const,
      unitId: onAir.uniqueId,
      battery: onAir.battery,
      location: onAir.location,
      modems: [],
      totalBitrate: kbps,
      cameraConnected: true,
      sample: { t, kbps },
      at: t,
    });
    await socket.emit(telemetry(5820, 1));
    expect(screen.getByTestId(`multiview-tile-image-${onAir.uniqueId}`).getAttribute('src')).toBe(first);
    await socket.emit(telemetry(162, 2));
    await waitFor(() => expect(screen.getByTestId(`multiview-tile-image-${onAir.uniqueId}`).getAttribute('src')).not.toBe(first));
    // The card is asked to draw what the tile reads.
    const src = new URL(screen.getByTestId(`multiview-tile-image-${onAir.uniqueId}`).getAttribute('src') ?? '', 'http://localhost');
    expect(src.searchParams.get('kbps')).toBe('162');
    expect(screen.getByTestId(`multiview-tile-bitrate-${onAir.uniqueId}`)).toHaveTextContent('162 kbps');
    await socket.emit(telemetry(3100, 3));
    expect(screen.getByTestId(`multiview-tile-sparkline-${onAir.uniqueId}`)).toHaveAttribute('data-samples', '3');
    expect(screen.getByTestId(`multiview-tile-bitrate-${onAir.uniqueId}`)).toHaveAttribute('data-kbps', '3100');
  });

  it('against a core without the mock, the tile says there is no preview and asks for no picture', async () => {
    await renderWall({ mock: false });
    const tile = screen.getByTestId(`multiview-tile-${onAir.uniqueId}`);
    expect(await within(tile).findByTestId(`multiview-tile-no-preview-${onAir.uniqueId}`)).toHaveTextContent('No preview');
    expect(within(tile).queryByRole('img', { name: `Live picture of ${LONG_NAME}` })).toBeNull();
  });

  it('draws red only a tile in alarm (a critical alert), not every tile', async () => {
    await renderWall({ mock: true, units: [onAir, alarmed] });
    const tile = await screen.findByTestId(`multiview-tile-${alarmed.uniqueId}`);
    expect(tile).toHaveAttribute('data-alarm', 'true');
    expect(screen.getByTestId(`multiview-tile-${onAir.uniqueId}`)).toHaveAttribute('data-alarm', 'false');
  });

  it('switches between 2 × 2, 3 × 3 and 4 × 4, and remembers the choice', async () => {
    const { user, unmount } = await renderWall({ mock: true });
    expect(screen.getByTestId('multiview-tiles')).toHaveAttribute('data-layout', '3');
    await user.click(screen.getByRole('radio', { name: '4 × 4' }));
    expect(screen.getByTestId('multiview-tiles')).toHaveAttribute('data-layout', '4');
    expect(window.localStorage.getItem(LAYOUT_STORAGE_KEY)).toBe('4');
    unmount();
    await renderWall({ mock: true });
    expect(screen.getByTestId('multiview-tiles')).toHaveAttribute('data-layout', '4');
  });

  it('shows one tile full screen, named in the address, and goes back with Escape', async () => {
    const { user, router } = await renderWall({ mock: true });
    await user.click(screen.getByRole('button', { name: `Show ${LONG_NAME} full screen` }));
    const full = await screen.findByTestId(`multiview-full-${onAir.uniqueId}`);
    expect(within(full).getByTestId(`multiview-tile-image-${onAir.uniqueId}`)).toBeInTheDocument();
    // The wall behind it is not drawn (its pictures would move unseen).
    expect(screen.queryByTestId('multiview-tiles')).toBeNull();
    expect(new URLSearchParams(router.state.location.search).get('tile')).toBe(onAir.uniqueId);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId(`multiview-full-${onAir.uniqueId}`)).toBeNull());
    expect(screen.getByTestId(`multiview-tile-${onAir.uniqueId}`)).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('tile')).toBeNull();
  });

  it('opens full screen from a link that names the tile', async () => {
    await renderWall({ mock: false, route: `/multiview?tile=${onAir.uniqueId}` });
    expect(await screen.findByTestId(`multiview-full-${onAir.uniqueId}`)).toHaveTextContent(LONG_NAME);
  });
});
