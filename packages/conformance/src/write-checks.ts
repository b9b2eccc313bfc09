/**
 * The write step of a run: nothing by default; with --probe-writes the probes that cannot change
 * anything (no session; outside the user's roles, with made-up ids and a refused body); with
 * --write also the triples on the run's own objects and the negative bodies, each read back.
 */
import { pathParamNames, routeOf, type Call } from './calls.js';
import { checkErrorAnswer } from './classify.js';
import { judgeNegative, markerDiff, readBackDiff } from './negative.js';
import { madeUpParams, probeIsHarmless, readOfSamePath } from './probes.js';
import type { Difference } from './report.js';
import { REFUSED_BODY, negativeBodies } from './schema.js';
import { runWriteChecks } from './writes.js';

/** Requests per second unless told otherwise: modest enough for a production core. */
export const DEFAULT_RPS = 5;
import { CODES_403, madeUpQuery, type RunContext } from './run-context.js';

/** The write checks the run's options allow; the others are reported as not sent. */
export async function checkWrites(ctx: RunContext): Promise<void> {
  const { client, log, write, probeWrites, marker, results, cleanupFailures, add, sel, pool, request, result, skipped, checkNoSessionAll, allowed, roles } =
    ctx;
  const { all, reported } = sel;
  const writes = sel.writes;
  if (!probeWrites) {
    for (const call of writes) add(skipped(call, 'write', 'not sent: write calls are sent only with --probe-writes (probes that change nothing) or --write'));
  } else {
    log('write probes');
    const writePresent = await checkNoSessionAll(writes);
    for (const call of writes) {
      if (!writePresent.get(call.id)) continue;
      if (!allowed(call.def)) await checkWriteRole(call);
    }
    const negativesSent = new Set<string>();
    if (write) {
      log('write checks');
      const w = await runWriteChecks({ client, pool, allowed, calls: all, reported, marker });
      for (const r of w.results) {
        // A read checked on the run's own object replaces its "not checked" line.
        if (r.check === 'read' && r.outcome === 'conforms') {
          const i = results.findIndex((x) => x.call === r.call && x.check === 'read' && x.outcome === 'not checked');
          if (i >= 0) results.splice(i, 1);
        }
        add(r);
      }
      cleanupFailures.push(...w.cleanupFailures);
      for (const id of w.negativesSent) negativesSent.add(id);
      log('negative bodies');
      for (const call of writes) {
        if (writePresent.get(call.id) && allowed(call.def) && call.def.body && !negativesSent.has(call.id)) await checkNegatives(call);
      }
    }
    for (const call of writes) {
      if (!writePresent.get(call.id) || !allowed(call.def) || results.some((r) => r.call === call.id && r.check === 'write')) continue;
      add(skipped(call, 'write', write ? 'no create/remove triple of the run covers it' : "the user's role may make it: sent only with --write"));
    }
  }

  /**
   * A write outside the user's roles, with the session: 403 before any validation. Made-up ids and
   * a body the contract refuses, so nothing changes even if the guard is missing.
   */
  async function checkWriteRole(call: Call): Promise<void> {
    if (!probeIsHarmless(call.def)) {
      add(skipped(call, 'role', 'not sent: it takes no body and names no object, so nothing would refuse it if the role guard were missing'));
      return;
    }
    const { params } = madeUpParams(call.def);
    const a = await request(
      call.def,
      { params, query: {} },
      "role: 403 expected (the user's roles are not among the call's); made-up ids, a refused body",
      true,
      call.def.body ? REFUSED_BODY : undefined,
    );
    add(
      result(
        call,
        'role',
        checkErrorAnswer(a.status, a.body, 403, CODES_403),
        `role ${roles.join(', ') || '?'} is not among the call's roles (made-up ids${call.def.body ? ', a body the contract refuses' : ''})`,
      ),
    );
  }

  /**
   * Negative bodies (--write) on made-up ids: each refused with 400 and the spec's messages. Read
   * back with the GET of the same path: a list a POST would add to must not show anything the
   * refused bodies named; any other read (a made-up id's, the user's own settings) must answer as
   * before.
   */
  async function checkNegatives(call: Call): Promise<void> {
    if (!call.def.body) return;
    const negatives = negativeBodies(call.def.body, marker);
    if (!negatives.length) return add(skipped(call, 'negative body', 'the run can make no body the contract refuses'));
    const { params, fit } = madeUpParams(call.def);
    if (!fit) return add(skipped(call, 'negative body', 'no made-up value fits the path parameters'));
    const query = madeUpQuery(call.def);
    if (!query) return add(skipped(call, 'negative body', 'its required query parameters could not be made up'));
    const read = readOfSamePath(all, call.def);
    const readQuery = read ? madeUpQuery(read.def) : null;
    const readBack =
      read && readQuery && allowed(read.def) ? (when: string) => request(read.def, { params, query: readQuery }, `negative body: read back ${when}`) : null;
    const byId = pathParamNames(call.def.path).length > 0;
    // A POST to a collection would make an object: the list must not show one named by the run.
    // Anything else (an object of a made-up id, the user's own settings) must read back the same.
    const collection = call.def.method === 'POST' && !byId;
    const before = readBack ? await readBack('before') : null;
    const diffs: Difference[] = [];
    for (const neg of negatives) {
      const a = await request(call.def, { params, query }, `negative body (${neg.kind}): 400 expected`, true, neg.body);
      diffs.push(...judgeNegative(a, neg));
    }
    if (readBack && before && read) {
      const after = await readBack('after');
      const changed = collection
        ? markerDiff(after, marker, routeOf(read.def))
        : readBackDiff(before, after, `${routeOf(read.def)}${byId ? ' with the made-up ids' : ''}`);
      if (changed.length && collection)
        cleanupFailures.push(`${routeOf(call.def)} accepted a refused body: look for objects named ${marker}… in ${routeOf(read.def)}`);
      diffs.push(...changed);
    }
    const sent = negatives.map((n) => `${n.kind}: ${n.what}`).join('; ');
    add(result(call, 'negative body', diffs, `${byId ? 'made-up ids; ' : ''}${sent}${readBack ? '' : ' (no read of the same path to check nothing changed)'}`));
  }
}
