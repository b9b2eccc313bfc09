import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RUNTIME_CONFIG, setRuntimeConfig } from '../config/runtimeConfig';
import type { PageView } from './analytics';
import { adminPageView, reportPageView, setPageViewHook } from './analytics';

afterEach(() => {
  setPageViewHook(null);
  setRuntimeConfig(DEFAULT_RUNTIME_CONFIG);
  vi.unstubAllGlobals();
});

function recording(): PageView[] {
  const views: PageView[] = [];
  setPageViewHook((view) => views.push(view));
  return views;
}

describe('page-view analytics on admin-style routes (spec 000 §2)', () => {
  it('calls the hook with the path and route of admin console and manage pages', () => {
    const views = recording();
    for (const path of [
      '/system_entities/units',
      '/system_settings/organization/',
      '/access_approvals',
      '/whats_new',
      '/batch_upgrade',
      '/remote_actions',
      '/users',
      '/groups',
      '/channels',
      '/devices',
      '/video_return',
      '/manage/shares/publishers',
      '/usage_profiles',
      '/sw_version',
      '/audio_rooms',
      '/my_graphics',
    ]) {
      expect(reportPageView(path)).toBe(true);
    }
    expect(views[0]).toEqual({ path: '/system_entities/units', route: 'systemEntities' });
    expect(views[1]).toEqual({ path: '/system_settings/organization', route: 'systemSettings' });
    expect(views.map((v) => v.route)).toContain('publishers');
    expect(views).toHaveLength(16);
  });

  it('does not report the unit pages, entry pages, unknown paths and section indexes before their redirect', () => {
    const views = recording();
    for (const path of [
      '/list',
      '/map',
      '/multiview',
      '/files',
      '/stories',
      '/login',
      '/easy_live',
      '/customer_portal',
      '/limited_access',
      '/nowhere',
      '/system_entities',
    ]) {
      expect(reportPageView(path)).toBe(false);
    }
    expect(views).toEqual([]);
    expect(adminPageView('/system_entities/nope')).toBeNull();
  });

  it('a failing hook does not break navigation', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    setPageViewHook(() => {
      throw new Error('tracker down');
    });
    expect(() => reportPageView('/users')).not.toThrow();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('by default sends a beacon to the configured analytics URL, and nothing when none is set', () => {
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { sendBeacon });
    reportPageView('/users');
    expect(sendBeacon).not.toHaveBeenCalled();
    setRuntimeConfig({ ...DEFAULT_RUNTIME_CONFIG, analyticsUrl: 'https://stats.example.com/views' });
    reportPageView('/users');
    reportPageView('/list');
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    expect(sendBeacon).toHaveBeenCalledWith('https://stats.example.com/views', expect.any(Blob));
  });
});
