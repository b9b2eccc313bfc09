import { describe, expect, it } from 'vitest';
import { dateTimeFormat } from './dateFormat';

describe('dateTimeFormat', () => {
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'short', timeStyle: 'short' };

  it('formats as the browser does for the language and style', () => {
    const at = Date.UTC(2026, 10, 27, 21, 5);
    expect(dateTimeFormat('en', options).format(at)).toBe(new Date(at).toLocaleString('en', options));
    expect(dateTimeFormat('zh', options).format(at)).toBe(new Date(at).toLocaleString('zh', options));
  });

  it('builds one formatter per language and style', () => {
    expect(dateTimeFormat('en', options)).toBe(dateTimeFormat('en', { ...options }));
    expect(dateTimeFormat('en', options)).not.toBe(dateTimeFormat('zh', options));
    expect(dateTimeFormat('en', options)).not.toBe(dateTimeFormat('en', { dateStyle: 'medium' }));
  });
});
