import { describe, expect, it } from 'vitest';
import { checkErrorAnswer, messageMatches, routePresence } from './classify.js';

describe('missing call or missing object', () => {
  it('tells a missing route from an existing one by the answer without a session', () => {
    // Every catalogue route checks the session before the object: 401 means the route exists...
    expect(routePresence(401)).toBe('present');
    // ...while an unknown route answers 404 (or 405/501) whatever the session.
    expect(routePresence(404)).toBe('missing');
    expect(routePresence(405)).toBe('missing');
    expect(routePresence(501)).toBe('missing');
    // Anything else says nothing about the route (an open route, a gateway's refusal).
    expect(routePresence(200)).toBe('unknown');
    expect(routePresence(403)).toBe('unknown');
  });
});

describe('error answers', () => {
  const notFound = { error: { code: 'NOT_FOUND', message: 'Items cannot be displayed. Please contact support' } };

  it('accepts the status, envelope, code and message of the catalogue', () => {
    expect(checkErrorAnswer(404, notFound, 404, ['NOT_FOUND'])).toEqual([]);
    expect(checkErrorAnswer(401, { error: { code: 'UNAUTHENTICATED', message: 'Authentication required' } }, 401, ['UNAUTHENTICATED'])).toEqual([]);
  });

  it('names each difference: status, body without an envelope, code, message', () => {
    expect(checkErrorAnswer(200, notFound, 404)).toEqual([{ path: 'status', expected: '404', received: '200' }]);
    expect(checkErrorAnswer(404, '<html>Not Found</html>', 404)).toEqual([
      { path: '$.error', expected: 'an error envelope { error: { code, message } }', received: 'text "<html>Not Found</html>"' },
    ]);
    expect(checkErrorAnswer(404, { error: { code: 'GONE', message: 'x' } }, 404, ['NOT_FOUND'])).toEqual([
      { path: '$.error.code', expected: '"NOT_FOUND"', received: '"GONE"' },
    ]);
    expect(checkErrorAnswer(404, { error: { code: 'NOT_FOUND', message: 'Not here' } }, 404)).toEqual([
      { path: '$.error.message', expected: '"Items cannot be displayed. Please contact support"', received: '"Not here"' },
    ]);
    expect(checkErrorAnswer(404, { error: { code: 'SOMETHING', message: 'x' } }, 404)).toEqual([
      { path: '$.error.code', expected: 'a code of the error catalogue', received: '"SOMETHING"' },
    ]);
  });

  it('matches catalogue messages with placeholders', () => {
    expect(
      messageMatches(
        'Output channel license is exceeded (the server supports up to {0} output channels)',
        'Output channel license is exceeded (the server supports up to 4 output channels)',
      ),
    ).toBe(true);
    expect(messageMatches('Up to {0} items', 'Up to items')).toBe(false);
    expect(messageMatches('Exact (text)', 'Exact (text)')).toBe(true);
  });
});
