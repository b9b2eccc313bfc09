/**
 * Client applications (spec 001 §2 /system_settings client_application; support-staff menu
 * "Client Application"): name, client id, redirect URIs, scopes, active. The core makes the
 * secret: it shows once, in its own dialog, after a create or a "New secret"; no read returns it.
 */
import { useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { Alert, Badge, Button, Code, CopyButton, Group, Modal, Stack, Switch, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CreateClientApplicationBody, type ClientApplication, type ClientApplicationSearchQuery, type ClientApplicationWithSecret } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import { useForm } from '../../lib/forms/useForm';
import { useFieldError } from '../../lib/forms/useFieldError';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { useToast } from '../../toast/useToast';
import { ErrorNote } from '../dialogs/DialogParts';
import { SettingsDeleteModal, SettingsFrame, SettingsFormModal, settingsListQuery, useSettingsLive, useSettingsView, type SettingsColumn } from './SettingsFrame';
import { bodyErrors, linesOf, noteError, useSettingsMutation } from './settingsForm';
import type { SystemSettingsProps } from './SystemSettings';

const LISTS = ['searchClientApplications', 'getClientApplication'] as const;

interface ApplicationForm {
  readonly name: string;
  readonly clientId: string;
  readonly redirectUris: string;
  readonly scopes: readonly string[];
  readonly active: boolean;
}

export const applicationBody = (v: ApplicationForm) => ({
  name: v.name.trim(),
  clientId: v.clientId.trim(),
  redirectUris: linesOf(v.redirectUris),
  scopes: [...v.scopes],
  active: v.active,
});

/** The secret, this once: copy it now. */
function SecretModal({ app, onClose }: { readonly app: ClientApplicationWithSecret; readonly onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={t('systemSettings.client_application.secretTitle', { name: app.name })} data-testid="settings-client_application-secret-modal">
      <Stack gap="sm">
        <Alert color="yellow">{t('systemSettings.client_application.secretNote')}</Alert>
        <Code block data-testid="settings-client_application-secret">
          {app.secret}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={app.secret}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy} data-testid="settings-client_application-secret-copy">
                {copied ? t('systemSettings.client_application.copied') : t('systemSettings.client_application.copy')}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose} data-testid="settings-client_application-secret-done">
            {t('systemSettings.client_application.done')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ApplicationModal({ app, onClose, onSecret }: { readonly app: ClientApplication | null; readonly onClose: () => void; readonly onSecret: (a: ClientApplicationWithSecret) => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const form = useForm<ApplicationForm>(
    app ? { name: app.name, clientId: app.clientId, redirectUris: app.redirectUris.join('\n'), scopes: app.scopes, active: app.active } : { name: '', clientId: '', redirectUris: '', scopes: [], active: true },
    (v) => bodyErrors(CreateClientApplicationBody, applicationBody(v)),
  );
  const error = useFieldError('settings-client_application-error', form.errors);
  // URIs and scopes are one field each: the first problem of any entry shows under it.
  const listError = (field: 'redirectUris' | 'scopes') => error(field) ?? error(Object.keys(form.errors).find((k) => k.startsWith(`${field}.`)) ?? field);
  const create = useSettingsMutation('createClientApplication', LISTS);
  const update = useSettingsMutation('updateClientApplication', LISTS);
  const onSave = () => {
    const values = form.submit();
    if (!values) return;
    const body = applicationBody(values);
    if (app === null) {
      create.mutate(
        { body },
        {
          onSuccess: (created) => {
            toast.show({ message: t('systemSettings.common.created', { name: created.name }), variant: 'success' });
            onSecret(created);
          },
          onError: (e) => form.failed(e),
        },
      );
    } else {
      update.mutate(
        { params: { id: app.id }, body: { ...body, version: app.version } },
        {
          onSuccess: (saved) => {
            toast.show({ message: t('systemSettings.common.updated', { name: saved.name }), variant: 'success' });
            onClose();
          },
          onError: (e) => form.failed(e),
        },
      );
    }
  };
  return (
    <SettingsFormModal
      testId="client_application"
      title={app ? t('systemSettings.client_application.editTitle', { name: app.name }) : t('systemSettings.client_application.createTitle')}
      pending={create.isPending || update.isPending}
      error={noteError(form.error)}
      onSave={onSave}
      onClose={onClose}
    >
      <TextInput label={t('systemSettings.client_application.fields.name')} withAsterisk data-autofocus value={form.values.name} onChange={(e) => form.set({ name: e.currentTarget.value })} error={error('name')} data-testid="settings-client_application-name" />
      <TextInput label={t('systemSettings.client_application.fields.clientId')} withAsterisk value={form.values.clientId} onChange={(e) => form.set({ clientId: e.currentTarget.value })} error={error('clientId')} data-testid="settings-client_application-clientId" />
      <Textarea
        label={t('systemSettings.client_application.fields.redirectUris')}
        description={t('systemSettings.client_application.fields.redirectUrisHint')}
        autosize
        minRows={2}
        value={form.values.redirectUris}
        onChange={(e) => form.set({ redirectUris: e.currentTarget.value })}
        error={listError('redirectUris')}
        data-testid="settings-client_application-redirectUris"
      />
      <TagsInput
        label={t('systemSettings.client_application.fields.scopes')}
        description={t('systemSettings.client_application.fields.scopesHint')}
        value={[...form.values.scopes]}
        onChange={(scopes) => form.set({ scopes })}
        error={listError('scopes')}
        data-testid="settings-client_application-scopes"
      />
      <Switch label={t('systemSettings.client_application.fields.active')} checked={form.values.active} onChange={(e) => form.set({ active: e.currentTarget.checked })} data-testid="settings-client_application-active" />
    </SettingsFormModal>
  );
}

function RegenerateModal({ app, onClose, onSecret }: { readonly app: ClientApplication; readonly onClose: () => void; readonly onSecret: (a: ClientApplicationWithSecret) => void }) {
  const { t } = useTranslation();
  const errorText = useApiErrorMessage();
  const regenerate = useSettingsMutation('regenerateClientSecret', LISTS);
  return (
    <Modal opened onClose={onClose} title={t('systemSettings.client_application.newSecret')} data-testid="settings-client_application-regenerate-modal">
      <Stack gap="sm">
        <Text>{t('systemSettings.client_application.newSecretQuestion', { name: app.name })}</Text>
        {regenerate.error && <ErrorNote testId="settings-client_application-regenerate-error" message={errorText(regenerate.error)} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('systemSettings.frame.cancel')}
          </Button>
          <Button
            color="orange"
            loading={regenerate.isPending}
            onClick={() => regenerate.mutate({ params: { id: app.id }, body: { version: app.version } }, { onSuccess: onSecret })}
            data-testid="settings-client_application-regenerate-confirm"
          >
            {t('systemSettings.client_application.newSecret')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export default function ClientApplicationsSetting(_props: SystemSettingsProps) {
  const { t } = useTranslation();
  const [view, setView] = useSettingsView('name');
  const [editing, setEditing] = useState<ClientApplication | null | 'new'>(null);
  const [regenerating, setRegenerating] = useState<ClientApplication | null>(null);
  const [secret, setSecret] = useState<ClientApplicationWithSecret | null>(null);
  useSettingsLive(['client_application'], LISTS);
  const list = useEndpointQuery('searchClientApplications', { query: settingsListQuery(view) as ClientApplicationSearchQuery }, { placeholderData: keepPreviousData });
  const del = useConfirmedDelete(useSettingsMutation('deleteClientApplication', LISTS), {
    variables: (a: ClientApplication) => ({ params: { id: a.id } }),
    deleted: (a) => t('systemSettings.common.deleted', { name: a.name }),
  });
  const showSecret = (a: ClientApplicationWithSecret) => {
    setEditing(null);
    setRegenerating(null);
    setSecret(a);
  };
  const columns: SettingsColumn<ClientApplication>[] = [
    { id: 'name', header: t('systemSettings.client_application.columns.name'), render: (a) => a.name, sortKey: 'name' },
    { id: 'clientId', header: t('systemSettings.client_application.columns.clientId'), render: (a) => <Code>{a.clientId}</Code>, sortKey: 'clientId' },
    { id: 'redirectUris', header: t('systemSettings.client_application.columns.redirectUris'), render: (a) => a.redirectUris.join(', ') || '—' },
    { id: 'scopes', header: t('systemSettings.client_application.columns.scopes'), render: (a) => a.scopes.join(' ') || '—' },
    {
      id: 'active',
      header: t('systemSettings.client_application.columns.active'),
      render: (a) => <Badge color={a.active ? 'green' : 'gray'}>{a.active ? t('systemSettings.common.active') : t('systemSettings.common.inactive')}</Badge>,
    },
  ];
  return (
    <SettingsFrame
      testId="client_application"
      query={list}
      columns={columns}
      rowKey={(a) => a.id}
      view={view}
      onViewChange={setView}
      onAdd={() => setEditing('new')}
      addLabel={t('systemSettings.client_application.add')}
      onEdit={(a) => setEditing(a)}
      rowActions={(a) => (
        <Button size="compact-sm" variant="light" color="orange" onClick={() => setRegenerating(a)} data-testid={`settings-client_application-regenerate-${a.id}`}>
          {t('systemSettings.client_application.newSecret')}
        </Button>
      )}
      onDelete={del.ask}
    >
      {editing !== null && <ApplicationModal key={editing === 'new' ? 'new' : editing.id} app={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSecret={showSecret} />}
      {regenerating !== null && <RegenerateModal app={regenerating} onClose={() => setRegenerating(null)} onSecret={showSecret} />}
      {secret !== null && <SecretModal app={secret} onClose={() => setSecret(null)} />}
      {del.target !== null && <SettingsDeleteModal testId="client_application" name={del.target.name} {...del.modalProps} />}
    </SettingsFrame>
  );
}
