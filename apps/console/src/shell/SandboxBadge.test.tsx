import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SandboxInfo } from '../config/runtimeConfig';
import { renderWithApp } from '../test-utils/render';
import { SandboxBadge } from './SandboxBadge';

/** A sandbox ending `ms` from now. */
const endingIn = (ms: number): SandboxInfo => ({ id: 'ab12cd34ef', name: 'QA run 42', expiresAt: new Date(Date.now() + ms).toISOString() });
const MIN = 60_000;

const wide = () => screen.getByTestId('sandbox-badge-wide');
const fill = (el: HTMLElement) => el.style.getPropertyValue('--badge-bg');

describe('the header’s sandbox badge', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('names the sandbox and the time left; a phone shows the time alone and reads out the rest', async () => {
    await renderWithApp(<SandboxBadge />, { config: { sandbox: endingIn(42 * MIN - 5_000) }, realtime: false });
    expect(screen.getByTestId('sandbox-badge')).toHaveAttribute('data-state', 'running');
    expect(wide()).toHaveTextContent('Sandbox · QA run 42· 42 min left');
    expect(screen.getByTestId('sandbox-badge-left')).toHaveTextContent('· 42 min left');
    const short = screen.getByTestId('sandbox-badge-short');
    expect(short).toHaveTextContent('42 min');
    expect(short).toHaveTextContent('Sandbox QA run 42: 42 min left');
  });

  it('says hours and minutes from an hour on (hours alone on a phone)', async () => {
    await renderWithApp(<SandboxBadge />, { config: { sandbox: endingIn(90 * MIN - 5_000) }, realtime: false });
    expect(screen.getByTestId('sandbox-badge-left')).toHaveTextContent('· 1 h 30 min left');
    expect(screen.getByTestId('sandbox-badge-short').querySelector('[aria-hidden]')).toHaveTextContent(/^1 h$/);
  });

  it('in Chinese', async () => {
    await renderWithApp(<SandboxBadge />, { config: { sandbox: endingIn(42 * MIN - 5_000) }, realtime: false, language: 'zh' });
    expect(wide()).toHaveTextContent('沙盒 · QA run 42');
    expect(screen.getByTestId('sandbox-badge-left')).toHaveTextContent('· 剩余 42 分钟');
  });

  it('counts down as each minute runs out, turning orange under ten minutes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
    await renderWithApp(<SandboxBadge />, { config: { sandbox: endingIn(10 * MIN + 30_000) }, realtime: false });
    expect(screen.getByTestId('sandbox-badge-left')).toHaveTextContent('11 min left');
    const calm = fill(wide());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(screen.getByTestId('sandbox-badge-left')).toHaveTextContent('10 min left');
    expect(screen.getByTestId('sandbox-badge')).toHaveAttribute('data-state', 'running');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(MIN);
    });
    expect(screen.getByTestId('sandbox-badge-left')).toHaveTextContent('9 min left');
    expect(screen.getByTestId('sandbox-badge')).toHaveAttribute('data-state', 'ending');
    expect(fill(wide())).toContain('orange');
    expect(fill(wide())).not.toBe(calm);
    for (let minute = 0; minute < 9; minute++) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(MIN);
      });
    }
    expect(screen.getByTestId('sandbox-badge')).toHaveAttribute('data-state', 'expired');
    expect(screen.getByTestId('sandbox-badge-left')).toHaveTextContent('· expired');
  });

  it('says a sandbox that has ended is expired, in red', async () => {
    await renderWithApp(<SandboxBadge />, { config: { sandbox: endingIn(-5 * MIN) }, realtime: false });
    expect(screen.getByTestId('sandbox-badge')).toHaveAttribute('data-state', 'expired');
    expect(screen.getByTestId('sandbox-badge-left')).toHaveTextContent('· expired');
    expect(screen.getByTestId('sandbox-badge-short')).toHaveTextContent('Expired');
    expect(fill(wide())).toContain('red');
  });

  it('shows nothing outside a sandbox', async () => {
    await renderWithApp(<SandboxBadge />, { realtime: false });
    expect(screen.queryByTestId('sandbox-badge')).toBeNull();
  });
});
