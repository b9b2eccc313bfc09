/**
 * The console against a core that answers differently from ours: every route of the console, as
 * three roles, under each contract-drift mode of the mock's chaos rules (extra fields, unknown enum
 * values, optional fields left out or null, long mixed-script text, empty lists, many items; and the
 * strict mode that also breaks required fields). Each role works in a sandbox of its own, so the
 * drift rule reaches no other spec.
 * - Under the optional-field modes: no region of any route falls (no `region-error`), no uncaught
 *   error reaches the page, React Router's error page never shows, the frame (header, menu) stays.
 * - Under strict drift: every route keeps its frame and shows what failed in place of the region
 *   that failed; still no uncaught error and never React Router's error page.
 * A route is opened the way a person moves in the console (the router's own navigation, no reload);
 * each mode starts from a reload, so nothing read before it is reused.
 */
import type { Page } from '@playwright/test';
import { ROUTES } from '../../apps/console/src/routing/routes';
import { SECTIONS } from '../../apps/console/src/routing/sections';
import { expect, sandboxApi, signInAt, test } from './sandbox';

const MODES = ['extraFields', 'unknownEnums', 'omitOptional', 'nullOptional', 'longStrings', 'emptyLists', 'manyItems'] as const;
type Mode = (typeof MODES)[number] | 'strict';

/** A comma-separated list from the environment, to narrow a run (DRIFT_ROLES, DRIFT_MODES, DRIFT_PATHS: a path's start). */
const only = (name: string): string[] | null => process.env[name]?.split(',').filter((x) => x !== '') ?? null;
const ROLES_RUN = only('DRIFT_ROLES');
const MODES_RUN = only('DRIFT_MODES');
const PATHS_RUN = only('DRIFT_PATHS');

/** A unit and a server every role below sees: their detail areas are regions too. */
const UNIT = 'LU800-0001';
const SERVER = 'MMH-0001';

/** Every address of the console under home: page routes, each kind of each section, and the detail areas opened by address. */
function consolePaths(): string[] {
  const paths: string[] = [];
  for (const route of ROUTES) {
    if (route.kind !== 'page' || route.access !== 'console') continue;
    if (route.path.includes(':kind')) {
      const section = SECTIONS[route.section!];
      for (const kind of section.kinds) paths.push(`${section.base}/${kind}`);
    } else paths.push(route.path);
  }
  paths.push(`/list?unit=${UNIT}`, `/list?unit=${UNIT}&tab=config`, `/devices?server=${SERVER}`);
  return PATHS_RUN ? paths.filter((p) => PATHS_RUN.some((start) => p.startsWith(start))) : paths;
}

interface Visit {
  mode: Mode;
  path: string;
  /** Where the console ended (a guard may send a role elsewhere). */
  landed: string;
  regionErrors: string[];
  pageErrors: string[];
  routerErrorPage: boolean;
  frame: boolean;
}

/** Counts the page's requests in flight, so a visit is read once the route has settled. */
async function trackRequests(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __inflight: number; __lastDone: number };
    w.__inflight = 0;
    w.__lastDone = performance.now();
    const original = window.fetch.bind(window);
    window.fetch = async (...args: Parameters<typeof fetch>) => {
      w.__inflight += 1;
      try {
        return await original(...args);
      } finally {
        w.__inflight -= 1;
        w.__lastDone = performance.now();
      }
    };
  });
}

/** The route's reads done and nothing asked for 200 ms (at most 15 s: a read that never ends is a finding too). */
async function settled(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () => {
        const w = window as unknown as { __inflight: number; __lastDone: number };
        return (
          w.__inflight === 0 && performance.now() - w.__lastDone > 200 && !document.querySelector('[data-testid="frame-loading"], [data-testid="page-loading"]')
        );
      },
      undefined,
      { timeout: 15_000, polling: 100 },
    )
    .catch(() => undefined);
}

async function visit(page: Page, base: string, mode: Mode, path: string, pageErrors: string[]): Promise<Visit> {
  pageErrors.length = 0;
  // The router follows the address the way a link moves it (history, then popstate): no reload.
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, `${base}${path}`);
  await settled(page);
  const regionErrors = await page
    .locator('[data-testid="region-error"]')
    .evaluateAll((els) =>
      els.map((el) => `${el.getAttribute('data-region') ?? '?'}: ${el.getAttribute('data-call-ids') ?? ''} ${(el.textContent ?? '').slice(0, 120)}`),
    );
  const routerErrorPage = (await page.getByText('Unexpected Application Error').count()) > 0;
  const frame = (await page.getByTestId('app-name').count()) > 0;
  return {
    mode,
    path,
    landed: new URL(page.url()).pathname.slice(base.length),
    regionErrors,
    pageErrors: [...pageErrors],
    routerErrorPage,
    frame,
  };
}

function describeVisit(v: Visit): string {
  const parts = [
    ...(v.routerErrorPage ? ["React Router's error page"] : []),
    ...(v.frame ? [] : ['no frame']),
    ...v.pageErrors.map((e) => `page error: ${e}`),
    ...v.regionErrors.map((e) => `region: ${e}`),
  ];
  return `${v.mode} ${v.path}${v.landed !== v.path.split('?')[0] ? ` (→ ${v.landed})` : ''}: ${parts.join('; ')}`;
}

for (const username of ['super_user', 'luc_admin', 'luc_regular'] as const) {
  if (ROLES_RUN && !ROLES_RUN.includes(username)) continue;
  test(`every route as ${username} under each drift mode: no region falls under the optional-field modes; under strict drift the frame stays and a region says what failed`, async ({
    page,
    ownSandbox,
  }) => {
    test.setTimeout(600_000);
    const operator = await sandboxApi(ownSandbox, 'super_user');
    await signInAt(page, ownSandbox, username);
    await trackRequests(page);
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message.slice(0, 200)));
    const base = new URL(ownSandbox.url).pathname;
    // The routes this role may open: those where the console's own guard, before any drift, lets it stay.
    await page.goto(`${ownSandbox.url}/list?ignoreRouteDefault=1`);
    await settled(page);
    const paths: string[] = [];
    for (const path of consolePaths()) {
      const seen = await visit(page, base, 'strict', path, pageErrors);
      if (seen.landed === path.split('?')[0]) paths.push(path);
    }
    const visits: Visit[] = [];

    for (const mode of [...MODES, 'strict'] as const) {
      if (MODES_RUN && !MODES_RUN.includes(mode)) continue;
      const effect = mode === 'strict' ? { kind: 'drift', modes: [...MODES], strict: true, rate: 0.3 } : { kind: 'drift', modes: [mode], rate: 0.3 };
      // Strict drift spares the session's own answer: a current user without its roles grants no page at all, by design
      // (the partial user is src/drift.test.tsx's); every other answer may lose what it requires.
      const match = mode === 'strict' ? { except: ['getCurrentUser'] } : {};
      const added = await operator.post('mock/trpc/chaos.add', { data: { surface: 'http', match, effect, seed: 7 } });
      expect(added.ok(), await added.text()).toBe(true);
      const ruleId = ((await added.json()) as { result: { data: { id: string } } }).result.data.id;
      try {
        // A fresh console: the session, the configuration and the current user read under the drift too.
        await page.goto(`${ownSandbox.url}/list?ignoreRouteDefault=1`);
        await settled(page);
        for (const path of paths) visits.push(await visit(page, base, mode, path, pageErrors));
      } finally {
        await operator.post('mock/trpc/chaos.remove', { data: { id: ruleId } });
      }
    }
    await operator.dispose();

    const optional = visits.filter((v) => v.mode !== 'strict' && (v.regionErrors.length > 0 || v.pageErrors.length > 0 || v.routerErrorPage || !v.frame));
    const strict = visits.filter((v) => v.mode === 'strict' && (v.pageErrors.length > 0 || v.routerErrorPage || !v.frame));
    const strictRegions = visits.filter((v) => v.mode === 'strict' && v.regionErrors.length > 0).length;
    test.info().annotations.push({
      type: 'drift',
      description: `${visits.length} visits; strict: ${strictRegions} of ${visits.filter((v) => v.mode === 'strict').length} routes showed a region's error in place`,
    });
    expect(optional.map(describeVisit), 'routes with a fallen region, an uncaught error or no frame under optional-field drift').toEqual([]);
    expect(strict.map(describeVisit), 'routes without their frame, or with an uncaught error, under strict drift').toEqual([]);
  });
}
