/**
 * The group modal's default configuration tab (spec 001 §3 Group "default configuration"; §7 GET/
 * POST/PUT v2/groups/{id}/defaultConfiguration): the unit settings the group gives its units —
 * delay, transmission mode, store-and-forward quality, audio bitrate, total and cellular capping
 * (§5 "Max Cellular Capping cannot be higher than Max Total Capping", checked inline). The first
 * save creates it (POST), later saves change it (PUT) with the version read.
 */
import { useState } from 'react';
import { Button, Group, NumberInput, SimpleGrid, Stack } from '@mantine/core';
import { Select } from '../../components/Pickers';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { GroupUnitSettingsUpdateBody, LIMITS, STORE_AND_FORWARD_PROFILES, TRANSMISSION_MODES } from '@fleet/contracts';
import type { GroupDefaultConfiguration, GroupUnitSettings } from '@fleet/contracts';
import { endpointKey, useEndpointQuery } from '../../api/hooks';
import { useToastMutation } from '../../kit/useToastMutation';
import { QueryView } from '../../components/QueryView';
import { ErrorNote } from '../../kit/DialogParts';
import { apiFieldErrors, parseBody, type FieldErrors } from '../../lib/forms/fieldErrors';
import { useFieldText } from '../../lib/forms/useFieldText';
import { groupVersionChanged } from './useGroupsLive';
import { useCanCall } from '../../kit/access';
import { EditConflictNotice } from '../../kit/EditConflictNotice';
import { useEdits } from '../../kit/useEdits';
import { ErrorAlert } from '../../kit/ErrorAlert';
import { UnshownErrors } from '../../kit/UnshownErrors';
import { MutedText } from '../../kit/MutedText';

const numberOrUndefined = (v: string | number): number | undefined => (typeof v === 'number' ? v : undefined);

/** The label of each setting, as its input shows it. */
const DEFAULT_LABELS = {
  delayMs: 'groups.defaultConfiguration.delayMs',
  transmissionMode: 'unitDetail.camera.mode.label',
  storeAndForwardQuality: 'unitConfig.storeAndForward.title',
  audioBitrateKbps: 'groups.defaultConfiguration.audioBitrate',
  totalKbps: 'groups.defaultConfiguration.totalKbps',
  cellularKbps: 'groups.defaultConfiguration.cellularKbps',
} as const satisfies Record<keyof GroupUnitSettings, string>;

/** The fields the form shows a message on: its six settings, and the whole body's refusal (no setting given). */
const SHOWN: readonly string[] = [...Object.keys(DEFAULT_LABELS), ''];

function DefaultConfigurationForm({ config }: { readonly config: GroupDefaultConfiguration }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const fieldText = useFieldText();
  const canWrite = useCanCall(config.exists ? 'updateGroupDefaultConfiguration' : 'createGroupDefaultConfiguration');
  const edits = useEdits<GroupUnitSettings>(config.settings, config.version);
  const { values: settings, set, clear } = edits;
  const [errors, setErrors] = useState<FieldErrors>({});
  const options = {
    success: () => t('groups.defaultConfiguration.saved'),
    onSuccess: (saved: GroupDefaultConfiguration) => {
      queryClient.setQueryData(endpointKey('getGroupDefaultConfiguration', { params: { id: config.groupId } }), saved);
      clear();
      // The group's version moved: its other reads carrying it are read again.
      void queryClient.invalidateQueries({ queryKey: endpointKey('fetchGroupDetails', { query: { groupUid: config.groupId } }), exact: true });
      groupVersionChanged(queryClient, config.groupId);
    },
    onError: (e: unknown) => setErrors(apiFieldErrors(e)),
  };
  const create = useToastMutation('createGroupDefaultConfiguration', options);
  const update = useToastMutation('updateGroupDefaultConfiguration', options);
  const failure = create.error ?? update.error;
  /** An input's inline message, read-only state and test id. */
  const common = (name: keyof GroupUnitSettings, testId: string) => ({
    error: fieldText(errors[name]),
    readOnly: !canWrite,
    'data-testid': `group-default-${testId}`,
  });

  const onSave = () => {
    const body = { ...settings, version: edits.version ?? config.version };
    const parsed = parseBody(GroupUnitSettingsUpdateBody, body);
    setErrors(parsed.errors ?? {});
    if (parsed.errors) return;
    (config.exists ? update : create).mutate({ params: { id: config.groupId }, body });
  };

  return (
    <Stack gap="sm" data-testid="group-default-configuration" data-exists={config.exists}>
      <MutedText>{config.exists ? t('groups.defaultConfiguration.hint') : t('groups.defaultConfiguration.none')}</MutedText>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          label={t('groups.defaultConfiguration.delayMs')}
          min={LIMITS.lowDelayThresholdMs}
          max={LIMITS.delayMaxMs}
          value={settings.delayMs ?? ''}
          onChange={(v) => set({ delayMs: numberOrUndefined(v) })}
          {...common('delayMs', 'delay')}
        />
        <Select
          label={t('unitDetail.camera.mode.label')}
          data={TRANSMISSION_MODES.map((m) => ({ value: m, label: t(`unitList.transmissionModes.${m}`) }))}
          value={settings.transmissionMode ?? null}
          onChange={(v) => set({ transmissionMode: TRANSMISSION_MODES.find((m) => m === v) })}
          {...common('transmissionMode', 'transmission-mode')}
        />
        <Select
          label={t('unitConfig.storeAndForward.title')}
          data={STORE_AND_FORWARD_PROFILES.map((p) => ({ value: p, label: t(`unitConfig.storeAndForward.profiles.${p}`) }))}
          value={settings.storeAndForwardQuality ?? null}
          onChange={(v) => set({ storeAndForwardQuality: STORE_AND_FORWARD_PROFILES.find((p) => p === v) })}
          {...common('storeAndForwardQuality', 'sf-quality')}
        />
        <Select
          label={t('groups.defaultConfiguration.audioBitrate')}
          data={LIMITS.audioEncodingKbps.map((k) => ({ value: String(k), label: `${k} kbps` }))}
          value={settings.audioBitrateKbps === undefined ? null : String(settings.audioBitrateKbps)}
          onChange={(v) => set({ audioBitrateKbps: LIMITS.audioEncodingKbps.find((k) => String(k) === v) })}
          {...common('audioBitrateKbps', 'audio-bitrate')}
        />
        <NumberInput
          label={t('groups.defaultConfiguration.totalKbps')}
          min={0}
          value={settings.totalKbps ?? ''}
          onChange={(v) => set({ totalKbps: typeof v === 'number' ? v : null })}
          {...common('totalKbps', 'total')}
        />
        <NumberInput
          label={t('groups.defaultConfiguration.cellularKbps')}
          min={0}
          value={settings.cellularKbps ?? ''}
          onChange={(v) => set({ cellularKbps: typeof v === 'number' ? v : null })}
          {...common('cellularKbps', 'cellular')}
        />
      </SimpleGrid>
      <ErrorNote testId="group-default-empty" message={fieldText(errors[''])} />
      <UnshownErrors errors={errors} shown={SHOWN} testId="group-default-unshown" />
      <EditConflictNotice edits={edits} label={(field) => t(DEFAULT_LABELS[field])} testId="group-default-conflict" />
      {failure && Object.keys(apiFieldErrors(failure)).length === 0 && <ErrorAlert error={failure} testId="group-default-error" role="alert" />}
      {canWrite && (
        <Group justify="flex-end">
          <Button onClick={onSave} loading={create.isPending || update.isPending} data-testid="group-default-save">
            {t('groups.actions.save')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

export default function DefaultConfigurationTab({ groupId }: { readonly groupId: string }) {
  const { t } = useTranslation();
  const config = useEndpointQuery('getGroupDefaultConfiguration', { params: { id: groupId } });
  return (
    <QueryView query={config} testIdPrefix="group-default" errorTitle={t('groups.defaultConfiguration.loadFailed')}>
      {(data) => <DefaultConfigurationForm config={data} />}
    </QueryView>
  );
}
