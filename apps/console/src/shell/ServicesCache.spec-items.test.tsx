/**
 * The services status kept 30 minutes (spec 001 §9 "services cache 30 minutes"): the menu shown
 * again within 30 minutes of the read reads nothing; once they are over it reads the inventory's
 * services status again.
 */
import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TIMINGS } from '@fleet/contracts';
import type { CurrentUser, ServicesStatus } from '@fleet/contracts';
import { FakeApi } from '../test-utils/fakeApi';
import { makeUser } from '../test-utils/fixtures';
import { renderWithApp } from '../test-utils/render';
import { NavMenu } from './NavMenu';

const STATUS: ServicesStatus = {
  inventoryId: 'inv1',
  services: [{ serviceName: 'web_aud_connect', state: 'enabled', usable: true }],
  activeFeatures: ['web_aud_connect'],
  hasGraphics: false,
  hasSmartPlan: false,
  hasGoPlan: false,
  cacheMs: TIMINGS.servicesCacheMs,
  at: '2026-01-10T09:00:00.000Z',
};

/** The menu, hidden and shown again as a user leaving the shell and coming back would. */
function MenuShownAgain({ user }: { user: CurrentUser }) {
  const [shown, setShown] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setShown((v) => !v)}>
        toggle menu
      </button>
      {shown && <NavMenu user={user} onNavigate={() => undefined} />}
    </>
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Constants: services cache 30 minutes', () => {
  it('reads the services status again only once 30 minutes are over', async () => {
    expect(TIMINGS.servicesCacheMs).toBe(30 * 60_000);
    const currentUser = makeUser(['luc_admin']);
    const api = new FakeApi().on('getServicesStatus', STATUS);
    const { user, settled } = await renderWithApp(<MenuShownAgain user={currentUser} />, { user: currentUser, api, route: '/list' });
    await screen.findByTestId('nav-unitList');
    await settled();
    const reads = api.calls('getServicesStatus').length;
    expect(reads).toBeGreaterThan(0);
    vi.useFakeTimers({ toFake: ['Date'] });

    const showAgain = async () => {
      await user.click(screen.getByRole('button', { name: 'toggle menu' }));
      await waitFor(() => expect(screen.queryByTestId('nav-unitList')).not.toBeInTheDocument());
      await user.click(screen.getByRole('button', { name: 'toggle menu' }));
      await screen.findByTestId('nav-unitList');
    };
    vi.setSystemTime(Date.now() + TIMINGS.servicesCacheMs - 1000);
    await showAgain();
    await settled();
    expect(api.calls('getServicesStatus')).toHaveLength(reads);

    vi.setSystemTime(Date.now() + 1000);
    await showAgain();
    await waitFor(() => expect(api.calls('getServicesStatus')).toHaveLength(reads + 1));
    expect(api.calls('getServicesStatus').at(-1)?.url).toContain('inv1');
  });
});
