/**
 * The mock's live pictures (mock only, registered with the other /mock surfaces): a test card of
 * each unit the caller may see (mock/test-card.ts), for the console's Multiview tiles. A real core
 * has no such URL; the console asks for it only once the capability probe found the mock.
 *
 * GET /mock/preview/units/{uniqueId}[?kbps=N] → image/svg+xml. A session is needed (401 without); an
 * unknown unit and one the caller may not see answer 404 alike. The console's URL changes when what
 * the card shows changes, so the browser fetches a new card then and only then; it names the
 * bitrate its tile shows (`kbps`, the unit's totalBitrate as the console holds it), and the card
 * draws that one, as the tile formats it: a tile and its card never disagree, even when the core's
 * value moved on between the console's last event and this request. Without `kbps` (or with an
 * invalid one) the card draws the unit's totalBitrate now. Any other query is ignored. Each card's text is built once per state and kept per unit; serving it costs the
 * stream's age (one indexed read when the stream is new to this process) and a string join.
 */
import type { FastifyInstance } from 'fastify';
import type { UnitStatus, UnitSummary } from '@fleet/contracts';
import { testCardKey, testCardParts, TEST_CARD_TYPE, withElapsed } from './test-card.js';
import type { TestCardInput, TestCardParts } from './test-card.js';

export const MOCK_PREVIEW_PATH = '/mock/preview/units';

const LIVE: readonly UnitStatus[] = ['streaming', 'streamingandforwarding'];

/** What the card of a unit shows, from its summary (the channel it feeds by name and hub, else its selection). */
export function testCardInput(unit: UnitSummary, shownKbps?: number): TestCardInput {
  const live = LIVE.includes(unit.status);
  const inUse = unit.channelsInUse[0];
  const channel = inUse ? `${inUse.channelName} · ${inUse.serverName}` : unit.selectedChannel.channelId;
  return { name: unit.name, status: unit.status, live, channel, kbps: shownKbps ?? unit.totalBitrate };
}

/** The bitrate a console's tile shows, from the query (`kbps`): a finite number from 0 up, else none. */
export function shownKbpsOf(query: unknown): number | undefined {
  const raw = typeof query === 'object' && query !== null ? (query as Record<string, unknown>).kbps : undefined;
  if (typeof raw !== 'string' || raw.trim() === '') return undefined;
  const kbps = Number(raw);
  return Number.isFinite(kbps) && kbps >= 0 && kbps < 1e9 ? kbps : undefined;
}

interface Kept {
  readonly key: string;
  readonly parts: TestCardParts;
  /** When the unit's current stream started (ms on the core's clock), once looked up. */
  readonly since: number | null;
}

/** Cards kept: one per unit, the most recently served last. */
const KEPT_MAX = 4096;

export async function mockPreviewRoutes(app: FastifyInstance): Promise<void> {
  const kept = new Map<string, Kept>();

  /** When the unit last went live, from its status log (the core's clock when none is written yet). */
  const liveSince = async (unitId: string): Promise<number> => {
    const change = await app.services.db.unitStatusChange.findFirst({
      where: { unitId, to: { in: [...LIVE] }, from: { notIn: [...LIVE] } },
      orderBy: { at: 'desc' },
      select: { at: true },
    });
    return change?.at.getTime() ?? app.services.clock.now();
  };

  app.get<{ Params: { id: string } }>(`${MOCK_PREVIEW_PATH}/:id`, async (req, reply) => {
    const user = await app.requireUser(req);
    const unit = app.services.units.toSummary(app.services.units.findVisible(user, req.params.id));
    const input = testCardInput(unit, shownKbpsOf(req.query));
    const key = testCardKey(input);
    let card = kept.get(unit.uniqueId);
    if (!card || card.key !== key) {
      // A stream that goes on (a new channel, another bitrate step) keeps its start; a new one looks it up.
      const since = input.live ? (card?.since ?? (await liveSince(unit.uniqueId))) : null;
      card = { key, parts: testCardParts(input), since };
    }
    kept.delete(unit.uniqueId);
    kept.set(unit.uniqueId, card);
    if (kept.size > KEPT_MAX) kept.delete(kept.keys().next().value!);
    const elapsed = card.since === null ? 0 : app.services.clock.now() - card.since;
    return reply.type(TEST_CARD_TYPE).header('cache-control', 'no-store').header('x-content-type-options', 'nosniff').send(withElapsed(card.parts, elapsed));
  });
}
