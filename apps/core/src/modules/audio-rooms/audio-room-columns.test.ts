import { describe, expect, it } from 'vitest';
import { audioRoomParticipants } from './audio-room-columns.js';

describe('audio room participants as stored', () => {
  it('keeps the entries that name a kind and an id, and drops the others', () => {
    const stored = [{ kind: 'unit', id: 'u1' }, { kind: 'robot', id: 'x' }, { kind: 'user', id: '' }, 'channel:c1', { kind: 'channel', id: 'c1' }];
    expect(audioRoomParticipants.read(stored)).toEqual([
      { kind: 'unit', id: 'u1' },
      { kind: 'channel', id: 'c1' },
    ]);
  });

  it('reads a column that is not a list as no participants', () => {
    expect(audioRoomParticipants.read({ kind: 'unit', id: 'u1' })).toEqual([]);
    expect(audioRoomParticipants.read(null)).toEqual([]);
  });
});
