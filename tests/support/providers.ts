/** Which databases a test run covers. */

export type Provider = 'sqlite' | 'postgresql';

/**
 * The providers this run tests: `TEST_PROVIDER` (sqlite or postgresql) names one, as the test
 * command's two integration phases do; unset, SQLite and, with `DATABASE_URL_PG`, PostgreSQL.
 */
function providersOfRun(): Provider[] {
  const only = process.env.TEST_PROVIDER;
  if (only === 'sqlite' || only === 'postgresql') return [only];
  if (only) throw new Error(`TEST_PROVIDER must be sqlite or postgresql, not ${only}`);
  return ['sqlite', 'postgresql'];
}

/**
 * PostgreSQL's URL when this run tests PostgreSQL. PostgreSQL is part of the test command: a run
 * that must include it (REQUIRE_PG=1) fails loudly without it.
 */
export function pgUrl(): string | undefined {
  if (!providersOfRun().includes('postgresql')) return undefined;
  const url = process.env.DATABASE_URL_PG;
  if (!url && process.env.REQUIRE_PG === '1') throw new Error('DATABASE_URL_PG is not set but REQUIRE_PG=1: start PostgreSQL with scripts/pg-up.sh');
  return url;
}

export const providers = (): Provider[] => providersOfRun().filter((p) => p === 'sqlite' || pgUrl() !== undefined);

/** Whether this run covers `provider`: a block that runs on one provider only is skipped in the other's phase. */
export const covers = (provider: Provider): boolean => providersOfRun().includes(provider);
