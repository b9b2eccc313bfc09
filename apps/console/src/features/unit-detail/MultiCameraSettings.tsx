/**
 * The Multi Camera tab's channel settings: the channel the multi camera feeds go to
 * (multiplecamera/channel) and, in the switcher modes, the switcher's channels and SDI input —
 * the whole switcher (switchermode) or one field at a time (switchermode/highqualitychannel,
 * /proxychannel, /sdiinput). Channels are entered as ids: the console has no channel list call yet.
 * The fields follow the unit's configuration (live through `unit.configuration` events) while the
 * user has not edited them.
 */
import { useState } from 'react';
import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { UNIT_CONFIG_BOUNDS } from '@fleet/contracts';
import type { EndpointId, UnitConfiguration } from '@fleet/contracts';
import type { TFunction } from 'i18next';
import type { ApiError } from '../../api/ApiError';
import { validateSwitcherForm } from './multiCameraForm';
import type { FormErrors } from './multiCameraForm';
import { ApiErrorAlert, Section } from './parts';
import { multiCameraChannelBody, multiCameraChannelErrors, sdiInputErrors, switcherChannelErrors } from './settingsForms';
import { useConfigMutation } from './useConfigMutation';
import { useDraft } from './useDraft';
import { fieldProblems, validationText } from './validationText';

const SDI_INPUTS = Array.from({ length: UNIT_CONFIG_BOUNDS.sdiInputs }, (_, i) => String(i + 1));

/** The first message for `key`: the form's own check, else the server's field error; translated. */
function errorText(t: TFunction, key: string, local: FormErrors, error: ApiError | null): string | undefined {
  const message = local[key] ?? (error === null ? undefined : fieldProblems(error.fields)[key]);
  return message === undefined ? undefined : validationText(t, message);
}

export function MultiCameraChannelSection({ unitId, configuration, canWrite }: { unitId: string; configuration: UnitConfiguration; canWrite: boolean }) {
  const { t } = useTranslation();
  const current = configuration.multiCamera.channel;
  const { draft, edit, reset } = useDraft(current ?? '');
  const [errors, setErrors] = useState<FormErrors>({});
  const mutation = useConfigMutation(unitId, 'updateUnitMultipleCameraChannel', (c) => t('unitDetail.multiCamera.channelSaved', { channel: c.multiCamera.channel ?? '' }));
  const apply = () => {
    const found = multiCameraChannelErrors(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    mutation.mutate({ params: { id: unitId }, body: multiCameraChannelBody(draft) }, { onSuccess: reset });
  };
  return (
    <Section title={t('unitDetail.multiCamera.channel')} testId="unit-detail-multicamera-channel">
      <Text size="sm" data-testid="unit-detail-multicamera-channel-value" data-channel={current ?? ''}>
        {current ?? t('unitDetail.multiCamera.noChannel')}
      </Text>
      {canWrite && (
        <Group gap="xs" align="flex-start">
          <TextInput
            size="xs"
            w={260}
            aria-label={t('unitDetail.multiCamera.channel')}
            placeholder={t('unitDetail.multiCamera.channelPlaceholder')}
            description={t('unitDetail.multiCamera.channelIdHint')}
            value={draft}
            onChange={(event) => {
              const value = event.currentTarget.value;
              edit(() => value);
            }}
            error={errorText(t, 'channelId', errors, mutation.error)}
            data-testid="unit-detail-multicamera-channel-input"
          />
          <Button size="xs" mt={22} onClick={apply} loading={mutation.isPending} data-testid="unit-detail-multicamera-channel-apply">
            {t('unitDetail.multiCamera.apply')}
          </Button>
        </Group>
      )}
      <ApiErrorAlert error={mutation.error} title={t('unitDetail.multiCamera.saveFailed')} testId="unit-detail-multicamera-channel-error" fieldsInline />
    </Section>
  );
}

export function SwitcherSection(props: { unitId: string; mode: 'switcher' | 'switcherAndProxy'; configuration: UnitConfiguration; canCall: (id: EndpointId) => boolean }) {
  const { unitId, mode, configuration, canCall } = props;
  const { t } = useTranslation();
  const current = configuration.switcher;
  const hq = useDraft(current.highQualityChannel ?? '');
  const proxy = useDraft(current.proxyChannel ?? '');
  const sdi = useDraft<number | null>(current.inputSdi);
  const [errors, setErrors] = useState<FormErrors>({});
  const saved = () => t('unitDetail.multiCamera.saved');
  const whole = useConfigMutation(unitId, 'updateUnitSwitcherMode', saved);
  const hqMutation = useConfigMutation(unitId, 'updateUnitSwitcherHighQualityChannel', saved);
  const proxyMutation = useConfigMutation(unitId, 'updateUnitSwitcherProxyChannel', saved);
  const sdiMutation = useConfigMutation(unitId, 'updateUnitSwitcherSdiInput', saved);
  const canSave = canCall('updateUnitSwitcherMode');
  const canHq = canCall('updateUnitSwitcherHighQualityChannel');
  const canProxy = canCall('updateUnitSwitcherProxyChannel');
  const canSdi = canCall('updateUnitSwitcherSdiInput');

  // A field's message: its own check or call first (key `channelId` / `inputSdi` of the one-field bodies), then the whole save's.
  const fieldError = (key: 'highQualityChannel' | 'proxyChannel' | 'inputSdi', single: ApiError | null, singleKey: string) =>
    errorText(t, key, errors, null) ?? errorText(t, singleKey, {}, single) ?? errorText(t, key, {}, whole.error);

  const clearCalls = () => [whole, hqMutation, proxyMutation, sdiMutation].forEach((m) => m.reset());

  const save = () => {
    clearCalls();
    const found = validateSwitcherForm({ mode, highQualityChannel: hq.draft, proxyChannel: proxy.draft, inputSdi: sdi.draft });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    whole.mutate(
      {
        params: { id: unitId },
        body: { mode, highQualityChannel: hq.draft.trim(), proxyChannel: mode === 'switcherAndProxy' ? proxy.draft.trim() : null, inputSdi: sdi.draft },
      },
      {
        onSuccess: () => {
          hq.reset();
          proxy.reset();
          sdi.reset();
        },
      },
    );
  };

  const applyChannel = (kind: 'highQualityChannel' | 'proxyChannel') => {
    clearCalls();
    const value = kind === 'highQualityChannel' ? hq.draft : proxy.draft;
    // The core keeps the two channels apart against the channel the unit has (spec 000 §3 switcher-and-proxy).
    const other = mode === 'switcherAndProxy' ? (kind === 'highQualityChannel' ? current.proxyChannel : current.highQualityChannel) : null;
    const found = switcherChannelErrors(value, other);
    const message = found.channelId;
    setErrors(message === undefined ? {} : { [kind]: message });
    if (message !== undefined) return;
    const input = { params: { id: unitId }, body: { channelId: value.trim() } };
    if (kind === 'highQualityChannel') hqMutation.mutate(input, { onSuccess: hq.reset });
    else proxyMutation.mutate(input, { onSuccess: proxy.reset });
  };

  const applySdi = () => {
    clearCalls();
    const message = sdiInputErrors(sdi.draft).inputSdi;
    setErrors(message === undefined ? {} : { inputSdi: message });
    if (message !== undefined || sdi.draft === null) return;
    sdiMutation.mutate({ params: { id: unitId }, body: { inputSdi: sdi.draft } }, { onSuccess: sdi.reset });
  };

  const failure = whole.error ?? hqMutation.error ?? proxyMutation.error ?? sdiMutation.error;
  return (
    <Section title={t(`unitDetail.multiCamera.modes.${mode}`)} testId="unit-detail-switcher">
      <Text size="xs" c="dimmed">
        {t('unitDetail.multiCamera.channelIdHint')}
      </Text>
      <Group gap="md" align="flex-start">
        <Stack gap={4}>
          <TextInput
            size="xs"
            label={t('unitDetail.multiCamera.highQualityChannel')}
            value={hq.draft}
            onChange={(event) => {
              const value = event.currentTarget.value;
              hq.edit(() => value);
            }}
            readOnly={!canSave && !canHq}
            error={fieldError('highQualityChannel', hqMutation.error, 'channelId')}
            data-testid="unit-detail-switcher-hq"
            data-value={current.highQualityChannel ?? ''}
          />
          {canHq && (
            <Button size="compact-xs" variant="light" w="fit-content" onClick={() => applyChannel('highQualityChannel')} loading={hqMutation.isPending} data-testid="unit-detail-switcher-hq-apply">
              {t('unitDetail.multiCamera.apply')}
            </Button>
          )}
        </Stack>
        {mode === 'switcherAndProxy' && (
          <Stack gap={4}>
            <TextInput
              size="xs"
              label={t('unitDetail.multiCamera.proxyChannel')}
              value={proxy.draft}
              onChange={(event) => {
                const value = event.currentTarget.value;
                proxy.edit(() => value);
              }}
              readOnly={!canSave && !canProxy}
              error={fieldError('proxyChannel', proxyMutation.error, 'channelId')}
              data-testid="unit-detail-switcher-proxy"
              data-value={current.proxyChannel ?? ''}
            />
            {canProxy && (
              <Button size="compact-xs" variant="light" w="fit-content" onClick={() => applyChannel('proxyChannel')} loading={proxyMutation.isPending} data-testid="unit-detail-switcher-proxy-apply">
                {t('unitDetail.multiCamera.apply')}
              </Button>
            )}
          </Stack>
        )}
        <Stack gap={4}>
          <Select
            size="xs"
            w={120}
            label={t('unitDetail.multiCamera.sdiInput')}
            data={SDI_INPUTS}
            value={sdi.draft === null ? null : String(sdi.draft)}
            onChange={(value) => sdi.edit(() => (value === null ? null : Number(value)))}
            readOnly={!canSave && !canSdi}
            clearable={mode === 'switcher'}
            error={fieldError('inputSdi', sdiMutation.error, 'inputSdi')}
            data-testid="unit-detail-switcher-sdi"
            data-value={current.inputSdi ?? ''}
          />
          {canSdi && (
            <Button size="compact-xs" variant="light" w="fit-content" onClick={applySdi} loading={sdiMutation.isPending} data-testid="unit-detail-switcher-sdi-apply">
              {t('unitDetail.multiCamera.apply')}
            </Button>
          )}
        </Stack>
      </Group>
      {canSave && (
        <Button size="xs" w="fit-content" onClick={save} loading={whole.isPending} data-testid="unit-detail-switcher-save">
          {t('unitDetail.multiCamera.save')}
        </Button>
      )}
      <ApiErrorAlert error={failure} title={t('unitDetail.multiCamera.saveFailed')} testId="unit-detail-switcher-error" fieldsInline />
    </Section>
  );
}
