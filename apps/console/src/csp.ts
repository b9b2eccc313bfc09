/**
 * The console runs under the core's content security policy (SECURITY.md): no eval. zod's forms
 * parse without compiling code, and without probing for eval first (the browser reports even a
 * caught `new Function` as a policy violation). Imported first by main.tsx, before any schema is built.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });
