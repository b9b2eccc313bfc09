/**
 * Stream media profiles (spec 001 §2 /system_settings stream_media_profile; §3 min and max
 * resolution, fps, bitrate, attributes JSON; §5 values 0-2147483647): the profiles, searchable and
 * sortable; super user and staff add, edit and delete them. Values outside 0-2147483647 and a min
 * resolution above the max are refused inline in the spec's words. The streaming destinations offer
 * the same profiles. Kept current over /ws.
 */
import { useState } from 'react';
import { NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StreamMediaProfileSetting } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { useSettingsMutation } from './settingsForm';
import { useFieldError } from '../../lib/forms/useFieldError';
import { useForm } from '../../lib/forms/useForm';
import { SettingsFormModal, useSettingsLive, type SettingsColumn } from './SettingsFrame';
import { formNote, StreamSettingsTab, JsonField, useFormSave, useStreamSettingsList } from './StreamSettingParts';
import { checkMedia, MEDIA_VALUE_FIELDS, mediaBody, mediaForm } from './streamSettingForms';
import type { SystemSettingsProps } from './SystemSettings';
import { FreshEdit } from './FreshEdit';
import { op } from '../../kit';

/** The lists a save or a delete here changes, read again once it succeeded (other consoles hear it on /ws). */
const MEDIA_PROFILE_LISTS = ['listStreamMediaProfiles'] as const;

const TEST_ID = 'stream-media-profiles';
/** The row read fresh by id before it is edited. */
const READ_MEDIA_PROFILE = op('getStreamMediaProfile', (id: string) => ({ params: { id } }));

export default function StreamMediaProfilesSetting(_props: SystemSettingsProps) {
  const { t } = useTranslation();
  const { view, setView, query } = useStreamSettingsList<'name' | 'maxResolution' | 'fps' | 'bitrate' | 'updatedAt'>('name');
  const list = useEndpointQuery('listStreamMediaProfiles', { query });
  useSettingsLive(['stream_media_profile'], ['listStreamMediaProfiles']);
  const remove = useSettingsMutation('deleteStreamMediaProfile', MEDIA_PROFILE_LISTS);

  const columns: SettingsColumn<StreamMediaProfileSetting>[] = [
    { id: 'name', header: t('streamSettings.media.name'), render: (p) => p.name, sortKey: 'name' },
    { id: 'resolution', header: t('streamSettings.media.resolution'), render: (p) => `${p.minResolution}–${p.maxResolution}`, sortKey: 'maxResolution' },
    { id: 'fps', header: t('streamSettings.media.fps'), render: (p) => p.fps, sortKey: 'fps' },
    { id: 'bitrate', header: t('streamSettings.media.bitrate'), render: (p) => p.bitrate, sortKey: 'bitrate' },
  ];

  return (
    <StreamSettingsTab
      testId={TEST_ID}
      query={list}
      columns={columns}
      view={view}
      onViewChange={setView}
      addLabel={t('streamSettings.media.add')}
      remove={remove}
      modal={(row, onClose) =>
        row === null ? (
          <MediaModal profile={null} onClose={onClose} />
        ) : (
          <FreshEdit read={READ_MEDIA_PROFILE} row={row} testId={`settings-${TEST_ID}`} title={row.name} onClose={onClose}>
            {(fresh) => <MediaModal profile={fresh} onClose={onClose} />}
          </FreshEdit>
        )
      }
    />
  );
}

function MediaModal({ profile, onClose }: { profile: StreamMediaProfileSetting | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [source] = useState(() => mediaForm(profile));
  const form = useForm(source, checkMedia);
  const fieldError = useFieldError(`settings-${TEST_ID}-error`, form.errors);
  const create = useSettingsMutation('createStreamMediaProfile', MEDIA_PROFILE_LISTS);
  const update = useSettingsMutation('updateStreamMediaProfile', MEDIA_PROFILE_LISTS);
  const save = useFormSave<typeof source, StreamMediaProfileSetting>(
    form,
    checkMedia,
    (values, handlers) =>
      profile === null
        ? create.mutate({ body: mediaBody(values) }, handlers)
        : update.mutate({ params: { id: profile.id }, body: { ...mediaBody(values), version: profile.version } }, handlers),
    onClose,
    profile === null ? 'created' : 'saved',
  );
  return (
    <SettingsFormModal
      testId={TEST_ID}
      title={profile === null ? t('streamSettings.media.addTitle') : t('streamSettings.media.editTitle', { name: profile.name })}
      pending={create.isPending || update.isPending}
      error={formNote(form, ['name', ...MEDIA_VALUE_FIELDS, 'attributes'])}
      onSave={save}
      onClose={onClose}
    >
      <TextInput label={t('streamSettings.media.name')} value={form.values.name} onChange={(e) => form.set({ name: e.currentTarget.value })} error={fieldError('name')} data-testid={`settings-${TEST_ID}-name`} />
      <SimpleGrid cols={2}>
        {MEDIA_VALUE_FIELDS.map((field) => (
          <NumberInput
            key={field}
            label={t(`streamSettings.media.${field}`)}
            value={form.values[field]}
            onChange={(v) => form.set({ [field]: v })}
            allowNegative
            error={fieldError(field)}
            data-testid={`settings-${TEST_ID}-${field}`}
          />
        ))}
      </SimpleGrid>
      <JsonField label={t('streamSettings.media.attributes')} value={form.values.attributes} onChange={(attributes) => form.set({ attributes })} error={fieldError('attributes')} testId={`settings-${TEST_ID}-attributes`} />
    </SettingsFormModal>
  );
}
