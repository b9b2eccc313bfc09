/**
 * Stream providers (spec 001 §2 /system_settings stream_providers): the providers with their
 * profile count and main profile, searchable and sortable; super user and staff add, edit (name
 * unique, kind, configuration JSON) and delete them — the delete takes the provider's stream
 * profiles, and the confirmation says so. The edit reads the provider fresh by id first. Kept
 * current over /ws.
 */
import { useState } from 'react';
import { Badge, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StreamProvider } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { useSettingsMutation } from './settingsForm';
import { useFieldError } from '../../lib/forms/useFieldError';
import { useForm } from '../../lib/forms/useForm';
import { ConfirmDeleteModal } from '../../components/ConfirmDeleteModal';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { SettingsFormModal, SettingsFrame, useSettingsLive, type SettingsColumn } from './SettingsFrame';
import { formNote, JsonField, useFormSave, useStreamSettingsList } from './StreamSettingParts';
import { checkProvider, providerBody, providerForm } from './streamSettingForms';
import type { SystemSettingsProps } from './SystemSettings';
import { FreshEdit } from './FreshEdit';
import { op } from '../../kit';

/** The lists a save or a delete here changes, read again once it succeeded (other consoles hear it on /ws). */
const STREAM_PROVIDER_LISTS = ['listStreamProviders', 'listStreamProfiles'] as const;

const TEST_ID = 'stream-providers';
/** The provider read fresh by id before it is edited. */
const READ_PROVIDER = op('getStreamProvider', (id: string) => ({ params: { id } }));

export default function StreamProvidersSetting(_props: SystemSettingsProps) {
  const { t } = useTranslation();
  const { view, setView, query } = useStreamSettingsList<'name' | 'kind' | 'updatedAt'>('name');
  const list = useEndpointQuery('listStreamProviders', { query });
  useSettingsLive(['stream_providers', 'stream_profile'], ['listStreamProviders']);
  const [editing, setEditing] = useState<StreamProvider | 'new' | null>(null);
  const del = useConfirmedDelete(useSettingsMutation('deleteStreamProvider', STREAM_PROVIDER_LISTS), { variables: (p: StreamProvider) => ({ params: { id: p.id } }) });

  const columns: SettingsColumn<StreamProvider>[] = [
    { id: 'name', header: t('streamSettings.providers.name'), render: (p) => p.name, sortKey: 'name' },
    { id: 'kind', header: t('streamSettings.providers.kind'), render: (p) => p.kind, sortKey: 'kind' },
    { id: 'profiles', header: t('streamSettings.providers.profiles'), render: (p) => p.profileCount },
    {
      id: 'main',
      header: t('streamSettings.providers.mainProfile'),
      render: (p) => (p.mainProfileName === null ? '—' : <Badge variant="light">{p.mainProfileName}</Badge>),
    },
  ];

  return (
    <SettingsFrame
      testId={TEST_ID}
      query={list}
      columns={columns}
      rowKey={(p) => p.id}
      view={view}
      onViewChange={setView}
      onAdd={() => setEditing('new')}
      addLabel={t('streamSettings.providers.add')}
      onEdit={(p) => setEditing(p)}
      onDelete={del.ask}
    >
      {editing === 'new' && <ProviderModal provider={null} onClose={() => setEditing(null)} />}
      {editing !== null && editing !== 'new' && (
        <FreshEdit read={READ_PROVIDER} row={editing} testId={`settings-${TEST_ID}`} title={t('streamSettings.providers.editTitle', { name: editing.name })} onClose={() => setEditing(null)}>
          {(fresh) => <ProviderModal provider={fresh} onClose={() => setEditing(null)} />}
        </FreshEdit>
      )}
      {del.target !== null && (
        <ConfirmDeleteModal
          title={t('systemSettings.frame.deleteTitle')}
          question={t('streamSettings.providers.deleteQuestion', { name: del.target.name, count: del.target.profileCount })}
          testIdPrefix={`settings-${TEST_ID}-delete`}
          {...del.modalProps}
        />
      )}
    </SettingsFrame>
  );
}

function ProviderModal({ provider, onClose }: { provider: StreamProvider | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [source] = useState(() => providerForm(provider));
  const form = useForm(source, checkProvider);
  const fieldError = useFieldError(`settings-${TEST_ID}-error`, form.errors);
  const create = useSettingsMutation('createStreamProvider', STREAM_PROVIDER_LISTS);
  const update = useSettingsMutation('updateStreamProvider', STREAM_PROVIDER_LISTS);
  const save = useFormSave<typeof source, StreamProvider>(
    form,
    checkProvider,
    (values, handlers) =>
      provider === null
        ? create.mutate({ body: providerBody(values) }, handlers)
        : update.mutate({ params: { id: provider.id }, body: { ...providerBody(values), version: provider.version } }, handlers),
    onClose,
    provider === null ? 'created' : 'saved',
  );
  return (
    <SettingsFormModal
      testId={TEST_ID}
      title={provider === null ? t('streamSettings.providers.addTitle') : t('streamSettings.providers.editTitle', { name: provider.name })}
      pending={create.isPending || update.isPending}
      error={formNote(form, ['name', 'kind', 'configuration'])}
      onSave={save}
      onClose={onClose}
    >
      <TextInput label={t('streamSettings.providers.name')} value={form.values.name} onChange={(e) => form.set({ name: e.currentTarget.value })} error={fieldError('name')} data-testid={`settings-${TEST_ID}-name`} />
      <TextInput label={t('streamSettings.providers.kind')} value={form.values.kind} onChange={(e) => form.set({ kind: e.currentTarget.value })} error={fieldError('kind')} data-testid={`settings-${TEST_ID}-kind`} />
      <JsonField
        label={t('streamSettings.providers.configuration')}
        value={form.values.configuration}
        onChange={(configuration) => form.set({ configuration })}
        error={fieldError('configuration')}
        testId={`settings-${TEST_ID}-configuration`}
      />
    </SettingsFormModal>
  );
}
