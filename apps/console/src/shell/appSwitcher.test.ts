import { describe, expect, it } from 'vitest';
import type { ApplicationUrls } from '@fleet/contracts';
import { applicationUrl, switcherEntries, switcherMenu } from './appSwitcher';

const urls = (vr: string | null, matrix: string | null): ApplicationUrls => ({
  applications: [
    { id: 'console', name: 'Console', url: '/', available: true },
    { id: 'videoReturnPortal', name: 'Video Return Portal', url: vr, available: vr !== null },
    { id: 'matrix', name: 'Matrix', url: matrix, available: matrix !== null },
  ],
});

describe('application switcher entries (spec 000 §2)', () => {
  it('offers every product with a URL: the console in the same tab, the others in a new tab', () => {
    expect(switcherEntries(urls('https://vr.example.com/', 'https://matrix.example.com/'))).toEqual([
      { id: 'console', url: '/', newTab: false },
      { id: 'videoReturnPortal', url: 'https://vr.example.com/', newTab: true },
      { id: 'matrix', url: 'https://matrix.example.com/', newTab: true },
    ]);
  });

  it('does not offer a product without a URL', () => {
    expect(switcherEntries(urls(null, 'https://matrix.example.com/')).map((e) => e.id)).toEqual(['console', 'matrix']);
    expect(switcherEntries(urls(null, null)).map((e) => e.id)).toEqual(['console']);
    const unavailable: ApplicationUrls = { applications: [{ id: 'matrix', name: 'Matrix', url: 'https://m.example.com/', available: false }] };
    expect(switcherEntries(unavailable)).toEqual([]);
  });

  it('lists all three products in the switcher, those without a URL disabled (url null)', () => {
    expect(switcherMenu(urls(null, 'https://matrix.example.com/'))).toEqual([
      { id: 'console', url: '/', newTab: false },
      { id: 'videoReturnPortal', url: null },
      { id: 'matrix', url: 'https://matrix.example.com/', newTab: true },
    ]);
    // Before the answer, and when the core names no URL for the console: the console is this application.
    expect(switcherMenu(undefined)).toEqual([
      { id: 'console', url: '/', newTab: false },
      { id: 'videoReturnPortal', url: null },
      { id: 'matrix', url: null },
    ]);
  });

  it('offers nothing before the URLs are loaded', () => {
    expect(switcherEntries(undefined)).toEqual([]);
  });

  it('finds one product’s URL', () => {
    expect(applicationUrl(urls('https://vr.example.com/', null), 'videoReturnPortal')).toBe('https://vr.example.com/');
    expect(applicationUrl(urls(null, null), 'videoReturnPortal')).toBeNull();
  });
});
