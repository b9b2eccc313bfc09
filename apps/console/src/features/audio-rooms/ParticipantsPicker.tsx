/**
 * The participants picker of an audio room (spec 001 §3 Audio room: participants): the units,
 * channels and users of the room's inventory (GET v2/inventories/{id}/audioRoomParticipants), by
 * kind; a participant no longer in the inventory stays visible (and removable) under its old name.
 * Values are `kind:id` (audioRoomForm.participantValue). Used by the room's form and by the
 * participants dialog of the list.
 */
import { useMemo } from 'react';
import { MultiSelect } from '../../components/MultiSelect';
import type { ReactNode } from 'react';

import { useTranslation } from 'react-i18next';
import { AUDIO_ROOM_PARTICIPANT_KINDS, type AudioRoomCandidates, type AudioRoomParticipant } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { participantValue } from './audioRoomForm';
import { enumLabel } from '../../lib/tolerant';

/** The inventory's candidates (the room's form also offers their servers). */
export function useRoomCandidates(inventoryId: string) {
  return useEndpointQuery('listAudioRoomCandidates', { params: { id: inventoryId } });
}

interface ParticipantsPickerProps {
  readonly candidates: AudioRoomCandidates | undefined;
  /** The room's participants as saved (their names, when the inventory no longer has them). */
  readonly saved: readonly AudioRoomParticipant[];
  readonly value: readonly string[];
  readonly onChange: (value: string[]) => void;
  readonly error: ReactNode;
  readonly testId: string;
}

export function ParticipantsPicker({ candidates, saved, value, onChange, error, testId }: ParticipantsPickerProps) {
  const { t } = useTranslation();
  const options = useMemo(() => {
    if (!candidates) return [];
    const known = new Set<string>();
    const groups = AUDIO_ROOM_PARTICIPANT_KINDS.map((kind) => ({
      group: enumLabel(t, 'audioRooms.kinds', kind),
      items: candidates[`${kind}s`].map((item) => {
        known.add(participantValue(kind, item.id));
        return { value: participantValue(kind, item.id), label: item.name };
      }),
    }));
    const stale = saved.filter((p) => !known.has(participantValue(p.kind, p.id)));
    return stale.length === 0
      ? groups
      : [...groups, { group: t('audioRooms.kinds.other'), items: stale.map((p) => ({ value: participantValue(p.kind, p.id), label: p.name })) }];
  }, [candidates, saved, t]);
  return (
    <MultiSelect
      label={t('audioRooms.fields.participants')}
      placeholder={candidates === undefined ? t('common.loading') : t('audioRooms.fields.participantsHint')}
      data={options}
      value={[...value]}
      onChange={onChange}
      searchable
      clearable
      nothingFoundMessage={t('audioRooms.fields.noCandidates')}
      error={error}
      comboboxProps={{ withinPortal: true }}
      data-testid={testId}
    />
  );
}
