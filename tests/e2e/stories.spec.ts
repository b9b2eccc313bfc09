/**
 * Stories (spec 000 §2 Stories, §3 Story, §5 story field rules) in Chromium against the real stack:
 * add, validation with the spec's wording, edit, details with unit assignment, the integration
 * settings modal's test mapping, and a live update through /ws without reload. The read-only view is
 * asserted by apps/console/src/features/stories/Stories.page.test.tsx.
 */
import type { APIRequestContext, Frame, Page } from '@playwright/test';
import { expect, test } from './sandbox';
import { login, PASSWORD } from './support';
import { VALIDATION } from '@fleet/contracts';

const INVENTORY = 'inv-global';

async function openStories(page: Page, username: string) {
  await login(page, username);
  await page.getByTestId('nav-stories').click();
  await expect(page).toHaveURL(/\/stories/);
  await expect(page.getByTestId('stories-table')).toBeVisible();
}

const rowWith = (page: Page, text: string) => page.locator('[data-testid^="story-row-"]', { hasText: text });

/** A REST client logged in as `username`, separate from the page's browser context. */
async function apiAs(request: APIRequestContext, username: string): Promise<APIRequestContext> {
  const res = await request.post('mock/auth/login', { data: { username, password: PASSWORD } });
  expect(res.ok()).toBe(true);
  return request;
}

test('a story created and edited elsewhere appears without reload; a regular user adds a story (the spec message when the slugline is missing), edits it, assigns a unit and deletes it', async ({
  page,
  playwright,
  baseURL,
}) => {
  await openStories(page, 'luc_regular');

  // Made and edited by another client: listed, then patched in place, with no navigation.
  const navigations: string[] = [];
  const track = (f: Frame) => {
    if (f === page.mainFrame()) navigations.push(f.url());
  };
  page.on('framenavigated', track);
  const other = await apiAs(await playwright.request.newContext({ baseURL }), 'luc_admin');
  const live = `Live story ${Date.now()}`;
  const res = await other.post(`api/v2/inventories/${INVENTORY}/stories`, { data: { slugline: live, reporter: 'Remote' } });
  expect(res.status()).toBe(201);
  const made = (await res.json()) as { id: string; version: number };
  await expect(rowWith(page, live)).toHaveCount(1);
  const edit = await other.put(`api/v2/inventories/${INVENTORY}/stories/${made.id}`, { data: { version: made.version, slugline: `${live} v2` } });
  expect(edit.ok()).toBe(true);
  await expect(page.getByTestId(`story-slugline-${made.id}`)).toHaveText(`${live} v2`);
  expect(navigations).toEqual([]);
  page.off('framenavigated', track);
  await other.dispose();

  const slug = `E2E story ${Date.now()}`;

  // Add: the slugline rule is shown inline with the spec's exact words, before anything is sent.
  await page.getByTestId('stories-add').click();
  await page.getByTestId('story-form-submit').click();
  await expect(page.getByTestId('story-error-slugline')).toHaveText(VALIDATION.sluglineMissing);
  await page.getByTestId('story-field-slugline').fill(slug);
  await expect(page.getByTestId('story-error-slugline')).toHaveCount(0);
  await page.getByTestId('story-field-reporter').fill('Ann Lee');
  await page.getByTestId('story-field-comments').fill('x'.repeat(1025));
  await expect(page.getByTestId('story-error-comments')).toHaveText('Must have at most 1024 characters');
  await page.getByTestId('story-field-comments').fill('Shot at the harbour');
  await page.getByTestId('story-form-submit').click();
  await expect(page.getByTestId('story-form')).toHaveCount(0);
  const row = rowWith(page, slug);
  await expect(row).toHaveCount(1);
  const id = (await row.getAttribute('data-testid'))!.replace('story-row-', '');

  // Edit: clearing the slugline shows the message again; a new one is saved.
  await page.getByTestId(`story-edit-${id}`).click();
  await expect(page.getByTestId('story-field-slugline')).toHaveValue(slug);
  await page.getByTestId('story-field-slugline').fill('');
  await expect(page.getByTestId('story-error-slugline')).toHaveText(VALIDATION.sluglineMissing);
  await page.getByTestId('story-field-slugline').fill(`${slug} (edited)`);
  await page.getByTestId('story-form-submit').click();
  await expect(page.getByTestId(`story-slugline-${id}`)).toHaveText(`${slug} (edited)`);

  // Details (URL ?story=<id>): fields, then assign a unit of the inventory.
  await page.getByTestId(`story-open-${id}`).click();
  await expect(page).toHaveURL(new RegExp(`[?&]story=${id}`));
  await expect(page.getByTestId('story-details-reporter')).toHaveText('Ann Lee');
  await expect(page.getByTestId('story-units-empty')).toBeVisible();
  await page.getByTestId('story-unit-select').click();
  const option = page.getByRole('option').first();
  const unitName = (await option.textContent())!.trim();
  await option.click();
  await page.getByTestId('story-unit-assign').click();
  await expect(page.getByTestId('story-units').getByText(unitName, { exact: true })).toBeVisible();
  await expect(page.getByTestId(`story-units-count-${id}`)).toHaveText('1');

  // The details open from the URL (the saved-route redirect is skipped for this deep link).
  await page.goto(`stories?story=${id}&ignoreRouteDefault=1`);
  await expect(page.getByTestId('story-details-slugline')).toHaveText(`${slug} (edited)`);

  // Delete, after a confirmation: the row and the details go.
  await page.getByTestId('story-details-delete').click();
  await expect(page.getByTestId('story-delete-dialog')).toContainText(`${slug} (edited)`);
  await page.getByTestId('story-delete-confirm').click();
  await expect(page.getByTestId(`story-row-${id}`)).toHaveCount(0);
  await expect(page).not.toHaveURL(/[?&]story=/);
});

test('an admin tests the NRCS field mapping on a sample story', async ({ page }) => {
  await openStories(page, 'luc_admin');
  await page.getByTestId('stories-integration').click();
  await expect(page.getByTestId('integration-mapping-slugline')).toHaveValue('slug');
  await page.getByTestId('integration-test').click();
  await expect(page.getByTestId('integration-result')).toHaveAttribute('data-ok', 'true');
  await expect(page.getByTestId('integration-result-slugline')).toHaveText('City council vote');
  await expect(page.getByTestId('integration-result-crewName')).toHaveText('Ann Lee, Ben Ode');

  // Unmapping the slugline: the mapped story breaks the rule, in the spec's words.
  await page.getByTestId('integration-mapping-slugline').fill('');
  await page.getByTestId('integration-test').click();
  await expect(page.getByTestId('integration-result')).toHaveAttribute('data-ok', 'false');
  await expect(page.getByTestId('integration-result-error-slugline')).toHaveText(VALIDATION.sluglineMissing);

  // A sample that is not a JSON object is refused before it is sent.
  await page.getByTestId('integration-sample').fill('[1, 2');
  await page.getByTestId('integration-test').click();
  await expect(page.getByTestId('integration-sample-error')).toBeVisible();

  // Saving with sync on needs the server address: the core's message shows on the field.
  await page.getByTestId('integration-mapping-slugline').fill('slug');
  await page.getByTestId('integration-enabled').check({ force: true });
  await expect(page.getByTestId('integration-enabled')).toBeChecked();
  await page.getByTestId('integration-save').click();
  await expect(page.getByTestId('integration-error-endpoint')).toHaveText(VALIDATION.required);
  await page.getByTestId('integration-endpoint').fill('https://nrcs.example.com');
  await page.getByTestId('integration-save').click();
  await expect(page.getByTestId('integration-endpoint')).toHaveCount(0);
});
