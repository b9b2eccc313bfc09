import type { Page } from '@playwright/test';
import { expect, test } from './sandbox';
import { leaseUnit, login, releaseUnits } from './support';

test.afterEach(releaseUnits);

/** Every marker's position, by unit id. */
async function positions(page: Page): Promise<Record<string, string>> {
  return page
    .locator('[data-testid^="map-marker-"]')
    .evaluateAll((nodes) =>
      Object.fromEntries(nodes.map((n) => [n.getAttribute('data-testid') ?? '', `${n.getAttribute('data-lat')},${n.getAttribute('data-lng')}`])),
    );
}

/**
 * What the map draws of the fleet: every unit marker and cluster, with whether it lies inside the
 * map's area, and how many units it stands for.
 */
function drawn(page: Page): Promise<{ inside: boolean; units: number; label: string }[]> {
  return page.evaluate(() => {
    const area = document.querySelector('[data-testid="unit-map"]')?.getBoundingClientRect();
    const nodes = [...document.querySelectorAll('[data-testid^="map-marker-"], [data-testid="map-cluster"]')];
    return nodes.map((n) => {
      const r = n.getBoundingClientRect();
      const inside = area !== undefined && r.left >= area.left && r.right <= area.right && r.top >= area.top && r.bottom <= area.bottom;
      const cluster = n.getAttribute('data-testid') === 'map-cluster';
      return { inside, units: cluster ? Number(n.getAttribute('data-count')) : 1, label: cluster ? (n.textContent ?? '') : '' };
    });
  });
}

test('map: offline basemap with city names at zoom 3 centre 0/0, fit to units frames the clustered fleet, the list flies to a unit whose marker moves live and whose popup shows channel, bitrate and battery, nothing leaves 127.0.0.1', async ({
  page,
  baseURL,
}) => {
  const outside: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol === 'data:' || url.protocol === 'blob:') return;
    if (url.hostname !== '127.0.0.1') outside.push(request.url());
  });
  const leafletScripts: string[] = [];
  page.on('response', (response) => {
    if (/UnitMap-.*\.js$/.test(response.url())) leafletScripts.push(response.url());
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await login(page, 'luc_regular');
  // Leaflet is loaded only for the map.
  expect(leafletScripts).toEqual([]);
  await page.getByTestId('nav-map').click();
  await expect(page).toHaveURL(/\/map$/);

  const map = page.getByTestId('unit-map');
  await expect(map).toBeVisible();
  await expect(map).toHaveAttribute('data-zoom', '3');
  await expect(map).toHaveAttribute('data-center-lat', '0.0000');
  await expect(map).toHaveAttribute('data-center-lng', '0.0000');
  // The basemap: the countries as GeoJSON paths with their coastlines and borders, no tile layer,
  // and the names of the largest cities.
  await expect.poll(() => page.locator('.leaflet-overlay-pane path.fleet-basemap-country').count()).toBeGreaterThan(100);
  await expect(page.locator('path.fleet-basemap-coastline')).toHaveCount(1);
  await expect(page.locator('path.fleet-basemap-border')).toHaveCount(1);
  await expect(page.getByTestId('map-city').filter({ hasText: /^Lagos$/ })).toBeInViewport();
  await expect(page.locator('.leaflet-tile')).toHaveCount(0);
  expect(leafletScripts.length).toBeGreaterThan(0);
  const located = Number(await map.getAttribute('data-markers'));
  expect(located).toBeGreaterThan(1);

  // One click frames every located unit: each marker and cluster inside the map's area, together
  // standing for every unit, the clusters showing their counts.
  await page.getByTestId('map-fit').click();
  await expect
    .poll(async () => {
      const items = await drawn(page);
      return { outside: items.filter((i) => !i.inside).length, units: items.reduce((n, i) => n + i.units, 0) };
    })
    .toEqual({ outside: 0, units: located });
  const clusters = page.getByTestId('map-cluster');
  await expect(clusters.first()).toBeVisible();
  for (const item of await drawn(page)) if (item.label !== '') expect(item.label).toBe(String(item.units));

  // A cluster clicked zooms in until it breaks apart.
  const zoomBefore = Number(await map.getAttribute('data-zoom'));
  await clusters.first().click();
  await expect.poll(async () => Number(await map.getAttribute('data-zoom'))).toBeGreaterThan(zoomBefore);

  // A unit chosen in the list: the map flies to it, shows it alone and opens its popup (channel, bitrate, battery).
  const rows = page.locator('[data-testid^="map-unit-"]');
  const id = ((await rows.first().getAttribute('data-testid')) ?? '').replace('map-unit-', '');
  await rows.first().click();
  await expect(page).toHaveURL(new RegExp(`/map\\?unit=${id}$`));
  const popup = page.getByTestId(`map-popup-${id}`);
  await expect(popup).toBeVisible();
  await expect(page.getByTestId(`map-marker-${id}`)).toBeInViewport();
  // Zoomed in: the finer basemap, loaded now, and the names of the cities around.
  await expect(page.getByTestId('map-basemap')).toHaveAttribute('data-detail', '10m');
  await expect(page.getByTestId('map-city').first()).toBeAttached();
  await expect(page.getByTestId(`map-popup-status-${id}`)).not.toBeEmpty();
  await expect(page.getByTestId(`map-popup-channel-${id}`)).not.toBeEmpty();
  await expect(page.getByTestId(`map-popup-bitrate-${id}`)).toHaveText(/\d+(\.\d)? (kbps|Mbps)|—|None/);
  await expect(page.getByTestId(`map-popup-battery-${id}`)).not.toBeEmpty();
  await expect(page.getByTestId(`map-popup-address-${id}`)).not.toBeEmpty();

  // Units report GPS: its marker moves without a reload, the popup with it.
  const navigations: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) navigations.push(f.url());
  });
  const before = await positions(page);
  await expect.poll(async () => (await positions(page))[`map-marker-${id}`], { timeout: 30_000, intervals: [1000] }).not.toBe(before[`map-marker-${id}`]);
  expect(navigations).toEqual([]);

  // Another unit chosen: the one popup moves to it.
  const otherRow = rows.nth(1);
  const other = ((await otherRow.getAttribute('data-testid')) ?? '').replace('map-unit-', '');
  await otherRow.click();
  await expect(page.getByTestId(`map-popup-${other}`)).toBeVisible();
  await expect(popup).toHaveCount(0);
  await expect(page.getByTestId(`map-popup-status-${other}`)).not.toBeEmpty();
  expect(errors).toEqual([]);
  // The popup follows its marker, which moves live: a pointer click aimed where the link was a
  // moment ago can land on the map. The link's own click is what is tested here.
  await page.getByTestId(`map-popup-open-${other}`).dispatchEvent('click');
  await expect(page).toHaveURL(new RegExp(`/list\\?unit=${other}$`));

  expect(baseURL).toContain('127.0.0.1');
  expect(outside).toEqual([]);
});

test('map: a status change recolours the marker live', async ({ page }) => {
  await login(page, 'luc_regular');

  // An idle unit that can stream (REST), leased from the other specs, then start it in another request.
  const id = await leaseUnit(async () => {
    const units = (await (await page.request.get('api/devices/fetch')).json()) as {
      uniqueId: string;
      status: string;
      licenseValid: boolean;
      cameraConnected: boolean;
      location: unknown;
    }[];
    return units.filter((u) => u.status === 'idle' && u.licenseValid && u.cameraConnected && u.location !== null).map((u) => u.uniqueId);
  }, 'an idle unit with a location that can stream');
  // The map's address for the unit: it opens on the unit, drawn alone (not in a cluster).
  await page.goto(`map?unit=${encodeURIComponent(id)}`);
  await expect(page.getByTestId('unit-map')).toBeVisible();
  const marker = page.getByTestId(`map-marker-${id}`);
  await expect(marker).toHaveAttribute('data-colour', 'green');
  const started = await page.request.post(`api/v2/units/${encodeURIComponent(id)}/stream`, { data: {} });
  expect(started.ok()).toBe(true);
  await expect(marker).toHaveAttribute('data-status', 'streaming', { timeout: 20_000 });
  await expect(marker).toHaveAttribute('data-colour', 'red');
  // Stopped again, and seen stopped: the specs share one stack.
  expect((await page.request.delete(`api/v2/units/${encodeURIComponent(id)}/stream`)).ok()).toBe(true);
  await expect(marker).not.toHaveAttribute('data-status', 'streaming', { timeout: 20_000 });
});
