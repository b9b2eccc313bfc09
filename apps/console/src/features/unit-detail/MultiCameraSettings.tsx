/**
 * The Multi Camera tab's channel settings: the channel the multi camera feeds go to
 * (multiplecamera/channel), the unit's settings configuration (output channel and multi channel:
 * settingsConfiguration fetch and add) and, in the switcher modes, the switcher's channels and SDI input —
 * the whole switcher (switchermode) or one field at a time (switchermode/highqualitychannel,
 * /proxychannel, /sdiinput). Channels are chosen by name from the picker (ChannelPicker; the calls
 * take their ids); the stored ones are shown by name (useChannelNames).
 * The fields follow the unit's configuration (live through `unit.configuration` events) while the
 * user has not edited them, except the switcher's for 5 s after a switcher change is sent (the
 * switcher update guard of spec 000 §9: useUpdateGuard).
 */
import { useEffect, useRef } from 'react';
import { Button, Group, Stack, Switch, Text } from '@mantine/core';
import { Select } from '../../components/Pickers';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MultipleCameraChannelUpdateBody, TIMINGS, UNIT_CONFIG_BOUNDS } from '@fleet/contracts';
import type { EndpointId, UnitConfiguration } from '@fleet/contracts';
import { endpointPrefix, useEndpointQuery } from '../../api/hooks';
import { serverFieldErrors } from '../../lib/forms/fieldErrors';
import { useConfigCall } from '../../lib/forms/useConfigCall';
import { useConfigForm } from '../../lib/forms/useConfigForm';
import { useFieldError } from '../../lib/forms/useFieldError';
import { useForm } from '../../lib/forms/useForm';
import { ChannelPicker } from '../channels/ChannelPicker';
import { useChannelNames } from '../channels/useChannelNames';
import { ApiErrorAlert, SaveButton, Section } from './parts';
import { asSwitcherField, multiCameraChannelBody, switcherBody, switcherErrors, switcherFieldErrors, switcherValues } from './settingsForms';
import type { SwitcherField, SwitcherMode, SwitcherValues } from './settingsForms';
import { useUpdateGuard } from './useUpdateGuard';
import { enumLabel } from '../../lib/tolerant';

const SDI_INPUTS = Array.from({ length: UNIT_CONFIG_BOUNDS.sdiInputs }, (_, i) => String(i + 1));

export function MultiCameraChannelSection({ unitId, configuration, canWrite }: { unitId: string; configuration: UnitConfiguration; canWrite: boolean }) {
  const { t } = useTranslation();
  const channelName = useChannelNames();
  const current = configuration.multiCamera.channel;
  const form = useConfigForm({
    unitId,
    source: { channelId: current ?? '' },
    endpoint: 'updateUnitMultipleCameraChannel',
    schema: MultipleCameraChannelUpdateBody,
    toBody: multiCameraChannelBody,
    kind: 'update',
    successMessage: (c) => t('unitDetail.multiCamera.channelSaved', { channel: c.multiCamera.channel == null ? '' : channelName(c.multiCamera.channel) }),
  });
  const error = useFieldError('unit-detail-field-multicamera-channel', form.errors);
  return (
    <Section title={t('unitDetail.multiCamera.channel')} testId="unit-detail-multicamera-channel">
      <Text size="sm" data-testid="unit-detail-multicamera-channel-value" data-channel={current ?? ''}>
        {current === null ? t('unitDetail.multiCamera.noChannel') : channelName(current)}
      </Text>
      {canWrite && (
        <Group gap="xs" align="flex-start">
          <ChannelPicker
            size="xs"
            w={340}
            aria-label={t('unitDetail.multiCamera.channel')}
            placeholder={t('channels.picker.placeholder')}
            value={form.values.channelId}
            onChange={(channelId) => form.set({ channelId: channelId ?? '' })}
            forUnit={unitId}
            error={error('channelId')}
            data-testid="unit-detail-multicamera-channel-input"
          />
          <Button size="xs" onClick={form.apply} loading={form.pending} data-testid="unit-detail-multicamera-channel-apply">
            {t('unitDetail.multiCamera.apply')}
          </Button>
        </Group>
      )}
      <ApiErrorAlert error={form.error} title={t('unitDetail.multiCamera.saveFailed')} testId="unit-detail-multicamera-channel-error" fieldsInline />
    </Section>
  );
}

/**
 * The unit's settings configuration (spec 000 §3 "Settings configuration: outputChannel,
 * multiChannel, machineUid"; §7 settingsConfiguration fetch and add): the output channel (a channel
 * of the unit's inventories, entered by id; empty: none) and multi channel, as GET
 * settingsConfiguration/fetch reads them, applied with PUT settingsConfiguration/add. Read again
 * when the unit's configuration says its settings changed (live over /ws).
 */
export function SettingsConfigurationSection({ unitId, configuration, canWrite }: { unitId: string; configuration: UnitConfiguration; canWrite: boolean }) {
  const { t } = useTranslation();
  const channelName = useChannelNames();
  const queryClient = useQueryClient();
  const read = useEndpointQuery('fetchSettingsConfiguration', { query: { machineUid: unitId } });
  const stored = JSON.stringify(configuration.settings);
  const seen = useRef(stored);
  useEffect(() => {
    if (seen.current === stored) return;
    seen.current = stored;
    void queryClient.invalidateQueries({ queryKey: endpointPrefix('fetchSettingsConfiguration') });
  }, [stored, queryClient]);
  const current = read.data;
  const form = useForm({ outputChannel: current?.outputChannel ?? '', multiChannel: current?.multiChannel ?? false }, () => ({}));
  const error = useFieldError('unit-detail-field-settings', form.errors);
  const apply = useConfigCall(unitId, 'addSettingsConfiguration', { kind: 'update', successMessage: () => t('unitDetail.settingsConfiguration.saved') });
  const save = () => {
    const values = form.submit();
    if (values === null) return;
    const outputChannel = values.outputChannel.trim();
    const body = { id: unitId, outputChannel: outputChannel === '' ? null : outputChannel, multiChannel: values.multiChannel };
    apply.mutate({ body }, { onSuccess: form.saved, onError: (e) => form.failed(e) });
  };
  return (
    <Section title={t('unitDetail.settingsConfiguration.title')} testId="unit-detail-settings">
      <Text size="sm" data-testid="unit-detail-settings-value">
        {current === undefined
          ? t('common.loading')
          : t('unitDetail.settingsConfiguration.current', {
              channel: current.outputChannel == null ? t('unitDetail.settingsConfiguration.noOutput') : channelName(current.outputChannel),
              multi: t(current.multiChannel ? 'unitDetail.settingsConfiguration.on' : 'unitDetail.settingsConfiguration.off'),
            })}
      </Text>
      {canWrite && current !== undefined && (
        <Group gap="md" align="flex-end">
          <ChannelPicker
            size="xs"
            w={340}
            label={t('unitDetail.settingsConfiguration.outputChannel')}
            placeholder={t('channels.picker.placeholder')}
            value={form.values.outputChannel}
            onChange={(outputChannel) => form.set({ outputChannel: outputChannel ?? '' })}
            forUnit={unitId}
            anyStatus
            clearable
            error={error('outputChannel')}
            data-testid="unit-detail-settings-output"
          />
          <Switch
            mb={6}
            label={t('unitDetail.settingsConfiguration.multiChannel')}
            checked={form.values.multiChannel}
            onChange={(e) => form.set({ multiChannel: e.currentTarget.checked })}
            data-testid="unit-detail-settings-multi"
          />
          <Button size="xs" onClick={save} loading={apply.isPending} data-testid="unit-detail-settings-apply">
            {t('unitDetail.multiCamera.apply')}
          </Button>
        </Group>
      )}
      <ApiErrorAlert error={form.error} title={t('unitDetail.settingsConfiguration.saveFailed')} testId="unit-detail-settings-error" fieldsInline />
    </Section>
  );
}

export function SwitcherSection(props: { unitId: string; mode: SwitcherMode; configuration: UnitConfiguration; canCall: (id: EndpointId) => boolean }) {
  const { unitId, mode, configuration, canCall } = props;
  const { t } = useTranslation();
  const current = configuration.switcher;
  const guard = useUpdateGuard(switcherValues(current), TIMINGS.switcherUpdateGuardMs);
  const form = useForm(guard.value, (values) => switcherErrors(mode, values));
  const error = useFieldError('unit-detail-field-switcher', form.errors);
  const options = { kind: 'update', successMessage: () => t('unitDetail.multiCamera.saved') } as const;
  const whole = useConfigCall(unitId, 'updateUnitSwitcherMode', options);
  const hqCall = useConfigCall(unitId, 'updateUnitSwitcherHighQualityChannel', options);
  const proxyCall = useConfigCall(unitId, 'updateUnitSwitcherProxyChannel', options);
  const sdiCall = useConfigCall(unitId, 'updateUnitSwitcherSdiInput', options);
  const canSave = canCall('updateUnitSwitcherMode');
  const canHq = canCall('updateUnitSwitcherHighQualityChannel');
  const canProxy = canCall('updateUnitSwitcherProxyChannel');
  const canSdi = canCall('updateUnitSwitcherSdiInput');
  const params = { id: unitId };

  /** The whole switcher sent and taken: its values stay shown through the guard, then follow the unit. */
  const sent = (values: SwitcherValues) => {
    guard.hold(values);
    form.saved();
  };

  const save = () => {
    const values = form.submit();
    if (values === null) return;
    whole.mutate({ params, body: switcherBody(mode, values) }, { onSuccess: () => sent(values), onError: (e) => form.failed(e) });
  };

  /** One field applied alone: its own call's checks and field errors, the rest of the form left as typed. */
  const applyField = (field: SwitcherField) => {
    const values = form.submit((v) => switcherFieldErrors(field, mode, v, current));
    if (values === null) return;
    const onError = (e: unknown) => form.failed(e, asSwitcherField(serverFieldErrors(e), field));
    // The form stays as typed (edited), so what the unit reports meanwhile does not replace it.
    if (field === 'inputSdi') {
      if (values.inputSdi != null) sdiCall.mutate({ params, body: { inputSdi: values.inputSdi } }, { onError });
      return;
    }
    const input = { params, body: { channelId: values[field].trim() } };
    if (field === 'highQualityChannel') hqCall.mutate(input, { onError });
    else proxyCall.mutate(input, { onError });
  };

  /** A field's own Apply (`unit-detail-switcher-<key>-apply`). */
  const applyButton = (field: SwitcherField, key: string, loading: boolean) => (
    <Button
      size="compact-xs"
      variant="light"
      w="fit-content"
      onClick={() => applyField(field)}
      loading={loading}
      data-testid={`unit-detail-switcher-${key}-apply`}
    >
      {t('unitDetail.multiCamera.apply')}
    </Button>
  );
  /** A switcher channel, chosen by name, with its own Apply for whom may make its call. */
  const channelField = (field: 'highQualityChannel' | 'proxyChannel', key: string, can: boolean, loading: boolean) => (
    <Stack gap={4}>
      <ChannelPicker
        size="xs"
        w={300}
        label={t(`unitDetail.multiCamera.${field}`)}
        placeholder={t('channels.picker.placeholder')}
        value={form.values[field]}
        onChange={(channelId) => form.set({ [field]: channelId ?? '' })}
        forUnit={unitId}
        readOnly={!canSave && !can}
        error={error(field)}
        data-testid={`unit-detail-switcher-${key}`}
        data-value={current[field] ?? ''}
      />
      {can && applyButton(field, key, loading)}
    </Stack>
  );

  return (
    <Section title={enumLabel(t, 'unitDetail.multiCamera.modes', mode)} testId="unit-detail-switcher">
      <Group gap="md" align="flex-start">
        {channelField('highQualityChannel', 'hq', canHq, hqCall.isPending)}
        {mode === 'switcherAndProxy' && channelField('proxyChannel', 'proxy', canProxy, proxyCall.isPending)}
        <Stack gap={4}>
          <Select
            size="xs"
            w={120}
            label={t('unitDetail.multiCamera.sdiInput')}
            data={SDI_INPUTS}
            value={form.values.inputSdi == null ? null : String(form.values.inputSdi)}
            onChange={(value) => form.set({ inputSdi: value === null ? null : Number(value) })}
            readOnly={!canSave && !canSdi}
            clearable={mode === 'switcher'}
            error={error('inputSdi')}
            data-testid="unit-detail-switcher-sdi"
            data-value={current.inputSdi ?? ''}
          />
          {canSdi && applyButton('inputSdi', 'sdi', sdiCall.isPending)}
        </Stack>
      </Group>
      <SaveButton show={canSave} onClick={save} loading={whole.isPending} testId="unit-detail-switcher-save" label={t('unitDetail.multiCamera.save')} />
      <ApiErrorAlert error={form.error} title={t('unitDetail.multiCamera.saveFailed')} testId="unit-detail-switcher-error" fieldsInline />
    </Section>
  );
}
