import { describe, expect, it } from 'vitest';
import { afterLoginTarget, initialRedirect, loginPathFor } from './initialRoute';

describe('first-load navigation (spec 000 §2)', () => {
  const base = { pathname: '/', search: '', currentRoute: '/map', preferencesFailed: false };

  it('sends the user entering at / to the saved route', () => {
    expect(initialRedirect(base)).toBe('/map');
    expect(initialRedirect({ ...base, pathname: '' })).toBe('/map');
    expect(initialRedirect({ ...base, currentRoute: '/channels' })).toBe('/channels');
  });

  it('honours an explicit path, with its query, over the saved route (a link or a reload stays put)', () => {
    const saved = { ...base, currentRoute: '/channels' };
    expect(initialRedirect({ ...saved, pathname: '/list', search: '?unit=LU800-0002' })).toBeNull();
    expect(initialRedirect({ ...saved, pathname: '/map' })).toBeNull();
    expect(initialRedirect({ ...saved, pathname: '/list' })).toBeNull();
    expect(initialRedirect({ ...saved, pathname: '/channels', search: '?channel=MMH-0001-CH2&tab=general' })).toBeNull();
    expect(initialRedirect({ ...saved, pathname: '/system_settings/organization' })).toBeNull();
    // An unknown path is still an explicit one: the route table sends it to the list, not the saved route.
    expect(initialRedirect({ ...saved, pathname: '/no-such-page' })).toBeNull();
  });

  it('stays at / when the query says to ignore the route default', () => {
    expect(initialRedirect({ ...base, search: '?ignoreRouteDefault=true' })).toBeNull();
    expect(initialRedirect({ ...base, search: 'ignoreRouteDefault' })).toBeNull();
  });

  it('stays when nothing (or something unsafe) is saved', () => {
    expect(initialRedirect({ ...base, currentRoute: null })).toBeNull();
    expect(initialRedirect({ ...base, currentRoute: undefined })).toBeNull();
    expect(initialRedirect({ ...base, currentRoute: '//evil.example.com' })).toBeNull();
    expect(initialRedirect({ ...base, currentRoute: 'https://evil.example.com' })).toBeNull();
  });

  it('goes to /error when the preferences failed to load', () => {
    expect(initialRedirect({ ...base, preferencesFailed: true, search: '?ignoreRouteDefault' })).toBe('/error');
    expect(initialRedirect({ ...base, pathname: '/list', preferencesFailed: true })).toBe('/error');
  });

  it('after log-in: next, else the saved route, else the list', () => {
    expect(afterLoginTarget('/files?x=1', '/map')).toBe('/files?x=1');
    expect(afterLoginTarget(null, '/map')).toBe('/map');
    expect(afterLoginTarget('//evil', null)).toBe('/list');
    expect(afterLoginTarget('/login', null)).toBe('/list');
    expect(afterLoginTarget('/list?unit=LU800-0002', '/channels')).toBe('/list?unit=LU800-0002');
    expect(afterLoginTarget('/', '/channels')).toBe('/channels');
    expect(afterLoginTarget('/?x=1', null)).toBe('/list');
  });

  it('keeps the wanted route in next', () => {
    expect(loginPathFor('/map', '?a=1')).toBe('/login?next=%2Fmap%3Fa%3D1');
    expect(loginPathFor('/login', '')).toBe('/login');
  });
});
