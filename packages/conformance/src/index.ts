/** @fleet/conformance: check a running core against the endpoint catalogue and the /ws protocol. */
export { runConformance, DEFAULT_RPS, type ConformanceOptions } from './run.js';
export {
  formatText,
  formatHtml,
  formatJunit,
  totalsOf,
  byArea,
  formatDifference,
  fails,
  type Report,
  type CheckResult,
  type Difference,
  type Outcome,
} from './report.js';
export { routePresence, checkErrorAnswer, messageMatches } from './classify.js';
export { compareWithSchema, differencesFromIssues, jsonPath } from './diff.js';
export { planRun, planCovers, formatPlan, type PlannedRequest } from './plan.js';
export { AuthError, type SentRequest } from './http.js';
export { parseCliArgs, main } from './cli.js';
