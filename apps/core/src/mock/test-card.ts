/**
 * The mock's picture of a unit's video: an SVG test card (mock only; a real core serves no such
 * thing). The simulator has no pixels; the card is drawn from what the unit's device reports:
 *
 * - streaming: SMPTE-like colour bars, the unit's name, where it streams, its bitrate (as the console
 *   shows it, spec 000 §9: the same text as the tile beside the card), a
 *   running timecode (HH:MM:SS from the stream's start) and a bar stepping across the bottom once a
 *   second, in step with it — moved by SMIL `<set>` elements inside the SVG, so the browser moves them without
 *   fetching anything again;
 * - otherwise: a still "no signal" card with the unit's name and status.
 *
 * Why `<set>` chains and not CSS or `<animate>`: Chromium redraws an SVG image with a running CSS
 * or `<animate>` animation at every frame (60 a second, even with `steps()`), but wakes one whose
 * animations are `<set>` elements only when one of them begins or ends: 16 tiles cost about a
 * third (BENCHMARKS.md, "Multiview's live pictures"). Each digit of the timecode is a glyph shown
 * by a `<set>` that begins again one period after it began (`id.begin+period`).
 *
 * The still parts are built once per state shown (`TestCardParts`); the moving part depends on
 * the moment it is served (how long the stream has run) and is written then (`withElapsed`).
 */
import { formatBitrateText } from '@fleet/domain';

export interface TestCardInput {
  readonly name: string;
  /** The unit's status as the console names it in English (streaming, idle, offline, ...). */
  readonly status: string;
  readonly live: boolean;
  /** Where it streams, e.g. "CH1 · Metro-TV hub"; null when it feeds no channel. */
  readonly channel: string | null;
  /** Total bitrate in kbps, drawn as the console shows a bitrate (`formatBitrateText`): a new text, a new card. */
  readonly kbps: number;
}

/** A card's still text, `head` and `tail`; a live card's moving part goes between them when it is served. */
export interface TestCardParts {
  readonly head: string;
  readonly tail: string;
  readonly live: boolean;
}

export const TEST_CARD_TYPE = 'image/svg+xml; charset=utf-8';

const W = 640;
const H = 360;
const DIGIT_H = 30;

const BARS = ['#c0c0c0', '#c0c000', '#00c0c0', '#00c000', '#c000c0', '#c00000', '#0000c0'];
const CASTELLATIONS = ['#0000c0', '#131313', '#c000c0', '#131313', '#00c0c0', '#131313', '#c0c0c0'];

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);
}

/** The bitrate as the console shows it beside the card (spec 000 §9): "5.5 Mbps", "162 kbps", "0 kbps". */
export function cardBitrate(kbps: number): string {
  return formatBitrateText(Math.max(0, kbps)) ?? formatBitrateText(0)!;
}

/** A font size (px in the card's 640 × 360 box) that fits `text` in `width`, at most `max`. */
function fitting(text: string, width: number, max: number): number {
  // An average sans-serif glyph is about 0.6 em wide.
  return Math.max(10, Math.min(max, Math.floor(width / (Math.max(1, text.length) * 0.6))));
}

/**
 * A `<set>` showing its element for `dur` seconds, first at `begin` (seconds from the card's load),
 * again every `period`. No interval may lie wholly before the load: Chromium does not carry a chain
 * (`id.begin+period`) on from an interval that ended before it loaded the picture, so an interval
 * already over starts a period later, and the one running at load also names its next start itself.
 */
function stepSet(id: string, begin: number, dur: number, period: number): string {
  const first = begin <= -dur ? begin + period : begin;
  const at = (t: number) => `${Math.round(t * 1000) / 1000}s`;
  const starts = first <= 0 ? `${at(first)};${at(first + period)}` : at(first);
  return `<set id="${id}" attributeName="visibility" to="visible" begin="${starts};${id}.begin+${period}s" dur="${dur}s"/>`;
}

/**
 * One column of the timecode: `count` values (`pad` digits each), value d shown during
 * [d·unit, (d+1)·unit) of every period of count·unit seconds, the first period shifted so that the
 * column shows the stream's age now (`elapsed` seconds).
 */
function tcColumn(id: string, x: number, count: number, unit: number, pad: number, elapsed: number): string {
  const period = count * unit;
  const shift = elapsed % period;
  let out = '';
  for (let d = 0; d < count; d += 1) {
    out += `<text x="${x}" y="${DIGIT_H}" visibility="hidden">${String(d).padStart(pad, '0')}${stepSet(`${id}${d}`, d * unit - shift, unit, period)}</text>`;
  }
  return out;
}

/** The moving part: the timecode HH:MM:SS and a bar stepping across the bottom (16 places, a second each: it moves when the timecode does, so the picture is redrawn once a second). */
function moving(elapsed: number): string {
  const glyph = 28 * 0.6; // monospace digits are 0.6 em wide
  const at = (i: number) => Math.round(i * 3 * glyph * 10) / 10;
  const colon = (i: number) => `<text x="${Math.round((at(i) + 2 * glyph) * 10) / 10}" y="${DIGIT_H}">:</text>`;
  const places = 16;
  const step = 1;
  const barW = W / places;
  let bar = '';
  for (let p = 0; p < places; p += 1) {
    const set = stepSet(`b${p}`, p * step - (elapsed % (places * step)), step, places * step);
    bar += `<rect x="${p * barW + 6}" y="${H * 0.7}" width="${barW - 12}" height="${H * 0.3}" fill="#fff" fill-opacity=".85" visibility="hidden">${set}</rect>`;
  }
  return (
    bar +
    `<g transform="translate(${W / 2 - 76},${H - 84})"><rect x="-12" y="-4" width="176" height="${DIGIT_H + 12}" rx="4" fill="#000" fill-opacity=".85"/>` +
    `<g font-family="DejaVu Sans Mono,Menlo,Consolas,monospace" font-size="28" fill="#fff">` +
    tcColumn('h', at(0), 24, 3600, 2, elapsed) +
    colon(0) +
    tcColumn('m', at(1), 60, 60, 2, elapsed) +
    colon(1) +
    tcColumn('s', at(2), 60, 1, 2, elapsed) +
    `</g></g>`
  );
}

function liveCard(input: TestCardInput): TestCardParts {
  const name = escapeXml(input.name);
  const channel = input.channel === null ? '—' : escapeXml(input.channel);
  const barW = W / BARS.length;
  const bars = BARS.map((c, i) => `<rect x="${i * barW}" width="${barW + 0.5}" height="${H * 0.62}" fill="${c}"/>`).join('');
  const castle = CASTELLATIONS.map((c, i) => `<rect x="${i * barW}" y="${H * 0.62}" width="${barW + 0.5}" height="${H * 0.08}" fill="${c}"/>`).join('');
  const nameSize = fitting(input.name, W - 80, 40);
  const info = `${channel}  ·  ${cardBitrate(input.kbps)}`;
  const head =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${name}">` +
    `<rect width="${W}" height="${H}" fill="#101010"/>${bars}${castle}` +
    `<rect y="${H * 0.7}" width="${W}" height="${H * 0.3}" fill="#1d1d1d"/>` +
    `<g font-family="DejaVu Sans,Helvetica,Arial,sans-serif" text-anchor="middle">` +
    `<rect x="30" y="52" width="${W - 60}" height="120" rx="8" fill="#000" fill-opacity=".72"/>` +
    `<text x="${W / 2}" y="${98 + nameSize / 4}" font-size="${nameSize}" font-weight="700" fill="#fff">${name}</text>` +
    `<text x="${W / 2}" y="150" font-size="${fitting(info, W - 90, 24)}" fill="#e8e8e8">${escapeXml(info)}</text>` +
    `<text x="40" y="40" text-anchor="start" font-size="16" font-weight="700" fill="#fff" stroke="#000" stroke-width="3" paint-order="stroke">● LIVE</text>` +
    `</g>`;
  return { head, tail: '</svg>', live: true };
}

function stillCard(input: TestCardInput): TestCardParts {
  const name = escapeXml(input.name);
  const status = escapeXml(input.status.toUpperCase());
  const nameSize = fitting(input.name, W - 80, 36);
  const head =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${name}"><defs><pattern id="n" width="8" height="8" patternUnits="userSpaceOnUse"><rect width="8" height="8" fill="#1a1a1a"/><rect width="4" height="4" fill="#232323"/><rect x="4" y="4" width="4" height="4" fill="#202020"/></pattern></defs>` +
    `<rect width="${W}" height="${H}" fill="url(#n)"/>` +
    `<g font-family="DejaVu Sans,Helvetica,Arial,sans-serif" text-anchor="middle" fill="#f1f1f1">` +
    `<text x="${W / 2}" y="150" font-size="40" font-weight="700" letter-spacing="6">NO SIGNAL</text>` +
    `<text x="${W / 2}" y="${200 + nameSize / 3}" font-size="${nameSize}">${name}</text>` +
    `<text x="${W / 2}" y="250" font-size="20" fill="#bdbdbd">${status}</text></g>`;
  return { head, tail: '</svg>', live: false };
}

/** The card's two parts for a unit in this state (built once per state, cached by the caller). */
export function testCardParts(input: TestCardInput): TestCardParts {
  return input.live ? liveCard(input) : stillCard(input);
}

/** The card as served when the stream has run `elapsedMs`: its timecode and bar start there. */
export function withElapsed(parts: TestCardParts, elapsedMs: number): string {
  return parts.live ? `${parts.head}${moving(Math.max(0, elapsedMs) / 1000)}${parts.tail}` : `${parts.head}${parts.tail}`;
}

/** The key of a state the card shows: a new key, a new card. */
export function testCardKey(input: TestCardInput): string {
  return `${input.live ? 1 : 0}|${input.status}|${input.name}|${input.channel ?? ''}|${input.live ? cardBitrate(input.kbps) : ''}`;
}
