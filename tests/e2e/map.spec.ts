import { expect, test, type Page } from '@playwright/test';
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

/** A marker well inside the map's area, clear of the open popup and on top where it is (clickable), other than `except`; '' if none. */
function markerInside(page: Page, except: string): Promise<string> {
  return page.evaluate((except) => {
    const area = document.querySelector('[data-testid="unit-map"]')?.getBoundingClientRect();
    const popup = document.querySelector('.leaflet-popup')?.getBoundingClientRect();
    const inside = [...document.querySelectorAll('[data-testid^="map-marker-"]')].find((n) => {
      const r = n.getBoundingClientRect();
      const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
      const underPopup = popup !== undefined && r.right > popup.left && r.left < popup.right && r.bottom > popup.top && r.top < popup.bottom;
      return (
        area !== undefined &&
        n.getAttribute('data-testid') !== `map-marker-${except}` &&
        !underPopup &&
        hit !== null &&
        n.contains(hit) &&
        r.left > area.left + 20 &&
        r.right < area.right - 20 &&
        r.top > area.top + 20 &&
        r.bottom < area.bottom - 20
      );
    });
    return (inside?.getAttribute('data-testid') ?? '').replace('map-marker-', '');
  }, except);
}

test('map: offline basemap at zoom 3 centre 0/0, markers that move live, a popup that moves to the next marker clicked and leads to the unit list, nothing leaves 127.0.0.1', async ({
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
  // The basemap: the countries as GeoJSON paths, no tile layer.
  await expect.poll(() => page.locator('.leaflet-overlay-pane path.fleet-basemap-country').count()).toBeGreaterThan(100);
  await expect(page.locator('.leaflet-tile')).toHaveCount(0);
  expect(leafletScripts.length).toBeGreaterThan(0);

  // Markers for the units with a position.
  const markers = page.locator('[data-testid^="map-marker-"]');
  await expect(markers.first()).toBeAttached();
  expect(Number(await map.getAttribute('data-markers'))).toBe(await markers.count());

  // Units report GPS: a marker moves without a reload.
  const navigations: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) navigations.push(f.url());
  });
  const before = await positions(page);
  await expect
    .poll(
      async () => {
        const now = await positions(page);
        return Object.keys(now).filter((id) => before[id] !== undefined && before[id] !== now[id]).length;
      },
      { timeout: 30_000, intervals: [1000] },
    )
    .toBeGreaterThan(0);
  expect(navigations).toEqual([]);

  // A marker's popup: name, status, battery, address, and the way to the unit in the list. At zoom 3
  // centre 0/0 the map's area ends south of luc_regular's European cities: zoomed out once (the
  // map's own control), a marker inside the area is taken.
  await page.locator('.leaflet-control-zoom-out').click();
  await expect(map).toHaveAttribute('data-zoom', '2');
  const id = await markerInside(page, '');
  expect(id).not.toBe('');
  await page.getByTestId(`map-marker-${id}`).click();
  const popup = page.getByTestId(`map-popup-${id}`);
  await expect(popup).toBeVisible();
  await expect(page.getByTestId(`map-popup-status-${id}`)).not.toBeEmpty();
  await expect(page.getByTestId(`map-popup-battery-${id}`)).not.toBeEmpty();
  await expect(page.getByTestId(`map-popup-address-${id}`)).not.toBeEmpty();
  // Another marker clicked while the popup is open (one popup serves every marker): the popup
  // moves to that unit, without an error in the page.
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const other = await markerInside(page, id);
  expect(other).not.toBe('');
  await page.getByTestId(`map-marker-${other}`).click();
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
  await page.getByTestId('nav-map').click();
  await expect(page.getByTestId('unit-map')).toBeVisible();

  // An idle unit that can stream (REST), leased from the other specs, then start it in another request.
  const id = await leaseUnit(async () => {
    const units = (await (await page.request.get('/api/devices/fetch')).json()) as {
      uniqueId: string;
      status: string;
      licenseValid: boolean;
      cameraConnected: boolean;
      location: unknown;
    }[];
    return units.filter((u) => u.status === 'idle' && u.licenseValid && u.cameraConnected && u.location !== null).map((u) => u.uniqueId);
  }, 'an idle unit with a location that can stream');
  const marker = page.getByTestId(`map-marker-${id}`);
  await expect(marker).toHaveAttribute('data-colour', 'green');
  const started = await page.request.post(`/api/v2/units/${encodeURIComponent(id)}/stream`, { data: {} });
  expect(started.ok()).toBe(true);
  await expect(marker).toHaveAttribute('data-status', 'streaming', { timeout: 20_000 });
  await expect(marker).toHaveAttribute('data-colour', 'red');
  // Stopped again, and seen stopped: the specs share one stack.
  expect((await page.request.delete(`/api/v2/units/${encodeURIComponent(id)}/stream`)).ok()).toBe(true);
  await expect(marker).not.toHaveAttribute('data-status', 'streaming', { timeout: 20_000 });
});
