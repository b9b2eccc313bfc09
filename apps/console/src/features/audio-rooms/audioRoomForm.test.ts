import { describe, expect, it } from 'vitest';
import { VALIDATION, type AudioRoom } from '@fleet/contracts';
import { ApiError } from '../../api/ApiError';
import { formErrors, initialValues, savedErrors, toParticipantRefs } from './audioRoomForm';

const room = (id: string, name: string): AudioRoom => ({
  id,
  inventoryId: 'inv',
  name,
  intercom: true,
  serverId: null,
  serverName: null,
  active: false,
  participants: [{ kind: 'unit', id: 'LU-1', name: 'Cam' }],
  participantCount: 1,
  version: 2,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('audio room form', () => {
  it('starts from the room (or empty) and turns picker values into participants', () => {
    expect(initialValues(room('1', 'Desk'))).toEqual({
      name: 'Desk',
      intercom: true,
      serverId: null,
      participants: ['unit:LU-1'],
      saved: [{ kind: 'unit', id: 'LU-1', name: 'Cam' }],
    });
    expect(initialValues(null)).toEqual({ name: '', intercom: false, serverId: null, participants: [], saved: [] });
    expect(toParticipantRefs(['unit:LU-1', 'channel:MMH:CH1', 'bogus:x'])).toEqual([
      { kind: 'unit', id: 'LU-1' },
      { kind: 'channel', id: 'MMH:CH1' },
    ]);
  });

  it('words the name rules as the spec does, the name unique among the other rooms', () => {
    const rooms = [room('1', 'Desk'), room('2', 'Studio')];
    expect(formErrors({ name: '', intercom: false, serverId: null, participants: [], saved: [] }, rooms, null)).toEqual({ name: VALIDATION.required });
    expect(formErrors({ name: 'Has space', intercom: false, serverId: null, participants: [], saved: [] }, rooms, null)).toEqual({
      name: VALIDATION.unitNameCharacters,
    });
    expect(formErrors({ name: 'Desk', intercom: false, serverId: null, participants: [], saved: [] }, rooms, null)).toEqual({ name: VALIDATION.nameUnique });
    expect(formErrors({ name: 'Desk', intercom: false, serverId: null, participants: [], saved: [] }, rooms, '1')).toEqual({});
  });

  it("puts the core's participant errors under the picker", () => {
    const error = new ApiError({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Invalid field',
      fields: [{ path: 'body.participants.2.id', message: VALIDATION.invalidField }],
    });
    expect(savedErrors(error)).toEqual({ participants: VALIDATION.invalidField });
  });
});
