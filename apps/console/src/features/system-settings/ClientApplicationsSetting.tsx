/**
 * Client applications (spec 001 §2 /system_settings client_application; support-staff menu
 * "Client Application"), declared on the resource kit: name, client id, redirect URIs, scopes,
 * active. The core makes the secret: it shows once, in its own dialog, after a create or a "New
 * secret"; no read returns it.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Code, CopyButton, Group, Stack, TagsInput, Textarea } from '@mantine/core';
import { Modal } from '../../components/Overlays';
import { useTranslation } from 'react-i18next';
import { CLIENT_APPLICATION_SORT_KEYS, CreateClientApplicationBody, type ClientApplication, type ClientApplicationWithSecret } from '@fleet/contracts';
import { useEndpointMutation } from '../../api/hooks';
import { invalidateReads } from '../../realtime/systemEntities';
import { defineResource, op, RowButtonsPage, schemaCheck, useCanCall, versionedUpdate, type CustomFieldProps, type Field } from '../../kit';
import { ConfirmDeleteModal } from '../../components/ConfirmDeleteModal';
import { linesOf, listQuery } from './settingParts';
import type { SystemSettingsProps } from './settingPage';

type ApplicationForm = ReturnType<typeof applicationForm>;

const applicationForm = (a: ClientApplication | null) =>
  a
    ? { name: a.name, clientId: a.clientId, redirectUris: a.redirectUris.join('\n'), scopes: a.scopes as readonly string[], active: a.active }
    : { name: '', clientId: '', redirectUris: '', scopes: [] as readonly string[], active: true };

export const applicationBody = (v: ApplicationForm) => ({
  name: v.name.trim(),
  clientId: v.clientId.trim(),
  redirectUris: linesOf(v.redirectUris),
  scopes: [...v.scopes],
  active: v.active,
});

/** URIs and scopes are one input each: the first problem of any entry shows under it. */
function listField(name: 'redirectUris' | 'scopes') {
  return function ListField({ form, label, testId, error, readOnly }: CustomFieldProps<ApplicationForm>) {
    const { t } = useTranslation();
    const common = {
      label,
      description: t(`systemSettings.client_application.fields.${name}Hint`),
      error: error(name) ?? error(Object.keys(form.errors).find((k) => k.startsWith(`${name}.`)) ?? name),
      disabled: readOnly,
      'data-testid': testId,
    };
    return name === 'scopes' ? (
      <TagsInput {...common} value={[...form.values.scopes]} onChange={(scopes) => form.set({ scopes })} />
    ) : (
      <Textarea {...common} autosize minRows={2} value={form.values.redirectUris} onChange={(e) => form.set({ redirectUris: e.currentTarget.value })} />
    );
  };
}

const FIELDS: readonly Field<ApplicationForm>[] = [
  { kind: 'text', name: 'name', label: 'systemSettings.client_application.fields.name', required: true },
  { kind: 'text', name: 'clientId', label: 'systemSettings.client_application.fields.clientId', required: true },
  { kind: 'custom', name: 'redirectUris', label: 'systemSettings.client_application.fields.redirectUris', render: listField('redirectUris') },
  { kind: 'custom', name: 'scopes', label: 'systemSettings.client_application.fields.scopes', render: listField('scopes') },
  { kind: 'switch', name: 'active', label: 'systemSettings.client_application.fields.active' },
];

export const clientApplicationResource = defineResource<ClientApplication, ClientApplication, ApplicationForm>({
  testId: 'settings-client_application',
  titles: {
    new: 'systemSettings.client_application.createTitle',
    edit: 'systemSettings.client_application.editTitle',
    noun: 'systemSettings.client_application.noun',
  },
  rowKey: (a) => a.id,
  label: (a) => a.name,
  list: { op: op('searchClientApplications', listQuery(CLIENT_APPLICATION_SORT_KEYS)), searchKeys: [] },
  columns: (t) => [
    { id: 'name', header: t('systemSettings.client_application.columns.name'), render: (a) => a.name, sortKey: 'name' },
    { id: 'clientId', header: t('systemSettings.client_application.columns.clientId'), render: (a) => <Code>{a.clientId}</Code>, sortKey: 'clientId' },
    { id: 'redirectUris', header: t('systemSettings.client_application.columns.redirectUris'), render: (a) => a.redirectUris.join(', ') || '—' },
    { id: 'scopes', header: t('systemSettings.client_application.columns.scopes'), render: (a) => a.scopes.join(' ') || '—' },
    {
      id: 'active',
      header: t('systemSettings.client_application.columns.active'),
      render: (a) => <Badge color={a.active ? 'green' : 'gray'}>{a.active ? t('systemSettings.common.active') : t('systemSettings.common.inactive')}</Badge>,
    },
  ],
  get: op('getClientApplication', (id: string) => ({ params: { id } })),
  form: {
    fields: FIELDS,
    initial: applicationForm,
    check: schemaCheck(FIELDS, CreateClientApplicationBody, applicationBody),
  },
  create: op('createClientApplication', (v: ApplicationForm) => ({ body: applicationBody(v) })),
  update: versionedUpdate('updateClientApplication', applicationBody),
  remove: op('deleteClientApplication', (a: ClientApplication) => ({ params: { id: a.id } })),
});

/** A create's answer: the application with its secret. */
const hasSecret = (a: ClientApplication): a is ClientApplicationWithSecret => 'secret' in a && typeof a.secret === 'string';

/** The secret, this once: copy it now. */
function SecretModal({ app, onClose }: { readonly app: ClientApplicationWithSecret; readonly onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('systemSettings.client_application.secretTitle', { name: app.name })}
      data-testid="settings-client_application-secret-modal"
    >
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

function RegenerateModal({
  app,
  onClose,
  onSecret,
}: {
  readonly app: ClientApplication;
  readonly onClose: () => void;
  readonly onSecret: (a: ClientApplicationWithSecret) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const regenerate = useEndpointMutation('regenerateClientSecret', {
    onSuccess: () => invalidateReads(queryClient, ['searchClientApplications', 'getClientApplication']),
  });
  return (
    <ConfirmDeleteModal
      title={t('systemSettings.client_application.newSecret')}
      question={t('systemSettings.client_application.newSecretQuestion', { name: app.name })}
      deleteLabel={t('systemSettings.client_application.newSecret')}
      pending={regenerate.isPending}
      error={regenerate.error}
      onConfirm={() => regenerate.mutate({ params: { id: app.id }, body: { version: app.version } }, { onSuccess: onSecret })}
      onClose={onClose}
      testIdPrefix="settings-client_application-regenerate"
    />
  );
}

export default function ClientApplicationsSetting(_props: SystemSettingsProps) {
  const { t } = useTranslation();
  const mayRegenerate = useCanCall('regenerateClientSecret');
  const [regenerating, setRegenerating] = useState<ClientApplication | null>(null);
  const [secret, setSecret] = useState<ClientApplicationWithSecret | null>(null);
  const showSecret = (a: ClientApplicationWithSecret) => {
    setRegenerating(null);
    setSecret(a);
  };
  return (
    <RowButtonsPage
      resource={clientApplicationResource}
      addLabel={t('systemSettings.client_application.add')}
      onCreated={(a) => hasSecret(a) && showSecret(a)}
      rowActions={(a) =>
        mayRegenerate && (
          <Button
            size="compact-sm"
            variant="light"
            color="orange"
            onClick={() => setRegenerating(a)}
            data-testid={`settings-client_application-regenerate-${a.id}`}
          >
            {t('systemSettings.client_application.newSecret')}
          </Button>
        )
      }
    >
      {regenerating !== null && <RegenerateModal app={regenerating} onClose={() => setRegenerating(null)} onSecret={showSecret} />}
      {secret !== null && <SecretModal app={secret} onClose={() => setSecret(null)} />}
    </RowButtonsPage>
  );
}
