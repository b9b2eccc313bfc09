import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '@fleet/contracts';
import { messageOf } from './commands.js';

describe('messageOf: the words of a command outcome’s error code', () => {
  it('is the catalogue’s message for a code it knows', () => {
    expect(messageOf('UNIT_OFFLINE')).toBe(ERROR_CATALOGUE.UNIT_OFFLINE.message);
  });

  it('is null without a code or for a code the catalogue does not know', () => {
    expect(messageOf(null)).toBeNull();
    expect(messageOf('NOT_A_CODE')).toBeNull();
    expect(messageOf('toString')).toBeNull();
  });
});
