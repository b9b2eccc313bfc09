/**
 * The console under the core's content security policy (SECURITY.md): signed in, the
 * list, a unit, the offline map with its basemap and markers, an admin page and the API docs load
 * with no policy violation, and every document carries the headers.
 */
import type { Page } from '@playwright/test';
import { API_AREAS } from '@fleet/contracts';
import { expect, test } from './sandbox';
import { signIn } from './support';

test.describe.configure({ timeout: 120_000 });

/** Every violation the page reports, from the first script on (before the console's own code runs). */
async function recordViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__cspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      void (window as unknown as { __cspViolation: (t: string) => void }).__cspViolation(
        `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (load|execute|apply|evaluate|connect|frame)/i.test(m.text())) violations.push(`console: ${m.text()}`);
  });
  return violations;
}

test('the console satisfies its content security policy: list, unit, map, admin page and docs', async ({ page, baseURL }) => {
  const violations = await recordViolations(page);
  const documents: Array<Record<string, string>> = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'document') documents.push(r.headers());
  });

  await signIn(page, 'super_user');

  // The unit list, then one unit's detail.
  await page.goto('list?ignoreRouteDefault=1');
  await expect(page.getByTestId('unit-list-page')).toBeVisible({ timeout: 30_000 });
  await page.goto('list?unit=LU800-0001&ignoreRouteDefault=1');
  await expect(page.getByTestId('unit-detail')).toHaveAttribute('data-unit-id', 'LU800-0001', { timeout: 30_000 });

  // The offline map: the basemap drawn from the bundle, markers (Leaflet's styles and icons from the origin).
  await page.getByTestId('nav-map').click();
  await expect(page.getByTestId('unit-map')).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => page.locator('.leaflet-overlay-pane path.fleet-basemap-country').count()).toBeGreaterThan(100);
  await expect(page.locator('[data-testid^="map-marker-"], [data-testid="map-cluster"]').first()).toBeAttached();

  // An admin page (its forms parse with zod).
  await page.goto('whats_new?ignoreRouteDefault=1');
  await expect(page.getByTestId('whats-new-section')).toBeVisible({ timeout: 30_000 });

  // Live updates came over the same-origin websocket: the policy let it connect.
  expect(await page.evaluate(() => performance.getEntriesByType('resource').length)).toBeGreaterThan(0);

  expect(documents.length).toBeGreaterThan(0);
  for (const headers of documents) {
    expect(headers['content-security-policy']).toContain("script-src 'self';");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('same-origin');
  }

  // The API docs page and Swagger UI beside it work under the same policy: the calls listed, one opened.
  await page.goto('docs');
  await expect(page.getByRole('status')).toContainText(/\d+ calls in \d+ areas/);
  const call = page.locator('details#fetchDevices');
  await call.locator('summary').click();
  await expect(call).toContainText('Answers');
  // Swagger UI shows one area at a time, the first by default; its top bar lists every area, then the
  // whole API, each document read from this core (under the sandbox's base).
  await page.goto('docs/swagger');
  await expect(page.locator('.swagger-ui .opblock').first()).toBeVisible({ timeout: 30_000 });
  const definitions = page.locator('.swagger-ui .topbar select');
  await expect(definitions.locator('option')).toHaveText([...API_AREAS.map((a) => a.tag), /one document/]);
  await expect(definitions).toHaveValue(`${new URL('docs/swagger/json', baseURL).pathname}?area=units`);
  await expect(page.locator('.swagger-ui .opblock-tag')).toHaveCount(1);
  await expect(page.locator('.swagger-ui .opblock-tag')).toHaveAttribute('data-tag', API_AREAS[0]!.tag);

  expect(violations).toEqual([]);
});

test('the console cannot be framed by another page', async ({ page, baseURL }) => {
  const violations = await recordViolations(page);
  // A page of another origin (about:blank here) frames the console: the browser refuses to render it.
  await page.setContent(`<iframe id="f" src="${new URL('login', baseURL).href}"></iframe>`);
  await expect.poll(() => violations.some((v) => /frame-ancestors/.test(v)), { timeout: 15_000 }).toBe(true);
  const frame = page.frames().find((f) => f.url().endsWith('/login'));
  const rendered = frame
    ? await frame
        .locator('[data-testid="login-username"]')
        .count()
        .catch(() => 0)
    : 0;
  expect(rendered).toBe(0);
});
