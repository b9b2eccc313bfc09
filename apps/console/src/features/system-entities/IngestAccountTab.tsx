/**
 * The inventory's ingest account (spec 001 §7 Inventories: ingest account password, XSLT upload,
 * delete, test; configuration update; §8 "Inventory configuration already exists"): the
 * configuration (username unique across inventories, enabled, host, port, path) saved with the
 * account's version (the first save creates the account), the password set twice under the users'
 * rule, the XSLT document uploaded (an .xsl / .xslt file only, any other "File type not supported";
 * the core refuses a document with what may not run on an ingest server), the test with its reason,
 * and the delete after a confirmation. Secrets are write-only: the tab says whether a password and
 * an XSLT are set. The writes show only to the roles the catalogue lets make them.
 *
 * Test ids: `ingest-account`, `-loading`, `-error`, `-none`, `-<field>`, `-save`, `-cancel`,
 * `-form-error`, `-delete`, `-delete-confirm`, `-test`, `-test-result`; `ingest-password-<field>`,
 * `-save`, `-state`; `ingest-xslt-file`, `-input`, `-upload`, `-state`, `-error.fileName`,
 * `-error.content`, `-form-error`.
 */
import { useState } from 'react';
import type { ComponentProps } from 'react';
import { Alert, Button, Divider, FileInput, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { IngestAccount, IngestAccountTest } from '@fleet/contracts';
import { endpointKey, useEndpointMutation, useEndpointQuery } from '../../api/hooks';
import { ErrorAlert } from '../../kit/ErrorAlert';
import { QueryView } from '../../components/QueryView';
import { hasErrors } from '../../lib/forms/fieldErrors';
import { useFieldError } from '../../lib/forms/useFieldError';
import { useForm } from '../../lib/forms/useForm';
import { DeleteButton, FormPanel, MutedText, newest, ResourceForm, useCanApply, useToastMutation } from '../../kit';
import {
  checkIngestConfig,
  checkIngestPassword,
  checkXslt,
  EMPTY_PASSWORD,
  INGEST_CONFIG_FIELDS,
  INGEST_PASSWORD_FIELDS,
  ingestConfigBody,
  ingestConfigForm,
  ingestPasswordBody,
  NO_XSLT,
  XSLT_ACCEPT,
  xsltBody,
  type IngestConfigForm,
  type IngestPasswordForm,
  type XsltForm,
} from './inventoryForms';
import { ingestTestReason } from './inventoryTabRules';
import { enumLabel } from '../../lib/tolerant';

export function IngestAccountTab({ inventoryId }: { readonly inventoryId: string }) {
  const { t } = useTranslation();
  const query = useEndpointQuery('getIngestAccount', { params: { id: inventoryId } });
  return (
    <QueryView query={query} testIdPrefix="ingest-account" errorTitle={t('systemEntities.inventoryTabs.loadError')}>
      {(account) => <IngestAccountView account={account} />}
    </QueryView>
  );
}

/** The answer of a write in the cache (the newer copy wins, kit/cache). */
function usePutAccount(inventoryId: string): (answer: IngestAccount) => void {
  const queryClient = useQueryClient();
  return (answer) =>
    queryClient.setQueryData<IngestAccount>(endpointKey('getIngestAccount', { params: { id: inventoryId } }), (cached) =>
      cached === undefined ? answer : newest(cached, answer),
    );
}

function IngestAccountView({ account }: { readonly account: IngestAccount }) {
  const mayPassword = useCanApply('setIngestAccountPassword');
  const mayXslt = useCanApply('uploadIngestAccountXslt');
  // Each write form starts empty again after it was sent.
  const [sent, setSent] = useState(0);
  const again = () => setSent((n) => n + 1);
  return (
    <Stack gap="md" data-testid="ingest-account">
      <ConfigurationSection account={account} />
      <Divider />
      <PasswordSection key={`password-${sent}`} account={account} mayWrite={mayPassword} onSent={again} />
      <Divider />
      <XsltSection key={`xslt-${sent}`} account={account} mayWrite={mayXslt} onSent={again} />
    </Stack>
  );
}

function ConfigurationSection({ account }: { readonly account: IngestAccount }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const put = usePutAccount(account.inventoryId);
  const mayWrite = useCanApply('updateIngestAccount');
  const mayDelete = useCanApply('deleteIngestAccount');
  const mayTest = useCanApply('testIngestAccount');
  const form = useForm<IngestConfigForm>(ingestConfigForm(account), checkIngestConfig);
  const [result, setResult] = useState<IngestAccountTest | null>(null);
  const params = { id: account.inventoryId };
  const update = useToastMutation('updateIngestAccount', {
    success: () => t('systemEntities.inventoryTabs.ingest.saved'),
    onSuccess: (saved) => {
      form.saved();
      put(saved);
      setResult(null);
    },
    onError: (e) => form.failed(e),
  });
  const remove = useToastMutation('deleteIngestAccount', {
    success: () => t('systemEntities.inventoryTabs.ingest.deleted'),
    onSuccess: () => {
      setResult(null);
      // Read again: a deleted account reads as none (version 0), which no cached copy would let replace it.
      void queryClient.resetQueries({ queryKey: endpointKey('getIngestAccount', { params }) });
    },
    onError: (e) => form.failed(e, {}),
  });
  const test = useEndpointMutation('testIngestAccount', { onSuccess: setResult, onError: (e) => form.failed(e, {}) });
  const save = () => {
    const values = form.submit();
    if (values) update.mutate({ params, body: ingestConfigBody(values, account.version) });
  };
  const del = () => remove.mutate({ params });
  const reason = result === null || result.ok ? null : ingestTestReason(result.reason);
  return (
    <Stack gap="sm">
      <Title order={6}>{t('systemEntities.inventoryTabs.ingest.configuration')}</Title>
      {!account.exists && <MutedText testId="ingest-account-none">{t('systemEntities.inventoryTabs.ingest.none')}</MutedText>}
      {result !== null && (
        <Alert color={result.ok ? 'green' : 'orange'} data-testid="ingest-account-test-result">
          {result.ok
            ? t('systemEntities.inventoryTabs.ingest.testOk')
            : reason !== null
              ? enumLabel(t, 'systemEntities.inventoryTabs.ingest.reasons', reason)
              : (result.reason ?? '')}
        </Alert>
      )}
      <FormPanel
        form={form}
        fields={INGEST_CONFIG_FIELDS}
        testId="ingest-account"
        onSave={mayWrite ? save : null}
        onCancel={form.reset}
        saving={update.isPending}
        left={
          (mayTest || (mayDelete && account.exists)) && (
            <Group gap="xs">
              {mayDelete && account.exists && <DeleteButton testId="ingest-account" onConfirm={del} loading={remove.isPending} />}
              {mayTest && (
                <Button variant="default" loading={test.isPending} onClick={() => test.mutate({ params })} data-testid="ingest-account-test">
                  {t('systemEntities.inventoryTabs.ingest.test')}
                </Button>
              )}
            </Group>
          )
        }
      />
    </Stack>
  );
}

function PasswordSection({ account, mayWrite, onSent }: { readonly account: IngestAccount; readonly mayWrite: boolean; readonly onSent: () => void }) {
  const { t } = useTranslation();
  const put = usePutAccount(account.inventoryId);
  const form = useForm<IngestPasswordForm>(EMPTY_PASSWORD, checkIngestPassword);
  const set = useToastMutation('setIngestAccountPassword', {
    success: () => t('systemEntities.inventoryTabs.ingest.passwordSet'),
    onSuccess: (saved) => {
      put(saved);
      onSent();
    },
    onError: (e) => form.failed(e),
  });
  const save = () => {
    const values = form.submit();
    if (values) set.mutate({ params: { id: account.inventoryId }, body: { ...ingestPasswordBody(values), version: account.version } });
  };
  return (
    <Stack gap="sm">
      <Title order={6}>{t('systemEntities.inventoryTabs.ingest.passwordTitle')}</Title>
      <Text size="sm" data-testid="ingest-password-state">
        {account.hasPassword ? t('systemEntities.inventoryTabs.ingest.hasPassword') : t('systemEntities.inventoryTabs.ingest.noPassword')}
      </Text>
      {mayWrite && (
        <>
          <ErrorAlert error={!hasErrors(form.errors) && form.error} testId="ingest-password-form-error" />
          <ResourceForm fields={INGEST_PASSWORD_FIELDS} form={form} testId="ingest-password" isNew={false} />
          <Group justify="flex-end">
            <Button onClick={save} loading={set.isPending} data-testid="ingest-password-save">
              {t('systemEntities.inventoryTabs.ingest.setPassword')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

function XsltSection({ account, mayWrite, onSent }: { readonly account: IngestAccount; readonly mayWrite: boolean; readonly onSent: () => void }) {
  const { t } = useTranslation();
  const put = usePutAccount(account.inventoryId);
  const form = useForm<XsltForm>(NO_XSLT, checkXslt);
  const error = useFieldError('ingest-xslt-error', form.errors);
  const [file, setFile] = useState<File | null>(null);
  const upload = useToastMutation('uploadIngestAccountXslt', {
    success: (_saved, sent) => t('systemEntities.inventoryTabs.ingest.xsltUploaded', { name: sent.body?.fileName ?? '' }),
    onSuccess: (saved) => {
      put(saved);
      onSent();
    },
    onError: (e) => form.failed(e),
  });
  const choose = (chosen: File | null) => {
    setFile(chosen);
    form.set({ fileName: chosen?.name ?? '', content: '' });
    // The text is read once the file is chosen; its type is checked by name before anything is sent.
    if (chosen !== null) void chosen.text().then((content) => form.set({ fileName: chosen.name, content }));
  };
  const send = () => {
    const values = form.submit();
    if (values) upload.mutate({ params: { id: account.inventoryId }, body: { ...xsltBody(values), version: account.version } });
  };
  return (
    <Stack gap="sm">
      <Title order={6}>{t('systemEntities.inventoryTabs.ingest.xsltTitle')}</Title>
      <Text size="sm" data-testid="ingest-xslt-state">
        {account.hasXslt
          ? t('systemEntities.inventoryTabs.ingest.xsltCurrent', { name: account.xsltFileName ?? '' })
          : t('systemEntities.inventoryTabs.ingest.noXslt')}
      </Text>
      {mayWrite && (
        <>
          <ErrorAlert error={!hasErrors(form.errors) && form.error} testId="ingest-xslt-form-error" />
          <Group gap="xs" align="flex-start">
            <FileInput
              flex={1}
              label={t('systemEntities.inventoryTabs.ingest.xsltFile')}
              accept={XSLT_ACCEPT}
              value={file}
              onChange={choose}
              clearable
              error={error('fileName') ?? error('content')}
              fileInputProps={{ 'data-testid': 'ingest-xslt-input' } as ComponentProps<'input'>}
              data-testid="ingest-xslt-file"
            />
            {account.hasPassword && (
              <PasswordInput
                label={t('systemEntities.inventoryTabs.ingest.xsltPassword')}
                description={t('systemEntities.inventoryTabs.ingest.xsltPasswordHelp')}
                value={form.values.password}
                onChange={(e) => form.set({ password: e.currentTarget.value })}
                error={error('password')}
                autoComplete="current-password"
                data-testid="ingest-xslt-password"
              />
            )}
            <Button mt={24} disabled={file === null} loading={upload.isPending} onClick={send} data-testid="ingest-xslt-upload">
              {t('systemEntities.inventoryTabs.ingest.upload')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
