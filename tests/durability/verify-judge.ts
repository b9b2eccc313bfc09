/**
 * The durability check's judging: each key's stored and served values against its ledger (lost,
 * landed, refused yet visible, half-written, phantom), gathered as findings.
 */
import { isDeepStrictEqual } from 'node:util';
import { ADHOC_PERIOD_MS } from '@fleet/contracts';
import { call } from './http.js';
import { Counter, Register, type Verdict } from './ledger.js';
import { MARK, STORY_FIELD_NAMES, can, renameComment, storyFields, type Client, type PendingCreate, type StoryFields, type World } from './world.js';
import { mapLimit, textOrNull, type Served, type Stored, type StoredInvitation, type StoredStory } from './verify-read.js';

export interface Check {
  /** Acknowledged writes not found. */
  lost: number;
  /** Writes in flight at the kill that show (whole). */
  landed: number;
  /** Every loss and inconsistency, one line each. */
  problems: string[];
}

export class Findings implements Check {
  lost = 0;
  landed = 0;
  problems: string[] = [];

  note(message: string): void {
    this.problems.push(message);
  }

  /** One value against its ledger; answers the verdict. */
  value<V>(what: string, reg: Register<V>, actual: V): Verdict {
    const v = reg.judge(actual, isDeepStrictEqual);
    const told = `acknowledged ${show(reg.expected)}${reg.inflight.length ? `, in flight ${reg.inflight.map(show).join(' / ')}` : ''}`;
    if (v === 'lost') this.note(`LOST ${what}: stored ${show(actual)}, ${told}`);
    if (v === 'refusedVisible') this.note(`REFUSED WRITE VISIBLE ${what}: stored ${show(actual)}, which an error answer refused (${told})`);
    return v;
  }

  /**
   * A row's counter against the writes that show: `lostValues` values lost, `landedValues` values
   * in flight that show. Adds the row's losses (the larger of lost values and missing counter steps).
   */
  counter(what: string, counter: Counter, actual: number, lostValues: number, landedValues: number): void {
    const c = counter.judge(actual);
    const lost = Math.max(lostValues, c.shortfall);
    this.lost += lost;
    if (c.shortfall > lostValues) this.note(`LOST ${what}: counter at ${actual}, ${counter.settled} + ${counter.acked} acknowledged writes`);
    if (c.excess > 0)
      this.note(`PHANTOM ${what}: counter at ${actual}, more than the ${counter.settled} + ${counter.acked} acknowledged + ${counter.inflight} in flight`);
    if (lost === 0 && c.excess === 0 && c.landed !== landedValues) {
      this.note(`HALF-WRITTEN ${what}: counter moved by ${c.landed} in-flight write(s), but ${landedValues} in-flight value(s) show`);
    }
    this.landed += lost === 0 ? c.landed : 0;
  }

  same(what: string, api: unknown, db: unknown): void {
    if (!isDeepStrictEqual(api, db)) this.note(`API ≠ DATABASE ${what}: API ${show(api)}, database ${show(db)}`);
  }
}

function show(v: unknown): string {
  return JSON.stringify(v) ?? 'undefined';
}

const count = (verdicts: Verdict[], which: Verdict) => verdicts.filter((v) => v === which).length;

export function judgeUnits(world: World, stored: Stored, served: Served, f: Findings): void {
  for (const u of world.units.values()) {
    const row = stored.units.get(u.id);
    if (!row) {
      f.lost += u.version.acked;
      f.note(`LOST unit ${u.id}: no row`);
      continue;
    }
    const verdicts = [
      f.value(`unit ${u.id} name`, u.name, row.name),
      f.value(`unit ${u.id} file name prefix`, u.prefix, row.prefix),
      f.value(`unit ${u.id} NTP server`, u.ntp, row.ntp),
    ];
    f.counter(`unit ${u.id} version`, u.version, row.version, count(verdicts, 'lost'), count(verdicts, 'landed'));
    if (row.name.startsWith(MARK) && row.comment !== renameComment(row.name)) {
      f.note(`HALF-WRITTEN unit ${u.id} rename: name ${show(row.name)} with comment ${show(row.comment)}`);
    }
    const api = served.units.get(u.id);
    if (api) {
      f.same(
        `unit ${u.id}`,
        { name: api.detail.name, comment: api.detail.comment, prefix: api.detail.filenamePrefix, version: api.detail.version },
        { name: row.name, comment: row.comment, prefix: row.prefix, version: row.version },
      );
      f.same(
        `unit ${u.id} configuration`,
        { prefix: api.config.filenamePrefix, ntp: api.config.ntpTimecode.server, version: api.config.version },
        { prefix: row.prefix, ntp: row.ntp, version: row.version },
      );
    }
    u.name.settle(row.name);
    u.prefix.settle(row.prefix);
    u.ntp.settle(row.ntp);
    u.version.settle(row.version);
  }
}

const wholeStory = (row: StoredStory, marker: string) => isDeepStrictEqual(pickFields(row), storyFields(marker));
const pickFields = (row: StoryFields): StoryFields => Object.fromEntries(STORY_FIELD_NAMES.map((k) => [k, row[k]])) as StoryFields;

export function judgeStories(world: World, stored: Stored, served: Served, f: Findings): void {
  const accounted = new Set<string>();
  for (const s of [...world.stories.values()]) {
    const row = stored.stories.get(s.id);
    accounted.add(s.id);
    if (!row) {
      f.lost += 1 + s.version.acked;
      f.note(`LOST story ${s.id} (${s.fields.expected}): no row with its fields`);
      world.stories.delete(s.id);
      s.owner.stories.splice(s.owner.stories.indexOf(s), 1);
      continue;
    }
    if (!wholeStory(row, row.storyId)) f.note(`HALF-WRITTEN story ${s.id}: fields ${show(pickFields(row))}`);
    const assigned = s.owner.assignUnit !== null && row.unitIds.includes(s.owner.assignUnit);
    const verdicts = [f.value(`story ${s.id} fields`, s.fields, row.storyId), f.value(`story ${s.id} unit ${s.owner.assignUnit}`, s.assigned, assigned)];
    f.counter(`story ${s.id} version`, s.version, row.version, count(verdicts, 'lost'), count(verdicts, 'landed'));
    sameStory(f, served, row);
    s.fields.settle(row.storyId);
    s.assigned.settle(assigned);
    s.version.settle(row.version);
    s.knownVersion = row.version;
  }
  for (const p of world.pending.filter((x) => x.kind === 'story')) {
    const fields = storyFields(p.marker);
    const row = createdRow(f, p, stored.stories.values(), accounted, (r) => STORY_FIELD_NAMES.some((k) => r[k] === fields[k]));
    if (!row) continue;
    if (!wholeStory(row, p.marker)) f.note(`HALF-WRITTEN story create ${p.marker} (${row.id}): fields ${show(pickFields(row))}`);
    sameStory(f, served, row);
    const s = {
      id: row.id,
      inventoryId: p.scope,
      owner: p.owner,
      fields: new Register(row.storyId),
      assigned: new Register(p.owner.assignUnit !== null && row.unitIds.includes(p.owner.assignUnit)),
      version: new Counter(row.version),
      knownVersion: row.version,
    };
    world.stories.set(s.id, s);
    p.owner.stories.push(s);
  }
  for (const row of stored.stories.values()) {
    if (!accounted.has(row.id)) f.note(`PHANTOM story ${row.id}: ${show(pickFields(row))} comes from no write sent`);
  }
}

function sameStory(f: Findings, served: Served, row: StoredStory): void {
  if (row.inventoryId === null || !served.listedInventories.has(row.inventoryId)) return;
  const api = served.stories.get(row.id);
  const apiView = api ? { ...pickFields(api), version: api.version, units: api.units.map((u) => u.uniqueId).sort() } : 'not listed';
  f.same(`story ${row.id}`, apiView, { ...pickFields(row), version: row.version, units: row.unitIds });
}

/**
 * The row a create without an acknowledgement made, when it may show: none for a refused create
 * (whose row must not exist), at most one for one in flight at the kill (a row of its own, whole).
 */
function createdRow<R extends { id: string }>(
  f: Findings,
  p: PendingCreate,
  rows: Iterable<R>,
  accounted: Set<string>,
  made: (row: R) => boolean,
): R | undefined {
  const found = [...rows].filter((r) => !accounted.has(r.id) && made(r));
  for (const r of found) accounted.add(r.id);
  if (found.length > 1) f.note(`DUPLICATE ${p.kind} create ${p.marker}: ${found.length} rows`);
  const row = found[0];
  if (!row) return undefined;
  if (p.outcome === 'rejected') {
    f.note(`REFUSED WRITE VISIBLE ${p.kind} create ${p.marker}: ${p.kind} ${row.id} exists though its creation was answered with an error`);
    return undefined;
  }
  f.landed++;
  return row;
}

const CODE = /^[A-HJ-NP-Z2-9]{8}$/;

function wholeInvitation(row: StoredInvitation, groupId: string, deviceName: string): string | null {
  const problems: string[] = [];
  if (row.groupId !== groupId || !row.groupExists) problems.push(`group ${row.groupId} (expected ${groupId}, exists: ${row.groupExists})`);
  if (row.planType !== 'ADHOC' || row.period !== '1d') problems.push(`plan ${row.planType} period ${row.period}`);
  if (!row.expiresAt || row.expiresAt.getTime() - row.createdAt.getTime() !== ADHOC_PERIOD_MS['1d'])
    problems.push(`expiry ${row.expiresAt?.toISOString()} for creation ${row.createdAt.toISOString()}`);
  if (!CODE.test(row.code)) problems.push(`code ${row.code}`);
  if (row.deviceName !== deviceName || row.usedAt !== null) problems.push(`device name ${row.deviceName}, used ${String(row.usedAt)}`);
  return problems.length ? problems.join('; ') : null;
}

export async function judgeInvitations(world: World, stored: Stored, f: Findings): Promise<void> {
  const accounted = new Set<string>();
  const readBack: { id: string; owner: Client; groupId: string; deviceName: string }[] = [];
  for (const inv of [...world.invitations.values()]) {
    const row = stored.invitations.get(inv.id);
    accounted.add(inv.id);
    if (!row) {
      f.lost += 1 + inv.version.acked;
      f.note(`LOST invitation ${inv.id} (${inv.deviceName}): no row`);
      world.invitations.delete(inv.id);
      inv.owner.invitations.splice(inv.owner.invitations.indexOf(inv), 1);
      continue;
    }
    const broken = wholeInvitation(row, inv.groupId, inv.deviceName);
    if (broken) f.note(`HALF-WRITTEN invitation ${inv.id}: ${broken}`);
    const v = f.value(`invitation ${inv.id} e-mail`, inv.email, row.email ?? '');
    f.counter(`invitation ${inv.id} version`, inv.version, row.version, v === 'lost' ? 1 : 0, v === 'landed' ? 1 : 0);
    if (inv.touched) readBack.push(inv);
    inv.email.settle(row.email ?? '');
    inv.version.settle(row.version);
    inv.touched = false;
  }
  for (const p of world.pending.filter((x) => x.kind === 'invitation')) {
    const row = createdRow(f, p, stored.invitations.values(), accounted, (r) => r.deviceName === p.marker);
    if (!row) continue;
    const broken = wholeInvitation(row, p.scope, p.marker);
    if (broken) f.note(`HALF-WRITTEN invitation create ${p.marker} (${row.id}): ${broken}`);
    const inv = {
      id: row.id,
      owner: p.owner,
      groupId: p.scope,
      deviceName: p.marker,
      email: new Register(row.email ?? ''),
      version: new Counter(row.version),
      touched: false,
    };
    world.invitations.set(inv.id, inv);
    p.owner.invitations.push(inv);
    readBack.push(inv);
  }
  for (const row of stored.invitations.values()) {
    if (!accounted.has(row.id)) f.note(`PHANTOM invitation ${row.id} (${row.deviceName}) comes from no write sent`);
  }
  // No call reads an invitation back: creating it again must be refused because its name is taken.
  await mapLimit(
    readBack.filter((i) => can(i.owner, 'createGroupInvitation')),
    8,
    async (inv) => {
      const a = await call(world.url, inv.owner.cookie, 'createGroupInvitation', {
        params: { id: inv.groupId },
        body: { deviceName: inv.deviceName, email: 'probe@example.com', period: '1d' },
      });
      if (a.outcome === 'rejected' && a.code === 'NAME_IN_USE') return;
      f.note(
        `API ≠ DATABASE invitation ${inv.id}: creating ${inv.deviceName} again answered ${a.outcome === 'unknown' ? a.error : `${a.status} ${a.outcome === 'rejected' ? a.code : ''}`}, not 409 NAME_IN_USE`,
      );
      if (a.outcome === 'acked') {
        // The probe made a row of its own: keep it known, so it is not reported again as a phantom.
        const probe = {
          id: a.body.id,
          owner: inv.owner,
          groupId: inv.groupId,
          deviceName: inv.deviceName,
          email: new Register('probe@example.com'),
          version: new Counter(0),
          touched: false,
        };
        world.invitations.set(probe.id, probe);
      }
    },
  );
}

export function judgePrefs(world: World, stored: Stored, served: Served, f: Findings): void {
  for (const [userId, version] of world.prefVersions) {
    const row = stored.prefs.get(userId);
    const keys = world.prefs.filter((k) => k.userId === userId);
    if (!row) {
      f.lost += version.acked;
      f.note(`LOST preferences of user ${userId}: no row`);
      continue;
    }
    const verdicts = keys.map((k) => f.value(`preference ${k.field} of ${k.owner.username}`, k.value, textOrNull(row.data[k.field])));
    f.counter(`preferences of ${keys[0]?.owner.username ?? userId} version`, version, row.version, count(verdicts, 'lost'), count(verdicts, 'landed'));
    const api = served.prefs.get(userId);
    if (api) {
      const apiFields = api as Record<string, unknown>;
      for (const [field, value] of Object.entries(row.data)) f.same(`preference ${field} of user ${userId}`, apiFields[field], value);
    }
    for (const k of keys) k.value.settle(textOrNull(row.data[k.field]));
    version.settle(row.version);
  }
}

export function judgeFiles(world: World, stored: Stored, served: Served, f: Findings): void {
  for (const file of world.files.values()) {
    const row = stored.files.get(file.id);
    if (!row) {
      f.lost += file.version.acked;
      f.note(`LOST channel file ${file.id}: no row`);
      continue;
    }
    const name = f.value(`channel file ${file.id} name`, file.name, row.fileName);
    const chunks = file.chunks.judge(row.chunks.length);
    if (chunks.shortfall > 0)
      f.note(`LOST channel file ${file.id} chunks: ${row.chunks.length} stored, ${file.chunks.settled} + ${file.chunks.acked} acknowledged`);
    if (chunks.excess > 0) f.note(`PHANTOM channel file ${file.id} chunks: ${row.chunks.length} stored, more than were sent`);
    // One version step per rename and per chunk.
    f.counter(
      `channel file ${file.id} version`,
      file.version,
      row.version,
      (name === 'lost' ? 1 : 0) + chunks.shortfall,
      (name === 'landed' ? 1 : 0) + chunks.landed,
    );
    const indices = row.chunks.map((c) => c.index);
    const n = indices.length;
    if (
      n > 0 &&
      (row.chunkIndex !== n ||
        !isDeepStrictEqual(
          indices,
          Array.from({ length: n }, (_, i) => i + 1),
        ))
    ) {
      f.note(`HALF-WRITTEN channel file ${file.id} chunks: indices ${show(indices)} with chunk index ${row.chunkIndex}`);
    }
    const api = served.files.get(file.id);
    if (served.listedGroups.has(file.groupId)) {
      const apiView = api ? { fileName: api.fileName, chunkIndex: api.chunkIndex, chunks: api.chunks.map((c) => c.id), version: api.version } : 'not listed';
      f.same(`channel file ${file.id}`, apiView, {
        fileName: row.fileName,
        chunkIndex: row.chunkIndex,
        chunks: row.chunks.map((c) => c.id),
        version: row.version,
      });
    }
    file.name.settle(row.fileName);
    file.chunks.settle(row.chunks.length);
    file.version.settle(row.version);
  }
}

/** Every client's acknowledged log-in still holds: its session answers. */
export async function judgeSessions(world: World, f: Findings): Promise<void> {
  await mapLimit(world.clients, 8, async (c) => {
    const a = await call(world.url, c.cookie, 'getCurrentUser', {});
    if (a.outcome === 'acked') return;
    f.lost++;
    f.note(`LOST session of client ${c.index} (${c.username}): ${a.outcome === 'rejected' ? `${a.status} ${a.code}` : a.error}`);
  });
}
