/**
 * The console runs under the core's content security policy (SECURITY.md): no eval. zod's forms
 * parse without compiling code, and without probing for eval first (the browser reports even a
 * caught `new Function` as a policy violation). Imported first by main.tsx, before any schema is built.
 *
 * zod keeps its settings on `globalThis.__zod_globalConfig` (shared by every copy of zod, read when a
 * schema parses); setting it there, rather than through `config()` from zod/v4/core, keeps zod out of
 * the entry file: the schemas load with the pages that use them (scripts/chunks.ts). csp.test.ts
 * holds zod's own `config()` to it.
 */
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig ?? {}, { jitless: true });

export {};
