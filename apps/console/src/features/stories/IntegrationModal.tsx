import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Divider, Group, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { STORY_FIELDS } from '@fleet/contracts';
import type { StoryIntegration, StoryMappingResult } from '@fleet/contracts';
import { isApiError } from '../../api/ApiError';
import { endpointKey, useEndpointMutation, useEndpointQuery } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import { ErrorAlert, ListTable, MutedText, ResourceModal, useToastMutation } from '../../kit';
import { useEdits } from '../../kit/useEdits';
import { EditConflictNotice } from '../../kit/EditConflictNotice';
import { parseSample, SAMPLE_NRCS_STORY, serverFieldErrors } from './storyLogic';
import { dateText } from '../../lib/dateFormat';

export interface IntegrationModalProps {
  readonly onClose: () => void;
  readonly inventoryId: string;
}

type Draft = ReturnType<typeof draftOf>;

const draftOf = (s: StoryIntegration) => ({ enabled: s.enabled, endpoint: s.endpoint, queue: s.queue, username: s.username, mapping: { ...s.mapping } });

/**
 * The story integration settings of an inventory (spec 000 §2 "integration settings modal (NRCS
 * sync, test mapping)"): NRCS sync on/off with its server, queue and account, the field mapping,
 * and a dry run of the mapping on a sample NRCS story. Manage-level users only (the page decides).
 */
export function IntegrationModal({ onClose, inventoryId }: IntegrationModalProps) {
  const { t } = useTranslation();
  const settings = useEndpointQuery('getStoryIntegration', { params: { inventoryId } });
  return (
    <ResourceModal
      testId="integration"
      title={t('stories.integrationModal.title')}
      isNew={false}
      query={settings}
      editor={(loaded) => loaded && <IntegrationForm loaded={loaded} inventoryId={inventoryId} onClose={onClose} />}
      tabs={[]}
      onClose={onClose}
    />
  );
}

function IntegrationForm({ loaded, inventoryId, onClose }: { loaded: StoryIntegration; inventoryId: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const queryClient = useQueryClient();
  // The form shows the refusal.
  const save = useToastMutation('updateStoryIntegration', { success: () => t('stories.integrationModal.saved'), onError: () => undefined });
  const test = useEndpointMutation('testStoryMapping');
  const edits = useEdits<Draft>(
    useMemo(() => draftOf(loaded), [loaded]),
    loaded.version,
  );
  const { values: draft, set: setDraft } = edits;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [sample, setSample] = useState(() => JSON.stringify(SAMPLE_NRCS_STORY, null, 2));
  const [sampleError, setSampleError] = useState<string | null>(null);
  const [result, setResult] = useState<StoryMappingResult | null>(null);

  const set = (patch: Partial<Draft>, ...paths: string[]) => {
    setDraft(patch);
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([p]) => !paths.includes(p))));
  };

  const onSave = async () => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync({ params: { inventoryId }, body: { version: edits.version ?? loaded.version, ...draft } });
      queryClient.setQueryData(endpointKey('getStoryIntegration', { params: { inventoryId } }), saved);
      onClose();
    } catch (error) {
      const fields = serverFieldErrors(isApiError(error) ? error.fields : undefined);
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFailure(error);
    }
  };

  const onTest = async () => {
    const parsed = parseSample(sample);
    if (!parsed.ok) {
      setSampleError(t('stories.integrationModal.sampleInvalid'));
      setResult(null);
      return;
    }
    setSampleError(null);
    try {
      setResult(await test.mutateAsync({ params: { inventoryId }, body: { sample: parsed.value, mapping: draft.mapping } }));
    } catch (error) {
      const fields = serverFieldErrors(isApiError(error) ? error.fields : undefined);
      setErrors(fields);
      setSampleError(fields.sample ?? (Object.keys(fields).length === 0 ? errorMessage(error) : null));
      setResult(null);
    }
  };

  const text = (name: 'endpoint' | 'queue' | 'username') => (
    <TextInput
      key={name}
      label={t(`stories.integrationModal.${name}`)}
      placeholder={name === 'endpoint' ? 'https://nrcs.example.com' : undefined}
      value={draft[name]}
      error={errors[name]}
      onChange={(e) => set({ [name]: e.currentTarget.value }, name)}
      data-testid={`integration-${name}`}
      errorProps={{ 'data-testid': `integration-error-${name}` }}
    />
  );

  return (
    <Stack gap="sm">
      <Switch
        label={t('stories.integrationModal.nrcsSync')}
        description={t('stories.integrationModal.nrcsSyncHint', { minutes: loaded.syncIntervalMinutes })}
        checked={draft.enabled}
        onChange={(e) => set({ enabled: e.currentTarget.checked }, 'endpoint', 'mapping.slugline')}
        data-testid="integration-enabled"
      />
      <Text size="xs" c="dimmed" data-testid="integration-last-sync">
        {loaded.lastSyncAt
          ? t('stories.integrationModal.lastSync', { time: dateText(loaded.lastSyncAt, (d) => d.toLocaleString(i18n.language)) })
          : t('stories.integrationModal.neverSynced')}
      </Text>
      {text('endpoint')}
      <SimpleGrid cols={2} spacing="sm">
        {(['queue', 'username'] as const).map(text)}
      </SimpleGrid>
      <Divider label={t('stories.integrationModal.mapping')} labelPosition="left" />
      <MutedText size="xs">{t('stories.integrationModal.mappingHint')}</MutedText>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {STORY_FIELDS.map((field) => (
          <TextInput
            key={field}
            size="xs"
            label={t(`stories.fields.${field}`)}
            value={draft.mapping[field]}
            error={errors[`mapping.${field}`]}
            onChange={(e) => set({ mapping: { ...draft.mapping, [field]: e.currentTarget.value } }, `mapping.${field}`)}
            data-testid={`integration-mapping-${field}`}
            errorProps={{ 'data-testid': `integration-error-mapping-${field}` }}
          />
        ))}
      </SimpleGrid>
      <Divider label={t('stories.integrationModal.test')} labelPosition="left" />
      <Textarea
        label={t('stories.integrationModal.sample')}
        autosize
        minRows={4}
        maxRows={12}
        styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
        value={sample}
        error={sampleError}
        onChange={(e) => {
          setSample(e.currentTarget.value);
          setSampleError(null);
        }}
        data-testid="integration-sample"
        errorProps={{ 'data-testid': 'integration-sample-error' }}
      />
      <Group>
        <Button variant="light" onClick={() => void onTest()} loading={test.isPending} data-testid="integration-test">
          {t('stories.integrationModal.runTest')}
        </Button>
      </Group>
      {result && <MappingResult result={result} />}
      <EditConflictNotice
        edits={edits}
        label={(field) => t(field === 'enabled' ? 'stories.integrationModal.nrcsSync' : `stories.integrationModal.${field}`)}
        testId="integration-conflict"
      />
      <ErrorAlert error={failure} testId="integration-error" />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} data-testid="integration-cancel">
          {t('stories.integrationModal.cancel')}
        </Button>
        <Button onClick={() => void onSave()} loading={save.isPending} data-testid="integration-save">
          {t('stories.integrationModal.save')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The test mapping's answer: ok or the rule errors, then each field's value (or why it has none). */
function MappingResult({ result }: { result: StoryMappingResult }) {
  const { t } = useTranslation();
  const errorOf = new Map(result.errors.map((e) => [e.path, e.message]));
  return (
    <Stack gap="xs" data-testid="integration-result" data-ok={String(result.ok)}>
      <Alert color={result.ok ? 'green' : 'red'} data-testid="integration-result-status">
        {result.ok ? t('stories.integrationModal.resultOk') : t('stories.integrationModal.resultErrors')}
      </Alert>
      <ListTable
        plain
        striped
        tableProps={{ withTableBorder: true }}
        items={STORY_FIELDS}
        rowKey={(field) => field}
        testIdPrefix="integration-result"
        columns={[
          { id: 'field', header: t('stories.integrationModal.field'), render: (field) => t(`stories.fields.${field}`) },
          {
            id: 'value',
            header: t('stories.integrationModal.value'),
            render: (field) => (
              <Stack gap={2}>
                <Text size="sm" data-testid={`integration-result-${field}`} style={{ overflowWrap: 'anywhere' }}>
                  {result.fields[field]}
                </Text>
                {(['missing', 'unmapped'] as const).map(
                  (list) =>
                    result[list].includes(field) && (
                      <Badge key={list} size="xs" color={list === 'missing' ? 'yellow' : 'gray'} variant="light">
                        {t(`stories.integrationModal.${list}`)}
                      </Badge>
                    ),
                )}
                {errorOf.has(field) && (
                  <Text size="xs" c="red" data-testid={`integration-result-error-${field}`}>
                    {errorOf.get(field)}
                  </Text>
                )}
              </Stack>
            ),
          },
        ]}
      />
    </Stack>
  );
}
