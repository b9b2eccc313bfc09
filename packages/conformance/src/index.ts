/** @fleet/conformance: check a running core against the endpoint catalogue and the /ws protocol. */
export { runConformance, type ConformanceOptions } from './run.js';
export { formatText, formatHtml, totalsOf, byArea, formatDifference, type Report, type CheckResult, type Difference, type Outcome } from './report.js';
export { routePresence, checkErrorAnswer, messageMatches } from './classify.js';
export { compareWithSchema, differencesFromIssues, jsonPath } from './diff.js';
export { parseCliArgs, main } from './cli.js';
