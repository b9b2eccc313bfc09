/**
 * Files (spec 000 §2 "Files: filterable grid; file details tabs Playout, Metadata, Share/FTP, Make
 * a chunk, Download, Chunks"; spec 001 §7 Channel files, §4 file transfer) in Chromium against the
 * real stack with the simulator: filtering (restored from the preferences), each details tab,
 * playout start/stop, rename and chunk validation with the spec's words, live updates without a
 * reload (a rename from another session, a unit's transfer to the channel). A read-only user's
 * details are asserted by apps/console/src/features/files/FileDetails.test.tsx.
 */
import { request, type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './sandbox';
import { login, PASSWORD } from './support';

const CHANNEL = 'MMH-0001-CH1';

/** A REST session of its own (another user, another browser): what changes there reaches the page only through /ws. */
async function apiSession(baseURL: string, username: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  const res = await api.post('mock/auth/login', { data: { username, password: PASSWORD } });
  expect(res.status()).toBe(200);
  return api;
}

function trackNavigations(page: Page): string[] {
  const navigations: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) navigations.push(f.url());
  });
  return navigations;
}

const rows = (page: Page) => page.locator('[data-testid^="file-row-"]');

async function openFiles(page: Page) {
  await page.getByTestId('nav-files').click();
  await expect(page.getByTestId('files-page')).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
}

test('a regular user filters the grid, and the filters come back after a reload', async ({ page }) => {
  await login(page, 'luc_regular');
  await openFiles(page);
  const total = Number(await page.getByTestId('files-count').getAttribute('data-total'));
  expect(total).toBeGreaterThanOrEqual(3);

  // Name search: only the part file of the seeded three.
  await page.getByTestId('files-filter-search').fill('_part');
  await expect(page.getByTestId('files-count')).toHaveAttribute('data-shown', '1');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toHaveAttribute('data-file-name', /_part\d+\./);

  // The filter panel: transferring files only → none of the seeded files.
  await page.getByTestId('files-filters-toggle').click();
  await expect(page.getByTestId('files-filters-toggle')).toHaveAttribute('data-open', 'true');
  await page.getByTestId('files-filter-transfer').click();
  await page.getByRole('option', { name: 'Transferring' }).click();
  await expect(page.getByTestId('files-count')).toHaveAttribute('data-shown', '0');
  await expect(page.getByTestId('files-empty')).toBeVisible();
  await page.getByTestId('files-filter-transfer').click();
  await page.getByRole('option', { name: 'Complete' }).click();
  await expect(page.getByTestId('files-count')).toHaveAttribute('data-shown', '1');

  // Saved in preferences.filters.files / filtersOpen.files, restored after a reload.
  await expect
    .poll(async () => {
      const prefs = await (await page.request.get('api/userPreferences')).json();
      return [prefs.filters?.files?.search, prefs.filters?.files?.transfer, prefs.filtersOpen?.files];
    })
    .toEqual(['_part', 'complete', true]);
  // A full load of the page (the query keeps the console from sending the user to the last route).
  await page.goto('files?ignoreRouteDefault=1');
  await expect(page.getByTestId('files-filter-search')).toHaveValue('_part');
  await expect(page.getByTestId('files-filters-toggle')).toHaveAttribute('data-open', 'true');
  await expect(page.getByTestId('files-count')).toHaveAttribute('data-shown', '1');
  await page.getByTestId('files-filters-reset').click();
  await expect(page.getByTestId('files-count')).toHaveAttribute('data-shown', String(total));
  await expect.poll(async () => (await (await page.request.get('api/userPreferences')).json()).filters?.files?.search).toBe('');
});

test('a regular user opens a file, goes through every tab, plays it out, cuts a chunk and renames it', async ({ page }) => {
  await login(page, 'luc_regular');
  await openFiles(page);
  await page.getByTestId('file-row-chf-1').click();
  await expect(page).toHaveURL(/\/files\?file=chf-1/);
  const details = page.getByTestId('file-details-body');
  await expect(details).toHaveAttribute('data-file-id', 'chf-1');

  // Playout: start, then stop (the channel is idle once the simulator reports it).
  await expect(page.getByTestId('file-playout-status')).toHaveAttribute('data-playing', 'false');
  await expect
    .poll(
      async () => {
        if (await page.getByTestId('file-playout-stop').isVisible()) return 'playing';
        // A refused start (the channel not idle yet) is clicked again; a start on its way shows loading (disabled),
        // and its answer replaces the button: a click then would wait for a button that is gone.
        const start = page.getByTestId('file-playout-start');
        if ((await start.isVisible()) && (await start.isEnabled({ timeout: 1_000 }).catch(() => false))) await start.click();
        return 'not yet';
      },
      { timeout: 30_000 },
    )
    .toBe('playing');
  await expect(page.getByTestId('file-state-chf-1')).toHaveAttribute('data-state', 'playing');
  await page.getByTestId('file-playout-stop').click();
  await expect(page.getByTestId('file-playout-status')).toHaveAttribute('data-playing', 'false');
  await expect(page.getByTestId('file-state-chf-1')).toHaveAttribute('data-state', 'ready');

  // Metadata.
  await page.getByTestId('file-tab-metadata').click();
  await expect(page.getByTestId('file-meta-resolution')).toHaveText('1920x1080');
  await expect(page.getByTestId('file-meta-codec')).toHaveText('h264');
  await expect(page.getByTestId('file-meta-story-slugline')).not.toBeEmpty();

  // Share/FTP.
  await page.getByTestId('file-tab-share').click();
  await expect(page.getByTestId('file-share-path')).toContainText('/storage/received/');
  await expect(page.getByTestId('file-share-link')).toContainText(`/downloads/channels/${CHANNEL}/files/chf-1?name=`);

  // Download.
  await page.getByTestId('file-tab-download').click();
  await expect(page.getByTestId('file-download-link-0')).toHaveAttribute('href', new RegExp(`/downloads/channels/${CHANNEL}/files/chf-1\\?name=.*&sig=`));

  // Chunks: none yet.
  await page.getByTestId('file-tab-chunks').click();
  await expect(page.getByTestId('file-chunks-none')).toBeVisible();

  // Make a chunk: an invalid range gives the spec's messages, a valid one a new chunk.
  await page.getByTestId('file-tab-chunk').click();
  const length = Number(await page.getByTestId('file-chunk-length').getAttribute('data-length'));
  expect(length).toBeGreaterThan(2);
  await page.getByTestId('file-chunk-start').fill('2');
  await page.getByTestId('file-chunk-end').fill('1');
  await page.getByTestId('file-chunk-submit').click();
  await expect(page.getByTestId('file-chunk-end-error')).toHaveText('The end must be after the start');
  await page.getByTestId('file-chunk-end').fill(String(Math.floor(length) + 100));
  await page.getByTestId('file-chunk-submit').click();
  await expect(page.getByTestId('file-chunk-end-error')).toHaveText(`Must be ${Math.floor(length)} or less`);
  await page.getByTestId('file-chunk-start').fill('-1');
  await page.getByTestId('file-chunk-submit').click();
  await expect(page.getByTestId('file-chunk-start-error')).toHaveText('Must be 0 or more');
  await page.getByTestId('file-chunk-start').fill('0');
  await page.getByTestId('file-chunk-end').fill('2');
  await page.getByTestId('file-chunk-submit').click();
  await expect(page.getByTestId('file-chunk-row-1')).toBeVisible();
  await page.getByTestId('file-tab-download').click();
  await expect(page.getByTestId('file-download-1')).toHaveAttribute('data-kind', 'chunk');

  // Rename: the spec's pattern message, then a valid name shown in the grid.
  await page.getByTestId('file-rename-input').fill('bad name');
  await page.getByTestId('file-rename-submit').click();
  await expect(page.getByTestId('file-rename-error')).toHaveText('Must match the pattern');
  await page.getByTestId('file-rename-input').fill('');
  await page.getByTestId('file-rename-submit').click();
  await expect(page.getByTestId('file-rename-error')).toHaveText('This field is required');
  await page.getByTestId('file-rename-input').fill('Evening_News-1');
  await page.getByTestId('file-rename-submit').click();
  await expect(page.getByTestId('file-name-chf-1')).toHaveText(/^Evening_News-1\.\w+$/);
});

test('the grid follows changes made elsewhere and a unit’s transfer, without a reload', async ({ page, baseURL }) => {
  await login(page, 'luc_regular');
  await openFiles(page);
  const navigations = trackNavigations(page);
  const api = await apiSession(baseURL!, 'super_user');

  // A rename in another session.
  const renamed = await api.post('api/channelfiles/name', { data: { id: 'chf-2', name: 'Renamed_Elsewhere' } });
  expect(renamed.status(), await renamed.text()).toBe(200);
  await expect(page.getByTestId('file-name-chf-2')).toHaveText(/^Renamed_Elsewhere\.\w+$/);

  // Playout started elsewhere shows in the grid's state column.
  const started = await api.post('api/channelfiles/broadcast/start', { data: { id: 'chf-2' } });
  if (started.status() === 200) {
    await expect(page.getByTestId('file-state-chf-2')).toHaveAttribute('data-state', 'playing');
    await api.post('api/channelfiles/broadcast/stop', { data: { id: 'chf-2' } });
    await expect(page.getByTestId('file-state-chf-2')).toHaveAttribute('data-state', 'ready');
  }

  // A unit sends one of its recorded files to the channel: the entry appears (spec 001 §4).
  const unit = 'LU800-0003';
  await expect.poll(async () => (await (await api.get(`api/v2/units/${unit}`)).json()).status, { timeout: 30_000 }).toBe('idle');
  const stored = await (await api.get(`api/v2/units/${unit}/storages/files`)).json();
  const recorded = (stored.files as { kind: string; path: string; fileName: string; status: string | null }[]).find(
    (f) => f.kind === 'recorded' && f.status === null && /\.(mp4|mkv|mov|3gp)$/.test(f.fileName),
  );
  expect(recorded, 'a recorded file on the unit').toBeDefined();
  const upload = await api.post(`api/v2/units/${unit}/storages/files/upload`, { data: { paths: [recorded!.path], channelId: CHANNEL } });
  expect(upload.status(), await upload.text()).toBe(200);
  await expect(page.locator(`[data-testid^="file-row-"][data-file-name="${recorded!.fileName}"]`)).toBeVisible({ timeout: 30_000 });
  // The console-wide notice of spec 001 §4 ("started ... notifies"): an entry of the notification centre.
  // A transfer is one entry that tells its latest phase: a short file may have arrived by the time the centre opens.
  await page.getByTestId('centre-bell').click();
  await expect(
    page
      .getByTestId('notification-centre')
      .getByTestId('centre-entry-text')
      .filter({ hasText: new RegExp(`^File transfer (started|completed): ${recorded!.fileName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `) })
      .first(),
  ).toBeVisible();
  expect(navigations).toEqual([]);
  await api.dispose();
});
