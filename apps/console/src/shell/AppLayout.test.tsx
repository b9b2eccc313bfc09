/**
 * The console frame in a narrow window: the header keeps the burger, the name and the realtime
 * status; the scope pickers, the application switcher, the language and the user menu are in the
 * menu drawer, which the burger opens and closes.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { routeObjects } from '../Router';
import { FakeApi } from '../test-utils/fakeApi';
import { makeGroupRow } from '../test-utils/fixtures';
import { renderRoutes } from '../test-utils/render';

const wideMatchMedia = window.matchMedia;

beforeAll(async () => {
  await Promise.all([import('../session/SessionGate'), import('./AppLayout'), import('../features/groups/Groups.page')]);
});

describe('the console frame in a narrow window', () => {
  beforeEach(() => {
    // A phone: every max-width query holds.
    window.matchMedia = (query: string) => ({ ...wideMatchMedia(query), matches: query.includes('max-width') || wideMatchMedia(query).matches });
  });
  afterEach(() => {
    window.matchMedia = wideMatchMedia;
  });

  it('folds the header into the menu drawer, which the burger opens', async () => {
    const { user } = await renderRoutes(routeObjects, {
      route: '/groups',
      roles: ['luc_admin'],
      api: new FakeApi().on('fetchGroups', [makeGroupRow({ id: 'g1', name: 'Sports' })]),
    });
    expect(await screen.findByTestId('groups-page', undefined, { timeout: 3000 })).toBeVisible();

    const header = screen.getByRole('banner');
    expect(within(header).getByTestId('app-name')).toBeVisible();
    expect(within(header).getByTestId('realtime-status')).toBeVisible();
    for (const testId of ['shell-inventory', 'shell-group', 'app-switcher', 'language-switch', 'user-menu']) {
      expect(within(header).queryByTestId(testId), testId).not.toBeInTheDocument();
    }
    // The folded drawer renders nothing until it first opens.
    expect(screen.queryByTestId('shell-drawer-controls')).not.toBeInTheDocument();
    expect(screen.queryByTestId('nav-menu')).not.toBeInTheDocument();

    const burger = screen.getByTestId('shell-burger');
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    await user.click(burger);
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByTestId('shell-navbar')).toHaveAttribute('data-opened', 'true');
    for (const testId of ['shell-inventory', 'shell-group', 'app-switcher', 'language-switch', 'user-menu']) {
      expect(within(screen.getByTestId('shell-drawer-controls')).getByTestId(testId), testId).toBeInTheDocument();
    }
    expect(screen.getByTestId('nav-menu')).toBeInTheDocument();
    // Folded again, it keeps its content (no re-render on every opening).
    await user.click(burger);
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('nav-menu')).toBeInTheDocument();
  });
});

describe('while the session loads', () => {
  it('a page of the console shows the frame’s header with the console’s name and a loader, then the frame itself', async () => {
    const api = new FakeApi().on('fetchGroups', [makeGroupRow({ id: 'g1', name: 'Sports' })]);
    api.pause();
    await renderRoutes(routeObjects, { route: '/groups', roles: ['luc_admin'], api });
    const loading = await screen.findByTestId('frame-loading');
    expect(within(within(loading).getByRole('banner')).getByText('Fleet Console')).toBeVisible();
    expect(within(loading).getByLabelText('Loading…')).toBeInTheDocument();
    // The page's title where the page puts it (the route's, as the tab names it).
    expect(within(loading).getByRole('heading', { level: 1 })).toHaveTextContent('Groups');
    // Not the frame's own name: what waits for the frame (the end-to-end sign-in) is not misled.
    expect(screen.queryByTestId('app-name')).not.toBeInTheDocument();

    api.resume();
    expect(await screen.findByTestId('groups-page', undefined, { timeout: 3000 })).toBeVisible();
    expect(screen.getByTestId('app-name')).toHaveTextContent('Fleet Console');
    expect(screen.queryByTestId('frame-loading')).not.toBeInTheDocument();
  });
});
