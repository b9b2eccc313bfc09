/**
 * Stream media profiles (spec 001 §2 /system_settings stream_media_profile; §3 min and max
 * resolution, fps, bitrate, attributes JSON; §5 values 0-2147483647), declared on the resource kit:
 * the profiles, searchable and sortable; super user and staff add, edit and delete them. Values
 * outside 0-2147483647 and a min resolution above the max are refused inline in the spec's words.
 * The streaming destinations offer the same profiles.
 */
import { STREAM_MEDIA_PROFILE_SORT_KEYS, type StreamMediaProfileSetting } from '@fleet/contracts';
import { defineResource, op, versionedUpdate, type Field } from '../../kit';
import { listQuery } from './settingParts';
import { checkMedia, MEDIA_VALUE_FIELDS, mediaBody, mediaForm, type MediaForm } from './streamSettingForms';
import { settingPage } from './settingPage';

const FIELDS: readonly Field<MediaForm>[] = [
  { kind: 'text', name: 'name', label: 'streamSettings.media.name', required: true },
  ...MEDIA_VALUE_FIELDS.map((name): Field<MediaForm> => ({ kind: 'number', name, label: `streamSettings.media.${name}`, required: true })),
  { kind: 'textarea', name: 'attributes', label: 'streamSettings.media.attributes', description: 'streamSettings.common.jsonHint' },
];

export const streamMediaProfileResource = defineResource<StreamMediaProfileSetting, StreamMediaProfileSetting, MediaForm>({
  testId: 'settings-stream-media-profiles',
  titles: { new: 'streamSettings.media.addTitle', edit: 'streamSettings.media.editTitle', noun: 'streamSettings.media.noun' },
  rowKey: (p) => p.id,
  label: (p) => p.name,
  list: { op: op('listStreamMediaProfiles', listQuery(STREAM_MEDIA_PROFILE_SORT_KEYS)), searchKeys: [] },
  columns: (t) => [
    { id: 'name', header: t('streamSettings.media.name'), render: (p) => p.name, sortKey: 'name' },
    { id: 'resolution', header: t('streamSettings.media.resolution'), render: (p) => `${p.minResolution}–${p.maxResolution}`, sortKey: 'maxResolution' },
    { id: 'fps', header: t('streamSettings.media.fps'), render: (p) => p.fps, sortKey: 'fps' },
    { id: 'bitrate', header: t('streamSettings.media.bitrate'), render: (p) => p.bitrate, sortKey: 'bitrate' },
  ],
  get: op('getStreamMediaProfile', (id: string) => ({ params: { id } })),
  form: { fields: FIELDS, initial: mediaForm, check: checkMedia },
  create: op('createStreamMediaProfile', (v: MediaForm) => ({ body: mediaBody(v) })),
  update: versionedUpdate('updateStreamMediaProfile', mediaBody),
  remove: op('deleteStreamMediaProfile', (p: StreamMediaProfileSetting) => ({ params: { id: p.id } })),
});

export default settingPage(streamMediaProfileResource, 'streamSettings.media.add');
