import { describe, expect, it } from 'vitest';
import { afterLoginTarget, initialRedirect, loginPathFor } from './initialRoute';

describe('first-load navigation (spec 000 §2)', () => {
  const base = { pathname: '/list', search: '', currentRoute: '/map', preferencesFailed: false };

  it('sends the user to the saved route', () => {
    expect(initialRedirect(base)).toBe('/map');
  });

  it('stays when the query says to ignore the route default', () => {
    expect(initialRedirect({ ...base, pathname: '/files', search: '?ignoreRouteDefault=true' })).toBeNull();
    expect(initialRedirect({ ...base, search: 'ignoreRouteDefault' })).toBeNull();
  });

  it('stays when nothing (or something unsafe) is saved, or the user is already there', () => {
    expect(initialRedirect({ ...base, currentRoute: null })).toBeNull();
    expect(initialRedirect({ ...base, currentRoute: '//evil.example.com' })).toBeNull();
    expect(initialRedirect({ ...base, currentRoute: 'https://evil.example.com' })).toBeNull();
    expect(initialRedirect({ ...base, pathname: '/map/' })).toBeNull();
  });

  it('goes to /error when the preferences failed to load', () => {
    expect(initialRedirect({ ...base, preferencesFailed: true, search: '?ignoreRouteDefault' })).toBe('/error');
  });

  it('after log-in: next, else the saved route, else the list', () => {
    expect(afterLoginTarget('/files?x=1', '/map')).toBe('/files?x=1');
    expect(afterLoginTarget(null, '/map')).toBe('/map');
    expect(afterLoginTarget('//evil', null)).toBe('/list');
    expect(afterLoginTarget('/login', null)).toBe('/list');
  });

  it('keeps the wanted route in next', () => {
    expect(loginPathFor('/map', '?a=1')).toBe('/login?next=%2Fmap%3Fa%3D1');
    expect(loginPathFor('/login', '')).toBe('/login');
  });
});
