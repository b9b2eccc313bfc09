/**
 * What the start path refuses before it opens storage (SECURITY.md "Mock-only surfaces"): a secret
 * left at a placeholder (`change-me…`, as a copied example ships it) or too short to resist
 * guessing. Tests and benchmarks build the app directly and are not held to it.
 */
import type { Config } from './env.js';

/** Exit status of a start refused for its configuration (sysexits EX_CONFIG). */
export const EXIT_UNSAFE_CONFIG = 78;

export const MIN_SECRET_LENGTH = 16;

const PLACEHOLDER = /^(change[-_ ]?me|changeit|replace[-_ ]?me|your[-_ ]|placeholder|example|secret$|password$|token$|default$|todo$|xxx)/i;

const SECRETS = ['GATEWAY_TOKEN', 'DOWNLOAD_URL_SECRET'] as const;

/** One line per secret that must not be used; empty when the configuration may start. */
export function unsafeSecrets(config: Pick<Config, (typeof SECRETS)[number]>): string[] {
  const problems: string[] = [];
  for (const name of SECRETS) {
    const value = config[name];
    if (value === '') continue; // unset: shards refused / a random per-process secret
    if (PLACEHOLDER.test(value.trim())) problems.push(`${name} is a placeholder ("${value}"): set a secret of your own`);
    else if (value.length < MIN_SECRET_LENGTH) problems.push(`${name} is shorter than ${MIN_SECRET_LENGTH} characters`);
  }
  return problems;
}

/** Ends the process (status 78) with one readable message when a secret is unsafe. */
export function exitOnUnsafeSecrets(config: Pick<Config, (typeof SECRETS)[number]>): void {
  const problems = unsafeSecrets(config);
  if (problems.length === 0) return;
  console.error(`Cannot start: unsafe configuration\n${problems.map((p) => `  ${p}`).join('\n')}\n(generate one with: openssl rand -hex 24)`);
  process.exit(EXIT_UNSAFE_CONFIG);
}
