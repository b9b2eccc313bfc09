import type { Page } from '@playwright/test';
import { expect, test } from './sandbox';
import { apiAs, login } from './support';
import { ERROR_CATALOGUE, VALIDATION } from '@fleet/contracts';

/** Seeded: luc_regular's first unit, with an SD card and two recorded files (packages/db seed). */
const UNIT = 'LU800-0001';
const RECORDED = [`fil-${UNIT}-2`, `fil-${UNIT}-3`] as const;

async function openUnit(page: Page) {
  await page.getByTestId('nav-fileUpload').click();
  await expect(page).toHaveURL(/\/file_upload/);
  // The page opens on the user's last unit when there is one (an earlier spec of the worker may have chosen one), else asks for one.
  await expect(page.getByTestId('file-upload-pick-unit').or(page.getByTestId('file-upload-unit-files'))).toBeVisible();
  await page.getByTestId('file-upload-unit-select').click();
  await page.getByTestId('file-upload-unit-select').fill(UNIT);
  await page.getByRole('option', { name: new RegExp(`\\(${UNIT}\\)`) }).click();
  await expect(page).toHaveURL(new RegExp(`/file_upload\\?unit=${UNIT}$`));
  await expect(page.getByTestId('file-upload-unit-files')).toBeVisible();
}

/** Uploads need the unit online: wait until the simulator brought it up. */
async function waitOnline(page: Page) {
  await expect
    .poll(async () => ((await (await page.request.get(`api/devices/fetch_by_id/${UNIT}`)).json()) as { status: string }).status, { timeout: 30_000 })
    .not.toBe('offline');
}

test('file upload: the spec texts for an empty selection and a file already uploading; an upload progresses live to uploaded', async ({
  page,
  playwright,
  baseURL,
}) => {
  // The unit's uplink is stalled while the test tries the same file again, so the first upload is still open then
  // however long the browser takes (the simulator's uploadStall fault); it is released after the refusal.
  const operator = await apiAs(playwright, baseURL, 'super_user');
  const stall = async (on: boolean) =>
    expect((await operator.post('mock/trpc/fault.inject', { data: { unitId: UNIT, fault: { type: 'uploadStall', on } } })).ok()).toBe(true);
  await login(page, 'luc_regular');
  await openUnit(page);
  const message = page.getByTestId('file-upload-message');

  // Nothing selected: the spec's required text, for upload and for delete.
  await page.getByTestId('file-upload-submit').click();
  await expect(message).toHaveText(VALIDATION.required);
  await page.getByTestId('file-delete-submit').click();
  await expect(message).toHaveText(VALIDATION.required);

  await waitOnline(page);
  const row = page.getByTestId(`file-row-${RECORDED[0]}`);
  const name = (await row.getAttribute('data-name')) ?? '';
  expect(name).toMatch(/\.(mp4|mkv|3gp|mov)$/);

  const navigations: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) navigations.push(f.url());
  });

  // Upload it: it becomes a pending upload at once.
  await stall(true);
  await page.getByTestId(`file-select-${RECORDED[0]}`).check();
  await page.getByTestId('file-upload-submit').click();
  await expect(message).toHaveCount(0);
  const pending = page.locator(`[data-testid^="pending-row-"][data-name="${name}"]`);
  await expect(pending).toBeVisible();

  // The same file again while its upload is open: the core refuses with its text.
  await page.getByTestId(`file-select-${RECORDED[0]}`).check();
  await page.getByTestId('file-upload-submit').click();
  await expect(message).toHaveText(ERROR_CATALOGUE.FILE_UPLOAD_IN_PROGRESS.message);
  await stall(false);

  // The transfer runs on the unit (file.transferStarted) and ends uploaded: the lists follow without a reload.
  await expect(pending).toHaveAttribute('data-status', 'uploading', { timeout: 20_000 });
  const uploaded = page.locator(`[data-testid^="uploaded-row-"][data-name="${name}"]`);
  await expect(uploaded).toHaveAttribute('data-status', 'uploaded', { timeout: 40_000 });
  await expect(pending).toHaveCount(0);
  expect(navigations).toEqual([]);
  await expect.poll(() => page.locator('[data-testid^="uploaded-row-"]').count()).toBeLessThanOrEqual(10);
});

test('file upload: a pending upload is cancelled and listed as failed', async ({ page, playwright, baseURL }) => {
  // The unit's uplink is stalled until the cancel is answered, so the upload is still open when the core
  // takes the cancel, however long the browser takes (a finished upload has nothing left to cancel).
  const operator = await apiAs(playwright, baseURL, 'super_user');
  const stall = async (on: boolean) =>
    expect((await operator.post('mock/trpc/fault.inject', { data: { unitId: UNIT, fault: { type: 'uploadStall', on } } })).ok()).toBe(true);
  await login(page, 'luc_regular');
  await openUnit(page);
  await waitOnline(page);
  const name = (await page.getByTestId(`file-row-${RECORDED[1]}`).getAttribute('data-name')) ?? '';
  expect(name).toMatch(/_part\d+\.(mp4|mkv|3gp|mov)$/);

  // Other specs may have uploaded or cancelled the same file before: count this upload's row only.
  const failed = page.locator(`[data-testid^="uploaded-row-"][data-name="${name}"][data-status="failed"]`);
  const failedBefore = await failed.count();
  await stall(true);
  try {
    await page.getByTestId(`file-select-${RECORDED[1]}`).check();
    await page.getByTestId('file-upload-submit').click();
    const pending = page.locator(`[data-testid^="pending-row-"][data-name="${name}"]`);
    await expect(pending).toBeVisible();
    const cancelled = page.waitForResponse((r) => r.url().includes('/commands/cancelFileUpload'));
    await pending.locator('[data-testid^="pending-cancel-"]').click();
    expect((await cancelled).ok()).toBe(true);
    await expect(failed).toHaveCount(failedBefore + 1, { timeout: 20_000 });
  } finally {
    await stall(false);
    await operator.dispose();
  }
});
