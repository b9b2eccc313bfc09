import { beforeEach, describe, expect, it } from 'vitest';
import { forgetReportTimes } from '../../kit/cache';
import { ServerDetail } from '@fleet/contracts';
import { applyServerEvent, applyToServer, filterServers, mergeServers, parseServerFilters, serializeServerFilters, serverIdsOf } from './serverList';
import { makeServer } from '../../test-utils/servers';

// The report times the one version rule keeps live for the whole worker (the unit project shares modules between files).
beforeEach(() => forgetReportTimes());

const at = 1;
const a = makeServer({ id: 'A', version: 3 });
const b = makeServer({ id: 'B', serverType: 'vr_server', status: 'offline', version: 1 });

describe('servers the user sees without an admin listing', () => {
  it('are the distinct servers of their channels and video return channels', () => {
    expect(serverIdsOf([{ serverId: 'B' }, { serverId: 'A' }, { serverId: 'B' }, { serverId: null }])).toEqual(['A', 'B']);
  });

  it('pages of several inventories merge by id, the newer copy winning', () => {
    const newer = { ...a, name: 'renamed', version: 4 };
    expect(mergeServers([[a, b], [newer]])).toEqual([newer, b]);
    expect(mergeServers([[newer], [a]])).toEqual([newer]);
  });

  it('the test fixture is a valid ServerDetail', () => {
    expect(ServerDetail.safeParse(a).success).toBe(true);
  });
});

describe('server list cache patch (realtime, no reload)', () => {
  it('server.changed replaces the row when its version is not older', () => {
    const changed = { ...a, comment: 'new', version: 4 };
    const next = applyServerEvent([a, b], { type: 'server.changed', server: changed, at });
    expect(next[0]).toEqual(changed);
    expect(next[1]).toBe(b);
    // The same copy again (another topic) changes nothing.
    expect(applyServerEvent(next, { type: 'server.changed', server: changed, at })[0]).toBe(next[0]);
  });

  it('an older server.changed arriving late changes nothing', () => {
    const rows = [a, b];
    expect(applyServerEvent(rows, { type: 'server.changed', server: { ...a, comment: 'old', version: 2 }, at })).toBe(rows);
  });

  it('a server not listed yet is added; server.status patches the status only', () => {
    const c = makeServer({ id: 'C' });
    expect(applyServerEvent([a], { type: 'server.changed', server: c, at }).map((s) => s.id)).toEqual(['A', 'C']);
    const rows = [a, b];
    const offline = applyServerEvent(rows, { type: 'server.status', serverId: 'A', status: 'offline', previous: 'online', at });
    expect(offline[0]).toMatchObject({ id: 'A', status: 'offline', version: 3 });
    expect(applyServerEvent(rows, { type: 'server.status', serverId: 'A', status: 'online', previous: 'online', at })).toBe(rows);
    expect(applyServerEvent(rows, { type: 'server.status', serverId: 'Z', status: 'offline', previous: null, at })).toBe(rows);
  });

  it('a single cached server follows the same rules', () => {
    expect(applyToServer(a, { type: 'server.changed', server: { ...b, version: 9 }, at })).toBe(a);
    expect(applyToServer(a, { type: 'server.status', serverId: 'A', status: 'busy', previous: 'online', at }).status).toBe('busy');
  });
});

describe('server filters', () => {
  it('match by type, status and text (name, serial, comment ...)', () => {
    const rows = [a, { ...b, comment: 'Rack 7' }];
    expect(filterServers(rows, { text: '', types: ['vr_server'], statuses: [] }).map((s) => s.id)).toEqual(['B']);
    expect(filterServers(rows, { text: '', types: [], statuses: ['online'] }).map((s) => s.id)).toEqual(['A']);
    expect(filterServers(rows, { text: 'rack', types: [], statuses: [] }).map((s) => s.id)).toEqual(['B']);
    expect(filterServers(rows, { text: 'nothing', types: [], statuses: [] })).toEqual([]);
  });

  it('read back from preferences, dropping what they do not know', () => {
    const stored = serializeServerFilters({ text: 'x', types: ['mmh_server'], statuses: ['busy'] });
    expect(parseServerFilters(JSON.parse(JSON.stringify(stored)))).toEqual({ text: 'x', types: ['mmh_server'], statuses: ['busy'] });
    expect(parseServerFilters({ types: ['toaster'], statuses: 'busy' })).toEqual({ text: '', types: [], statuses: [] });
    expect(parseServerFilters(null)).toEqual({ text: '', types: [], statuses: [] });
  });
});
