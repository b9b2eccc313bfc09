/**
 * The audio room form's rules, as the core checks them: the catalogue body schema (the §5 name
 * rule in the spec's words), the name unique in the inventory ("Name field has to be unique")
 * against the rooms the list holds, and the core's own field errors onto the fields (a
 * participant's problem under the participants picker). No React here.
 */
import { AUDIO_ROOM_PARTICIPANT_KINDS, CreateAudioRoomBody, VALIDATION, type AudioRoom, type AudioRoomParticipantKind } from '@fleet/contracts';
import { checkSchema, mergeErrors, serverFieldErrors, toFormFields, type FieldErrors } from '../../lib/forms/fieldErrors';

export type AudioRoomFormValues = Readonly<ReturnType<typeof initialValues>>;

/**
 * A room's form (null: a new one): the IFB server (a server of the inventory) or none, `kind:id`
 * of each participant (the picker's values), and the participants as saved (`saved`: the picker
 * names one the inventory no longer has).
 */
export function initialValues(room: AudioRoom | null) {
  const saved = room?.participants ?? [];
  return {
    name: room?.name ?? '',
    intercom: room?.intercom ?? false,
    serverId: room?.serverId ?? null,
    participants: saved.map((p) => participantValue(p.kind, p.id)),
    saved,
  };
}

export const participantValue = (kind: AudioRoomParticipantKind, id: string) => `${kind}:${id}`;

export function toParticipantRefs(values: readonly string[]) {
  return values.flatMap((value) => {
    const kind = AUDIO_ROOM_PARTICIPANT_KINDS.find((k) => value.startsWith(`${k}:`));
    return kind ? [{ kind, id: value.slice(kind.length + 1) }] : [];
  });
}

/** Errors by form field (name, participants); empty when the form may be sent. */
export function formErrors(values: AudioRoomFormValues, rooms: readonly AudioRoom[], editingId: string | null): FieldErrors {
  const schema = toFormFields(checkSchema(CreateAudioRoomBody, toBody(values)));
  const taken = rooms.some((r) => r.name === values.name && r.id !== editingId);
  return mergeErrors(schema, taken ? { name: VALIDATION.nameUnique } : {});
}

/** The create/update body of the form's values. */
export function toBody(values: AudioRoomFormValues) {
  return { name: values.name, intercom: values.intercom, serverId: values.serverId, participants: toParticipantRefs(values.participants) };
}

/** The core's field errors of a failed save, on the form's fields. */
export function savedErrors(error: unknown): FieldErrors {
  return toFormFields(serverFieldErrors(error));
}
