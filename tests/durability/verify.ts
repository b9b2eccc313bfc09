/**
 * The checks after a restart, each key read twice — from the database directly (Prisma, @fleet/db
 * createDb) and through the API as its writer sees it — and judged against its ledger:
 *
 * 1. every acknowledged write is there: each key shows its last acknowledged value or the value of
 *    the write in flight at the kill, and the row's counter (version, chunk count) moved by at
 *    least the acknowledged writes; a created row whose creation was acknowledged exists; every
 *    client's session (an acknowledged log-in) still works;
 * 2. nothing half-written shows: a rename sets name and comment together; a story's eight fields
 *    carry one write's marker; an assignment moves the story's version with its unit link; an
 *    invitation has its group, plan, period and expiry; a chunk list and its chunk index agree; the
 *    counter moved by exactly the writes whose values show (no value without its version step, no
 *    version step without its value); a refused write never shows; no row appears that no write
 *    created, and none twice;
 * 3. what the API answers equals the rows (units: name, comment, prefix, NTP server, version;
 *    stories: fields, version, units; preferences; channel files: name, chunks, version); a guest
 *    invitation, which has no read call, is read back by creating it again: the name must be taken.
 *
 * Afterwards every key starts again from what is stored. *
 * The reading is in verify-read.ts, the judging in verify-judge.ts.
 */
import { MARK, type World } from './world.js';
import { Findings, judgeFiles, judgeInvitations, judgePrefs, judgeSessions, judgeStories, judgeUnits, type Check } from './verify-judge.js';
import { readServed, readStored, textOrNull } from './verify-read.js';

export type { Check } from './verify-judge.js';

/** Read every key from the database and the API, judge it, and settle it on what is stored. */
export async function verify(world: World, databaseUrl: string): Promise<Check> {
  const f = new Findings();
  await judgeSessions(world, f);
  const stored = await readStored(databaseUrl, world);
  const served = await readServed(world);
  for (const failure of served.failures) f.note(failure);
  judgeUnits(world, stored, served, f);
  judgeStories(world, stored, served, f);
  await judgeInvitations(world, stored, f);
  judgePrefs(world, stored, served, f);
  judgeFiles(world, stored, served, f);
  world.pending.length = 0;
  return { lost: f.lost, landed: f.landed, problems: f.problems };
}

/** Before the first round: every key starts from what is stored (nothing is judged). */
export async function settleFromStore(world: World, databaseUrl: string): Promise<void> {
  const stored = await readStored(databaseUrl, world);
  for (const u of world.units.values()) {
    const row = stored.units.get(u.id);
    if (!row) throw new Error(`unit ${u.id} is not in the database`);
    u.name.settle(row.name);
    u.prefix.settle(row.prefix);
    u.ntp.settle(row.ntp);
    u.version.settle(row.version);
  }
  for (const [userId, version] of world.prefVersions) {
    const row = stored.prefs.get(userId);
    version.settle(row?.version ?? 0);
    for (const k of world.prefs) if (k.userId === userId) k.value.settle(textOrNull(row?.data[k.field]));
  }
  for (const file of world.files.values()) {
    const row = stored.files.get(file.id);
    if (!row) throw new Error(`channel file ${file.id} is not in the database`);
    file.name.settle(row.fileName);
    file.chunks.settle(row.chunks.length);
    file.version.settle(row.version);
  }
  if (stored.stories.size > 0 || stored.invitations.size > 0) throw new Error(`the fresh database already has rows marked ${MARK}`);
}
