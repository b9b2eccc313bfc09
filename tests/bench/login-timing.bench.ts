/**
 * How long a refused log-in takes, by why it is refused: a wrong password for a real user (the
 * baseline, same run) against an unknown username and an inactive user. The core checks one
 * password against a hash with the current scrypt parameters in all three cases, so the answers
 * must take about as long: a username cannot be found out by the clock. (The integration test
 * login-sessions.test.ts proves the same work is done — one verify with the current parameters
 * each; this measures that the clock agrees, where a loaded CI machine cannot.)
 *
 * The core runs in this process (the log-in path with its production scrypt parameters, the demo
 * seed), each attempt from an address of its own so the per-address throttle never answers, with
 * the per-account limit raised so the real user is never locked out. Attempts alternate between
 * the three kinds so a change in the machine's load touches all of them alike.
 *
 *   pnpm --filter @fleet/tests exec tsx bench/login-timing.bench.ts [--rounds 30] [--provider sqlite|postgresql]
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { hashPassword } from '@fleet/db';
import { DEMO_PASSWORD, startTestStack } from '../support/stack.js';
import { machine, percentile, ratio, round } from './harness.js';
import { recordResult } from './record.js';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '30' }, provider: { type: 'string', default: 'sqlite' } } });
const rounds = Number(values.rounds);
const provider = values.provider === 'postgresql' ? 'postgresql' : 'sqlite';
const loadAtStart = loadavg()[0]!;

const stack = await startTestStack({
  provider,
  simulator: false,
  productionPasswords: true,
  env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000000', LOGIN_MAX_FAILURES_PER_ADDRESS: '1000000' },
});
const INACTIVE = 'bench-inactive';
await stack.app.services.db.user.create({
  data: {
    id: INACTIVE,
    username: INACTIVE,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    active: false,
    email: 'bench-inactive@example.com',
    firstName: 'Bench',
    lastName: 'Inactive',
    userType: 'luc_regular',
    roles: ['luc_regular'],
  },
});

let address = 0;
async function refusedIn(username: string, password: string): Promise<number> {
  address += 1;
  const started = performance.now();
  const res = await stack.app.inject({
    method: 'POST',
    url: '/mock/auth/login',
    remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
    payload: { username, password },
  });
  const ms = performance.now() - started;
  if (res.statusCode !== 401) throw new Error(`${username}: expected 401, got ${res.statusCode} ${res.body}`);
  return ms;
}

const kinds = {
  wrongPassword: () => refusedIn('luc_studio', 'Wrong-pass-1'),
  unknownUser: () => refusedIn(`nobody-${address}`, 'Wrong-pass-1'),
  inactiveUser: () => refusedIn(INACTIVE, DEMO_PASSWORD),
};
type Kind = keyof typeof kinds;
const times: Record<Kind, number[]> = { wrongPassword: [], unknownUser: [], inactiveUser: [] };

// Warm-up: the first answers compile the path.
for (const kind of Object.keys(kinds) as Kind[]) await kinds[kind]();
for (let i = 0; i < rounds; i++) for (const kind of Object.keys(kinds) as Kind[]) times[kind].push(await kinds[kind]());
await stack.close();

const summary = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return { medianMs: round(percentile(sorted, 0.5), 1), p90Ms: round(percentile(sorted, 0.9), 1) };
};
const result = {
  benchmark: 'a refused log-in: wrong password (baseline) vs unknown and inactive user',
  when: new Date().toISOString(),
  provider,
  rounds,
  wrongPassword: summary(times.wrongPassword),
  unknownUser: summary(times.unknownUser),
  inactiveUser: summary(times.inactiveUser),
  /** Median of each refusal over the wrong password's (1 = the same). */
  unknownOverWrong: ratio(summary(times.unknownUser).medianMs, summary(times.wrongPassword).medianMs),
  inactiveOverWrong: ratio(summary(times.inactiveUser).medianMs, summary(times.wrongPassword).medianMs),
  machine: machine(loadAtStart),
};
console.log(JSON.stringify(result, null, 2));
recordResult(provider === 'sqlite' ? 'login-timing' : `login-timing-${provider}`, result);
const off = [result.unknownOverWrong, result.inactiveOverWrong].filter((r) => r < 0.8 || r > 1.25);
if (off.length > 0) {
  console.error(`a refusal's time differs from a wrong password's by more than 25 %: ${off.join(', ')}`);
  process.exitCode = 1;
}
