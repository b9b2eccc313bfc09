/**
 * Judging the answers to negative bodies (--write): a body the contract refuses must be answered
 * 400 VALIDATION_FAILED with the spec's messages for exactly the fields the contract names, and a
 * read of the same object before and after must not differ.
 */
import { checkErrorAnswer } from './classify.js';
import type { Answer } from './http.js';
import type { Difference } from './report.js';
import type { NegativeBody } from './schema.js';

/** The field problems of an answer's envelope, with the `body.` prefix the core may put on paths taken off. */
function answeredFields(body: unknown): { path: string; message: string }[] | null {
  const fields = (body as { error?: { fields?: unknown } } | undefined)?.error?.fields;
  if (!Array.isArray(fields)) return null;
  return fields
    .filter(
      (f): f is { path: string; message: string } =>
        typeof f === 'object' && f !== null && typeof (f as { path?: unknown }).path === 'string' && typeof (f as { message?: unknown }).message === 'string',
    )
    .map((f) => ({ path: f.path === 'body' ? '' : f.path.replace(/^body\./, ''), message: f.message }));
}

/** The differences between the answer to one negative body and what the contract says about it. */
export function judgeNegative(answer: Answer, neg: NegativeBody): Difference[] {
  const label = `${neg.kind} (${neg.what})`;
  const diffs = checkErrorAnswer(answer.status, answer.body, 400, ['VALIDATION_FAILED'])
    // The envelope's message is the field's, not the code's own: checked below against the field's.
    .filter((d) => d.path !== '$.error.message')
    .map((d) => ({ ...d, path: `${label}: ${d.path}` }));
  if (answer.status !== 400) return diffs;
  const message = (answer.body as { error?: { message?: unknown } } | undefined)?.error?.message;
  const messages = [...new Set(neg.expected.map((f) => f.message))];
  if (typeof message === 'string' && !messages.includes(message)) {
    diffs.push({ path: `${label}: $.error.message`, expected: messages.map((m) => JSON.stringify(m)).join(' | '), received: JSON.stringify(message) });
  }
  const fields = answeredFields(answer.body);
  if (fields) {
    for (const f of neg.expected) {
      if (!fields.some((a) => a.path === f.path && a.message === f.message)) {
        const at = fields.filter((a) => a.path === f.path);
        diffs.push({
          path: `${label}: $.error.fields`,
          expected: `${f.path || '(the body)'}: ${JSON.stringify(f.message)}`,
          received: at.length
            ? at.map((a) => JSON.stringify(a.message)).join(', ')
            : `nothing for ${f.path || 'the body'} (${fields.map((a) => a.path || '(the body)').join(', ') || 'no fields'})`,
        });
      }
    }
  }
  return diffs;
}

/** A read of the same thing before and after the negative bodies: equal status and body. */
export function readBackDiff(before: Answer, after: Answer, what: string): Difference[] {
  if (before.status === after.status && JSON.stringify(before.body) === JSON.stringify(after.body)) return [];
  return [
    {
      path: `read back (${what})`,
      expected: `unchanged: ${before.status}`,
      received: `${after.status}, ${before.status === after.status ? 'another body' : 'another status'} after the refused bodies`,
    },
  ];
}

/** A read of a list after negative bodies to a call without an object: nothing the run named may appear in it. */
export function markerDiff(after: Answer, marker: string, what: string): Difference[] {
  if (!JSON.stringify(after.body ?? '').includes(marker)) return [];
  return [
    {
      path: `read back (${what})`,
      expected: `nothing named ${marker}…`,
      received: 'an object the refused bodies named appears: the core accepted one (remove it by hand)',
    },
  ];
}
