import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ApplicationUrls } from '@fleet/contracts';
import { FakeApi } from '../test-utils/fakeApi';
import { renderWithApp } from '../test-utils/render';
import { AppSwitcher } from './AppSwitcher';

const urls = (vr: string | null, matrix: string | null): ApplicationUrls => ({
  applications: [
    { id: 'console', name: 'Console', url: '/', available: true },
    { id: 'videoReturnPortal', name: 'Video Return Portal', url: vr, available: vr !== null },
    { id: 'matrix', name: 'Matrix', url: matrix, available: matrix !== null },
  ],
});

async function openSwitcher(answer: ApplicationUrls, language: 'en' | 'zh' = 'en') {
  const rendered = await renderWithApp(<AppSwitcher />, { api: new FakeApi().on('getApplicationUrls', answer), language });
  await rendered.user.click(screen.getByTestId('app-switcher'));
  return { ...rendered, menu: await screen.findByTestId('app-switcher-menu') };
}

describe('application switcher (spec 000 §2: main console, video-return portal, matrix)', () => {
  it('lists all three products; those without an address are disabled and say they are not configured', async () => {
    const { menu, user } = await openSwitcher(urls(null, null));
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Main console', 'Video return portal', 'Matrix']);
    expect(screen.getByTestId('app-switcher-console')).toHaveAttribute('href', '/');
    for (const id of ['videoReturnPortal', 'matrix']) {
      const item = screen.getByTestId(`app-switcher-${id}`);
      expect(item).toBeDisabled();
      expect(item).not.toHaveAttribute('href');
    }
    await user.hover(screen.getByTestId('app-switcher-matrix-wrapper'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Not configured');
  });

  it('links a configured product in a new tab beside a disabled one', async () => {
    await openSwitcher(urls('https://vr.example.com/', null));
    const portal = await screen.findByTestId('app-switcher-videoReturnPortal');
    expect(portal).toHaveAttribute('href', 'https://vr.example.com/');
    expect(portal).toHaveAttribute('target', '_blank');
    expect(portal).not.toBeDisabled();
    expect(screen.getByTestId('app-switcher-matrix')).toBeDisabled();
  });

  it('says "not configured" in Chinese', async () => {
    const { user } = await openSwitcher(urls(null, null), 'zh');
    await user.hover(screen.getByTestId('app-switcher-videoReturnPortal-wrapper'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('未配置');
  });
});
