/**
 * The mock's live pictures (GET /mock/preview/units/{uniqueId}): an SVG test card per unit the
 * caller may see — "no signal" while the unit does not stream; colour bars, the unit's name, the
 * channel it feeds, its bitrate, a running timecode counted from the stream's start and a moving
 * bar while it streams. Mock only: a core without the mock's endpoints has no such URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UnitSummary } from '@fleet/contracts';
import { coreCall, eventually, startTestStack, type TestStack } from '../support/stack.js';

const preview = (stack: TestStack, id: string, cookie: string | null) =>
  stack.app.inject({ method: 'GET', url: `/mock/preview/units/${encodeURIComponent(id)}?v=1`, headers: cookie ? { cookie } : {} });

/** The value a timecode column shows when the card is loaded: the one whose first interval holds time 0. */
function shown(svg: string, column: string, unit: number): number {
  for (const m of svg.matchAll(new RegExp(`id="${column}(\\d+)" attributeName="visibility" to="visible" begin="(-?[\\d.]+)s;`, 'g'))) {
    const begin = Number(m[2]);
    if (begin <= 0 && begin > -unit) return Number(m[1]);
  }
  return Number.NaN;
}

/** The stream's age the card's timecode starts from (whole seconds). */
const elapsedOf = (svg: string) => shown(svg, 'h', 3600) * 3600 + shown(svg, 'm', 60) * 60 + shown(svg, 's', 1);

describe('mock preview pictures', () => {
  let stack: TestStack;
  let operator: string;
  let regular: string;
  let idle: UnitSummary;

  beforeAll(async () => {
    stack = await startTestStack();
    operator = await stack.login('super_user');
    regular = await stack.login('luc_regular');
    const units = (await coreCall(stack, 'GET', '/devices/fetch', regular)).json<UnitSummary[]>();
    const candidate = units.find((u) => u.status === 'idle' && u.licenseValid && u.cameraConnected);
    if (!candidate) throw new Error('no idle unit to stream');
    idle = candidate;
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('a unit that does not stream shows a still "no signal" card with its name', async () => {
    const res = await preview(stack, idle.uniqueId, regular);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('NO SIGNAL');
    expect(res.body).toContain(`>${idle.name}<`);
    expect(res.body).not.toContain('<set');
  });

  it('a streaming unit shows a moving card: its name, channel, bitrate and a timecode from the stream start', async () => {
    const started = await coreCall(stack, 'POST', `/v2/units/${idle.uniqueId}/stream`, regular, {});
    expect(started.statusCode).toBe(200);
    const unit = await eventually(async () => {
      const u = (await coreCall(stack, 'GET', `/v2/units/${idle.uniqueId}`, regular)).json<UnitSummary>();
      return u.status === 'streaming' && u.channelsInUse.length > 0 ? u : null;
    }, 10_000);
    const first = await preview(stack, idle.uniqueId, regular);
    expect(first.statusCode).toBe(200);
    const svg = first.body;
    expect(svg).toContain('LIVE');
    expect(svg).toContain(`>${unit.name}<`);
    expect(svg).toContain(unit.channelsInUse[0]?.channelName);
    expect(svg).toMatch(/(\d+\.\d Mbps|\d+ kbps)/);
    // The timecode and the stepping bar move by themselves: SMIL <set> chains inside the picture.
    expect(svg).toMatch(/<set id="b0" attributeName="visibility" to="visible" begin="[-\d.;s]+;b0\.begin\+16s" dur="1s"\/>/);
    expect(elapsedOf(svg)).toBeGreaterThanOrEqual(0);
    expect(elapsedOf(svg)).toBeLessThan(60);
    // Served again later, the timecode starts further on (the stream's age, not the card's).
    await eventually(async () => elapsedOf((await preview(stack, idle.uniqueId, regular)).body) > elapsedOf(svg), 5000);

    // Another unit, another card.
    const other = (await coreCall(stack, 'GET', '/devices/fetch', regular)).json<UnitSummary[]>().find((u) => u.uniqueId !== idle.uniqueId);
    if (!other) throw new Error('no second unit');
    const second = await preview(stack, other.uniqueId, regular);
    expect(second.statusCode).toBe(200);
    expect(second.body).toContain(`>${other.name}<`);
    expect(second.body).not.toContain(`>${unit.name}<`);

    // The bitrate as the console shows it (spec 000 §9), not a coarse step: the card of a unit at 162 kbps reads 162 kbps.
    expect(svg).toMatch(/· {2}(\d+\.\d Mbps|\d+ kbps)<\/text>/);
    // The card draws the bitrate its tile shows when the console names it (the tile's value, one source), formatted
    // as the tile formats it; an invalid one is ignored (the unit's own bitrate then).
    const card = (query: string) => stack.app.inject({ method: 'GET', url: `/mock/preview/units/${idle.uniqueId}?v=1&${query}`, headers: { cookie: regular } });
    expect((await card('kbps=162')).body).toContain('·  162 kbps</text>');
    expect((await card('kbps=5800')).body).toContain('·  5.8 Mbps</text>');
    expect((await card('kbps=1000')).body).toContain('·  1000 kbps</text>');
    const ignored = (await card('kbps=-5')).body;
    expect(ignored).not.toContain('-5');
    expect(ignored).toMatch(/· {2}(\d+\.\d Mbps|\d+ kbps)<\/text>/);

    await coreCall(stack, 'DELETE', `/v2/units/${idle.uniqueId}/stream`, regular);
    await eventually(async () => (await preview(stack, idle.uniqueId, regular)).body.includes('NO SIGNAL'), 10_000);
  });

  it('needs a session, and answers 404 for an unknown unit and for one the caller may not see', async () => {
    expect((await preview(stack, idle.uniqueId, null)).statusCode).toBe(401);
    expect((await preview(stack, 'NO-SUCH-UNIT', regular)).statusCode).toBe(404);
    const all = (await coreCall(stack, 'GET', '/devices/fetch', operator)).json<UnitSummary[]>();
    const mine = new Set((await coreCall(stack, 'GET', '/devices/fetch', regular)).json<UnitSummary[]>().map((u) => u.uniqueId));
    const foreign = all.find((u) => !mine.has(u.uniqueId));
    if (!foreign) throw new Error('every unit is visible to luc_regular');
    expect((await preview(stack, foreign.uniqueId, operator)).statusCode).toBe(200);
    expect((await preview(stack, foreign.uniqueId, regular)).statusCode).toBe(404);
  });

  it('is not served by a core without the mock endpoints', async () => {
    const real = await startTestStack({ simulator: false, env: { MOCK_ENDPOINTS: 'false' } });
    try {
      const res = await real.app.inject({ method: 'GET', url: `/mock/preview/units/${idle.uniqueId}` });
      // 404 without a session: no route (a route there would answer 401 first).
      expect(res.statusCode).toBe(404);
    } finally {
      await real.close();
    }
  });
});
