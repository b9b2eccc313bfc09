/**
 * /batch_upgrade (spec 001 §2 super-user page; §5 "Batch upgrade CSV: at most 500 devices"; §9
 * "500 devices per batch"; §4 upgrade states, §8 codes): a CSV chosen as a file or pasted,
 * previewed (its rows counted; more than 500 refused here before anything is sent — the core
 * refuses them too), submitted (POST v2/admin/upgradeBatches), then the batch opens: its refused
 * lines with their line, device and messages (stored by the core with the batch, so they show
 * again after a reload), and its per-device progress and results live over /ws; the past batches
 * below (live too). The open batch is the `batch` search parameter (linkable).
 */
import { useState } from 'react';
import { Alert, Badge, Button, FileInput, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { VALIDATION, type UpgradeBatchCreated, type UpgradeBatchRowResult, type UpgradeBatchSummary } from '@fleet/contracts';
import { endpointKey, useEndpointMutation, useEndpointQuery } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import { QueryView } from '../../components/QueryView';
import { PageTitle } from '../../components/PageTitle';
import { ListTable, PAGE_SIZE, ResourceList, useListView, type ListColumn, MutedText, StrongText } from '../../kit';
import { useSearchParam } from '../../routing/useSearchParam';
import { useSpecText } from '../../lib/forms/specText';
import { DeviceCell, UpgradeJobResult, UpgradeJobState } from '../devices/UpgradeJobView';
import { ruleText, type UpgradeRuleId } from '../devices/upgradeFormat';
import { BATCH_MAX_DEVICES, previewCsv } from './batchCsv';
import { batchMessageText } from './batchText';
import { enumLabel } from '../../lib/tolerant';
import { dateText } from '../../lib/dateFormat';

const PREVIEW_ROWS = 5;

/**
 * A line's message in the user's language: an upgrade rule's by its rule (as the upgrade dialog
 * shows it), else this page's batch messages, then the shared mapping.
 */
function useBatchMessage(): (message: string, rule?: string | null) => string {
  const { t, i18n } = useTranslation();
  const specText = useSpecText();
  return (message: string, rule?: string | null) =>
    rule
      ? // A rule this console does not know yet shows the core's message (ruleText checks the key exists).
        ruleText(t, i18n.language, rule as UpgradeRuleId, message, (key) => i18n.exists(key))
      : (batchMessageText(t, message) ?? specText(message));
}
const BATCH_PARAM = 'batch';

/** The CSV lines of a batch as the core stored them: how many were accepted, each refused one and why, the warnings. */
function LineResults({ rows }: { readonly rows: readonly UpgradeBatchRowResult[] }) {
  const { t } = useTranslation();
  const message = useBatchMessage();
  const refused = rows.filter((row) => !row.accepted);
  const warned = rows.filter((row) => row.accepted && row.warnings.length > 0);
  return (
    <Stack gap="xs" data-testid="batch-row-results" data-accepted={rows.length - refused.length} data-refused={refused.length}>
      <Text size="sm" data-testid="batch-accepted">
        {t('batchUpgrade.accepted', { count: rows.length - refused.length })}
      </Text>
      {refused.length > 0 && (
        <>
          <Text fw={500}>{t('batchUpgrade.rows.title')}</Text>
          <ListTable
            items={refused}
            rowKey={(row) => String(row.line)}
            testIdPrefix="batch-refused"
            testId="batch-refused"
            rowTestId={(row) => `batch-refused-line-${row.line}`}
            rowData={(row) => ({ 'data-device': row.deviceId, 'data-code': row.errorCode ?? '' })}
            striped={false}
            columns={[
              { id: 'line', header: t('batchUpgrade.rows.line'), render: (row) => row.line },
              { id: 'device', header: t('batchUpgrade.rows.device'), render: (row) => row.deviceId },
              { id: 'target', header: t('batchUpgrade.rows.target'), render: (row) => row.targetVersion },
              {
                id: 'message',
                header: t('batchUpgrade.rows.message'),
                render: (row) =>
                  row.messages.map((text, i) => (
                    <Text key={text} size="sm">
                      {message(text, row.rules[i])}
                    </Text>
                  )),
              },
            ]}
          />
        </>
      )}
      {warned.length > 0 && (
        <Alert color="yellow" title={t('batchUpgrade.rows.warnings')} data-testid="batch-warnings">
          {warned.map((row) => (
            <Text key={row.line} size="sm" data-testid={`batch-warning-line-${row.line}`}>
              {t('batchUpgrade.rows.line')} {row.line} · {row.deviceId}: {row.warnings.map((text, i) => message(text, row.warningRules[i])).join('; ')}
            </Text>
          ))}
        </Alert>
      )}
    </Stack>
  );
}

function NewBatch({ onCreated }: { readonly onCreated: (batch: UpgradeBatchCreated) => void }) {
  const { t } = useTranslation();
  const errorText = useApiErrorMessage();
  const message = useBatchMessage();
  const [csv, setCsv] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [created, setCreated] = useState<UpgradeBatchCreated | null>(null);
  const create = useEndpointMutation('createUpgradeBatch');
  const preview = previewCsv(csv);
  // A text already submitted is not sent twice by a second click (editing it allows a new batch).
  const blocked = preview.count === 0 || preview.overLimit || preview.missingDeviceColumn || created !== null;

  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    setCreated(null);
    create.reset();
    if (chosen !== null) void chosen.text().then(setCsv);
  };
  const submit = () => {
    if (blocked) return;
    create.mutate(
      { body: { csv, ...(name.trim() === '' ? {} : { name: name.trim() }) } },
      {
        onSuccess: (batch) => {
          setCreated(batch);
          onCreated(batch);
        },
      },
    );
  };
  const clear = () => {
    setCsv('');
    setFile(null);
    setName('');
    setCreated(null);
    create.reset();
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm" data-testid="batch-new">
        <MutedText>{t('batchUpgrade.intro', { max: BATCH_MAX_DEVICES })}</MutedText>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <FileInput
            label={t('batchUpgrade.file')}
            placeholder={t('batchUpgrade.filePlaceholder')}
            accept=".csv,text/csv,text/plain"
            value={file}
            onChange={chooseFile}
            clearable
            w={280}
            data-testid="batch-file"
          />
          <TextInput label={t('batchUpgrade.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} w={260} data-testid="batch-name" />
        </Group>
        <Textarea
          label={t('batchUpgrade.paste')}
          value={csv}
          onChange={(e) => {
            setCsv(e.currentTarget.value);
            setCreated(null);
          }}
          autosize
          minRows={3}
          maxRows={10}
          styles={{ input: { fontFamily: 'monospace' } }}
          data-testid="batch-csv"
        />
        {csv.trim() !== '' && (
          <Stack gap={4} data-testid="batch-preview" data-count={preview.count} data-over-limit={String(preview.overLimit)}>
            <StrongText testId="batch-count">{t('batchUpgrade.preview', { count: preview.count })}</StrongText>
            {preview.overLimit && (
              <Alert color="red" data-testid="batch-over-limit">
                {message(VALIDATION.batchUpgradeMaxDevices)}
              </Alert>
            )}
            {preview.missingDeviceColumn && (
              <Alert color="red" data-testid="batch-missing-column">
                {message(VALIDATION.batchUpgradeCsvHeader)}
              </Alert>
            )}
            {preview.count === 0 && !preview.missingDeviceColumn && <MutedText testId="batch-no-rows">{t('batchUpgrade.noRows')}</MutedText>}
            {preview.count > 0 && !preview.overLimit && (
              <Text size="xs" c="dimmed" ff="monospace" data-testid="batch-preview-rows">
                {preview.rows
                  .slice(0, PREVIEW_ROWS)
                  .map((row) => `${row.line}: ${row.deviceId} → ${row.targetVersion}`)
                  .join(' · ')}
                {preview.count > PREVIEW_ROWS && ` ${t('batchUpgrade.more', { count: preview.count - PREVIEW_ROWS })}`}
              </Text>
            )}
          </Stack>
        )}
        {create.error && (
          <Alert color="red" role="alert" data-testid="batch-refused-whole" data-code={create.error.code}>
            <Text size="sm">{errorText(create.error)}</Text>
            {create.error.fields.map((field) => (
              <Text key={`${field.path}-${field.message}`} size="sm">
                {message(field.message)}
              </Text>
            ))}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={clear} data-testid="batch-clear">
            {t('batchUpgrade.clear')}
          </Button>
          <Button onClick={submit} disabled={blocked} loading={create.isPending} data-testid="batch-submit">
            {t('batchUpgrade.submit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function BatchDetail({ id, onClose }: { readonly id: string; readonly onClose: () => void }) {
  const { t } = useTranslation();
  const batch = useEndpointQuery('getUpgradeBatch', { params: { id } }, { staleTime: Number.POSITIVE_INFINITY });
  return (
    <Paper withBorder p="md" radius="md" data-testid="batch-detail" data-batch-id={id} data-state={batch.data?.state ?? ''}>
      <QueryView query={batch} testIdPrefix="batch-detail" errorTitle={t('batchUpgrade.list.loadFailed')}>
        {(data) => (
          <Stack gap="sm">
            <Group justify="space-between">
              <Group gap="sm">
                <Title order={4}>{t('batchUpgrade.detail.title', { name: data.name === '' ? data.id : data.name })}</Title>
                <Badge color={data.state === 'running' ? 'blue' : 'gray'} variant="light" data-testid="batch-detail-state">
                  {enumLabel(t, 'batchUpgrade.states', data.state)}
                </Badge>
              </Group>
              <Button size="compact-sm" variant="subtle" onClick={onClose} data-testid="batch-detail-close">
                {t('batchUpgrade.detail.close')}
              </Button>
            </Group>
            <Text size="sm" data-testid="batch-detail-counts" data-succeeded={data.counts.succeeded} data-failed={data.counts.failed}>
              {t('batchUpgrade.detail.counts', {
                succeeded: data.counts.succeeded,
                failed: data.counts.failed,
                rejected: data.counts.rejected,
                running: data.counts.pending + data.counts.upgrading,
                total: data.counts.total,
              })}
            </Text>
            <LineResults rows={data.rows} />
            <ListTable
              items={data.jobs}
              rowKey={(job) => job.id}
              testIdPrefix="batch-detail"
              testId="batch-jobs"
              rowTestId={(job) => `batch-job-${job.id}`}
              rowData={(job) => ({ 'data-device': job.deviceId, 'data-state': job.state })}
              emptyText={t('batchUpgrade.detail.empty')}
              striped={false}
              columns={[
                {
                  id: 'device',
                  header: t('batchUpgrade.detail.device'),
                  render: (job) => <DeviceCell strong main={job.deviceName} detail={`${job.deviceId} · ${job.fromVersion}`} />,
                },
                { id: 'kind', header: t('batchUpgrade.detail.kind'), render: (job) => enumLabel(t, 'upgrades.kinds', job.deviceType) },
                { id: 'state', header: t('batchUpgrade.detail.state'), render: (job) => <UpgradeJobState job={job} testId={`batch-job-state-${job.id}`} /> },
                {
                  id: 'result',
                  header: t('batchUpgrade.detail.result'),
                  render: (job) => <UpgradeJobResult job={job} testId={`batch-job-result-${job.id}`} />,
                },
              ]}
            />
          </Stack>
        )}
      </QueryView>
    </Paper>
  );
}

/** The past batches, newest first, a page of 50 at a time (test ids `batch-list`, `batch-row-<id>`, `batch-row-counts-<id>`, `batch-open-<id>`). */
function BatchList({ openId, onOpen }: { readonly openId: string | null; readonly onOpen: (id: string) => void }) {
  const { t, i18n } = useTranslation();
  const [view, setView] = useListView('', 'createdAt', 'desc');
  const query = { offset: (view.page - 1) * PAGE_SIZE, limit: PAGE_SIZE, sortDir: view.sortDir };
  const list = useEndpointQuery('listUpgradeBatches', { query }, { staleTime: Number.POSITIVE_INFINITY, placeholderData: keepPreviousData });
  const columns: readonly ListColumn<UpgradeBatchSummary>[] = [
    { id: 'created', header: t('batchUpgrade.list.created'), render: (batch) => dateText(batch.createdAt, (d) => d.toLocaleString(i18n.language)) },
    { id: 'name', header: t('batchUpgrade.list.name'), render: (batch) => batch.name },
    { id: 'versions', header: t('batchUpgrade.list.versions'), render: (batch) => batch.targetVersions.join(', ') },
    {
      id: 'state',
      header: t('batchUpgrade.list.state'),
      render: (batch) => (
        <Badge color={batch.state === 'running' ? 'blue' : 'gray'} variant="light">
          {enumLabel(t, 'batchUpgrade.states', batch.state)}
        </Badge>
      ),
    },
    { id: 'row-counts', header: t('batchUpgrade.list.devices'), cellTestId: true, render: (batch) => t('batchUpgrade.list.counts', { ...batch.counts }) },
    {
      id: 'open',
      header: '',
      render: (batch) => (
        <Button size="compact-xs" variant="light" onClick={() => onOpen(batch.id)} data-testid={`batch-open-${batch.id}`}>
          {t('batchUpgrade.list.open')}
        </Button>
      ),
    },
  ];
  return (
    <Stack gap="xs">
      <Title order={4}>{t('batchUpgrade.list.title')}</Title>
      <ResourceList
        testId="batch"
        search={false}
        columns={columns}
        view={view}
        onViewChange={setView}
        query={list}
        rowKey={(batch) => batch.id}
        rowData={(batch) => ({ 'data-state': batch.state, 'data-selected': batch.id === openId || undefined })}
        emptyText={t('batchUpgrade.list.empty')}
        errorTitle={t('batchUpgrade.list.loadFailed')}
      />
    </Stack>
  );
}

export default function BatchUpgradePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [openId, setOpenId] = useSearchParam(BATCH_PARAM);
  const created = (batch: UpgradeBatchCreated) => {
    // The new batch shows at once with its jobs and lines (as its read call answers them); /ws moves the jobs on.
    queryClient.setQueryData(endpointKey('getUpgradeBatch', { params: { id: batch.id } }), batch);
    setOpenId(batch.id);
  };
  return (
    <Stack gap="md" data-testid="batch-upgrade-page">
      <PageTitle title={t('routes.batchUpgrade')} />
      <NewBatch onCreated={created} />
      {openId !== null && <BatchDetail key={openId} id={openId} onClose={() => setOpenId(null)} />}
      <BatchList openId={openId} onOpen={setOpenId} />
    </Stack>
  );
}
