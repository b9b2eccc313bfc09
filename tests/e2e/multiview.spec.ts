import type { Page } from '@playwright/test';
import { expect, test } from './sandbox';
import { leaseUnit, login, ownUser, releaseUnits, reloadInPlace } from './support';

interface Unit {
  uniqueId: string;
  status: string;
  licenseValid: boolean;
  cameraConnected: boolean;
}

/** A unit of the user that can start streaming now (idle, valid licence, camera connected), found over REST and leased from the other specs. */
async function streamableUnit(page: Page): Promise<string> {
  return leaseUnit(async () => {
    const units = (await (await page.request.get('api/devices/fetch')).json()) as Unit[];
    return units.filter((u) => u.status === 'idle' && u.licenseValid && u.cameraConnected).map((u) => u.uniqueId);
  }, 'an idle unit that can stream');
}

test.afterEach(releaseUnits);

test('multiview: pick a unit, its tile follows the stream live, the wall and the left panel width survive a reload', async ({ page, playwright, baseURL }) => {
  // A luc_regular of its own: the journey saves a preference (the panel's width) and reloads, and a reload restores the
  // user's last route, which for the seeded luc_regular another spec beside this one may just have moved (to /map).
  const user = await ownUser(playwright, baseURL, 'luc_regular', { label: 'multiview' });
  try {
    await login(page, user.username, user.password);
    // An empty wall saved in the user's preferences (a new user's default wall holds the first 16 units, the one
    // this test picks perhaps among them).
    const emptied = await page.request.put('api/userPreferences', { data: { multiviewWall: [] } });
    expect(emptied.ok(), await emptied.text()).toBe(true);
    // A load reads the preferences (the console keeps those it read at its start).
    await page.goto('multiview');
    await expect(page.getByTestId('multiview-wall-kind')).toContainText('Your wall');
    await expect(page.getByTestId('multiview-feeds-empty')).toBeVisible();
    const panel = page.getByTestId('multiview-left-panel');
    await expect(panel).toBeVisible();
    await expect(page.locator('[data-testid^="multiview-unit-"]').first()).toBeVisible();

    // Search narrows the list; an unknown text leaves none.
    await page.getByTestId('multiview-search').fill('no-such-unit-xyz');
    await expect(page.getByTestId('multiview-units-empty')).toBeVisible();
    await page.getByTestId('multiview-search').fill('');

    // Pick an idle unit: its tile comes onto the wall.
    const id = await streamableUnit(page);
    await page.getByTestId('multiview-search').fill(id);
    const item = page.getByTestId(`multiview-unit-${id}`);
    await expect(item).toHaveAttribute('data-shown', 'false');
    await item.click();
    await expect(item).toHaveAttribute('data-shown', 'true');
    const tile = page.getByTestId(`multiview-tile-${id}`);
    await expect(tile).toBeVisible();
    await expect(page.getByTestId(`multiview-tile-status-${id}`)).toHaveText('idle');
    // The wall is saved in the user's preferences (debounced), as the real core keeps them.
    await expect.poll(async () => ((await (await page.request.get('api/userPreferences')).json()) as { multiviewWall?: string[] }).multiviewWall).toEqual([id]);

    // Start the stream in another request: the tile turns streaming and its bitrate moves, no reload.
    const navigations: string[] = [];
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) navigations.push(f.url());
    });
    // Choose its channel first (command "set virtual channel"), so its output shows too.
    const selected = await page.request.post(`api/devices/${encodeURIComponent(id)}/commands/setVirtualChannel`, { data: { channelId: 'MMH-0001-CH1' } });
    expect(selected.ok()).toBe(true);
    const { channelId } = (await selected.json()) as { channelId: string };
    // The tile and the output name the channel (the channel list's name), not its id.
    const listed = (await (await page.request.get('api/channels/fetch')).json()) as { channels: { channelId: string; channelName: string }[] };
    const channelName = listed.channels.find((c) => c.channelId === channelId)?.channelName;
    expect(channelName).toBeDefined();
    await expect(page.getByTestId(`multiview-tile-channel-${id}`)).toContainText(channelName ?? channelId);
    const started = await page.request.post(`api/v2/units/${encodeURIComponent(id)}/stream`, { data: {} });
    expect(started.ok()).toBe(true);
    await expect(page.getByTestId(`multiview-tile-status-${id}`)).toHaveText('streaming', { timeout: 20_000 });
    await expect
      .poll(async () => Number(await page.getByTestId(`multiview-tile-bitrate-${id}`).getAttribute('data-kbps')), { timeout: 20_000 })
      .toBeGreaterThan(0);
    await expect(page.getByTestId(`multiview-output-${channelId}`)).toContainText(channelName ?? channelId);
    expect(navigations).toEqual([]);

    // Stop it again; the picked tile stays and shows the unit idle.
    const stopped = await page.request.delete(`api/v2/units/${encodeURIComponent(id)}/stream`);
    expect(stopped.ok()).toBe(true);
    await expect(page.getByTestId(`multiview-tile-status-${id}`)).not.toHaveText('streaming', { timeout: 20_000 });

    // Removing the tile takes it off the wall.
    await page.getByTestId(`multiview-tile-remove-${id}`).click();
    await expect(tile).toHaveCount(0);
    await expect(item).toHaveAttribute('data-shown', 'false');

    // Drag the resizer 120 px to the right: the width is saved once the drag is let go, and restored after a reload.
    const before = Number(await panel.getAttribute('data-width'));
    const handle = await page.getByTestId('multiview-resizer').boundingBox();
    if (!handle) throw new Error('no resizer');
    const x = handle.x + handle.width / 2;
    const y = handle.y + handle.height / 2;
    // The save that carries the width: a save still pending from the tile hidden above (debounced) may be answered
    // after the drag starts, with the width as it was.
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/userPreferences') && r.request().method() === 'PUT' && (r.request().postData() ?? '').includes('"leftPanelWidth"'),
    );
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 60, y, { steps: 4 });
    await page.mouse.move(x + 120, y, { steps: 4 });
    await page.mouse.up();
    await expect(panel).toHaveAttribute('data-width', String(before + 120));
    const body = (await (await saved).json()) as { leftPanelWidth: number };
    expect(body.leftPanelWidth).toBe(before + 120);

    await reloadInPlace(page);
    await expect(page.getByTestId('multiview-left-panel')).toHaveAttribute('data-width', String(before + 120));
    // The saved wall after the reload: the tile taken off stays off.
    await expect(page.getByTestId('multiview-feeds-empty')).toBeVisible();
    const box = await page.getByTestId('multiview-left-panel').boundingBox();
    expect(Math.round(box?.width ?? 0)).toBe(before + 120);

    // Dragging far beyond the bound stops at the maximum width.
    const handle2 = await page.getByTestId('multiview-resizer').boundingBox();
    if (!handle2) throw new Error('no resizer');
    await page.mouse.move(handle2.x + 4, handle2.y + 40);
    await page.mouse.down();
    await page.mouse.move(handle2.x + 2000, handle2.y + 40, { steps: 5 });
    await page.mouse.up();
    await expect(page.getByTestId('multiview-left-panel')).toHaveAttribute('data-width', '640');
  } finally {
    await user.dispose();
  }
});

test('multiview: a tile opens its unit in the unit list', async ({ page }) => {
  await login(page, 'luc_regular');
  // The wall emptied in the user's preferences: the unit is put on it here.
  expect((await page.request.put('api/userPreferences', { data: { multiviewWall: [] } })).ok()).toBe(true);
  // A load reads the preferences (the console keeps those it read at its start).
  await page.goto('multiview');
  const first = page.locator('[data-testid^="multiview-unit-"]').first();
  await expect(first).toHaveAttribute('data-shown', 'false');
  const id = ((await first.getAttribute('data-testid')) ?? '').replace('multiview-unit-', '');
  await first.click();
  await page.getByTestId(`multiview-tile-open-${id}`).click();
  await expect(page).toHaveURL(new RegExp(`/list\\?unit=${id}$`));
});

test('multiview: a streaming unit’s tile shows its picture moving, the same bitrate as its card, and its whole name', async ({ page }) => {
  await login(page, 'luc_regular');
  const id = await streamableUnit(page);
  // The unit on the user's saved wall.
  expect((await page.request.put('api/userPreferences', { data: { multiviewWall: [id] } })).ok()).toBe(true);
  const started = await page.request.post(`api/v2/units/${encodeURIComponent(id)}/stream`, { data: {} });
  expect(started.ok()).toBe(true);
  try {
    const unit = (await (await page.request.get(`api/v2/units/${encodeURIComponent(id)}`)).json()) as { name: string };
    await page.goto('multiview');
    // Its picture comes from the mock.
    const image = page.getByTestId(`multiview-tile-image-${id}`);
    await expect(page.getByTestId(`multiview-tile-status-${id}`)).toHaveText('streaming', { timeout: 20_000 });
    await expect(image).toHaveAttribute('src', new RegExp(`/mock/preview/units/${id}\\?`));
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    // The picture moves by itself: two looks at it differ (its timecode turns every second).
    const first = await image.screenshot();
    await expect.poll(async () => (await image.screenshot()).equals(first), { timeout: 5000 }).toBe(false);
    // The card reads the bitrate the tile reads: the card a tile asked for, and the tile's text at that moment.
    const { src, shown } = await page.evaluate((unitId) => {
      const img = document.querySelector<HTMLImageElement>(`[data-testid="multiview-tile-image-${unitId}"]`);
      const text = document.querySelector(`[data-testid="multiview-tile-bitrate-${unitId}"]`)?.textContent ?? '';
      return { src: img?.getAttribute('src') ?? '', shown: text };
    }, id);
    expect(shown).toMatch(/\d (kbps|Mbps)$/);
    const card = await (await page.request.get(src)).text();
    expect(card).toContain(`·  ${shown}</text>`);
    // The whole name is there to read, not cut.
    const name = page.getByTestId(`multiview-tile-open-${id}`);
    await expect(name).toHaveText(unit.name);
    await expect(name).toHaveAttribute('title', unit.name);
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  } finally {
    await page.request.delete(`api/v2/units/${encodeURIComponent(id)}/stream`);
  }
});
