import { Button, Group, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { unitFeatureLicences } from '@fleet/domain';
import { VIDEO_RETURN_OUTPUTS } from '@fleet/contracts';
import type { UnitConfiguration } from '@fleet/contracts';
import { callEndpoint } from '../../api/client';
import { requiredField } from '../../lib/forms/fieldErrors';
import { useConfigCall } from '../../lib/forms/useConfigCall';
import { useFieldError } from '../../lib/forms/useFieldError';
import { useForm } from '../../lib/forms/useForm';
import { ActivitySection, ApiErrorAlert, Section } from './parts';
import type { DetailTabProps } from './tabProps';
import { useVrChannelNames, VrChannelPicker } from './VrChannelPicker';
import { enumLabel } from '../../lib/tolerant';

/** The video return channel chosen (its id): required to select one (clearing sends none). */
const NO_CHANNEL_TYPED = { vrChannelId: '' };
const requireChannel = requiredField<typeof NO_CHANNEL_TYPED>('vrChannelId');

/** Video return: the selected video return channel (vrChannels/selected) and start/stop. */
export function VideoReturnTab({ unit, configuration, capabilities, transitions, canCall }: DetailTabProps) {
  const { t } = useTranslation();
  const id = unit.uniqueId;
  const selected = configuration?.videoReturn.selectedVrChannelId ?? null;
  const input = useForm(NO_CHANNEL_TYPED, requireChannel);
  const inputError = useFieldError('unit-detail-field-videoreturn', input.errors);
  const selectMutation = useConfigCall(id, 'updateUnitSelectedVrChannel', { kind: 'update', successMessage: () => t('unitDetail.videoReturn.selected') });
  const licensed = unitFeatureLicences(capabilities, unit.services).videoReturn;
  const canSelect = canCall('updateUnitSelectedVrChannel');
  const vrName = useVrChannelNames(id);

  const select = () => {
    const values = input.submit();
    if (values !== null) selectMutation.mutate({ params: { id }, body: { vrChannelId: values.vrChannelId.trim() } });
  };
  const clear = () => selectMutation.mutate({ params: { id }, body: { vrChannelId: null } });

  return (
    <Stack gap="sm" data-testid="unit-detail-videoreturn">
      <ActivitySection
        testId="unit-detail-videoreturn"
        title={t('unitDetail.videoReturn.title')}
        unlicensed={licensed ? null : t('apiErrors.NO_VIDEO_RETURN_LICENSE')}
        transitions={transitions}
        activity="videoReturn"
        keys={['videoReturn']}
        canControl={canCall('startVideoReturn')}
        labels="unitDetail.videoReturn"
        call={(direction) => callEndpoint(direction === 'start' ? 'startVideoReturn' : 'stopVideoReturn', { params: { id } })}
      />
      {configuration !== undefined && <VideoReturnSettingSection unitId={id} configuration={configuration} canWrite={canCall('updateUnitVideoReturn')} />}
      <Section title={t('unitDetail.videoReturn.channel')}>
        <Text size="sm" data-testid="unit-detail-videoreturn-selected" data-channel={selected ?? ''}>
          {selected === null ? t('unitDetail.videoReturn.none') : vrName(selected)}
        </Text>
        {canSelect && (
          <Group gap="xs" align="flex-start">
            <VrChannelPicker
              unitId={id}
              value={input.values.vrChannelId}
              onChange={(vrChannelId) => input.set({ vrChannelId: vrChannelId ?? '' })}
              error={inputError('vrChannelId')}
            />
            <Button size="xs" onClick={select} loading={selectMutation.isPending} data-testid="unit-detail-videoreturn-select">
              {t('unitDetail.videoReturn.select')}
            </Button>
            {selected !== null && (
              <Button size="xs" variant="subtle" onClick={clear} data-testid="unit-detail-videoreturn-clear">
                {t('unitDetail.videoReturn.clear')}
              </Button>
            )}
          </Group>
        )}
        <ApiErrorAlert error={selectMutation.error} title={t('unitDetail.videoReturn.selectFailed')} testId="unit-detail-videoreturn-select-error" />
      </Section>
    </Stack>
  );
}

/**
 * Video return on the unit and the output it plays on (PUT videoreturn). Without a video return
 * licence the core refuses ("No Video Return licenses", spec 000 §8): the refusal is shown.
 * The values are the unit's configuration, live through `unit.configuration` events.
 */
function VideoReturnSettingSection({ unitId, configuration, canWrite }: { unitId: string; configuration: UnitConfiguration; canWrite: boolean }) {
  const { t } = useTranslation();
  const { enabled, output } = configuration.videoReturn;
  const mutation = useConfigCall(unitId, 'updateUnitVideoReturn', { kind: 'update', successMessage: () => t('unitDetail.videoReturn.settingSaved') });
  const apply = (next: { enabled: boolean; output: UnitConfiguration['videoReturn']['output'] }) => mutation.mutate({ params: { id: unitId }, body: next });
  return (
    <Section title={t('unitDetail.videoReturn.setting')} testId="unit-detail-videoreturn-setting">
      <Stack gap="xs" data-testid="unit-detail-videoreturn-setting-value" data-enabled={String(enabled)} data-output={output}>
        {canWrite ? (
          <>
            <Switch
              label={enabled ? t('unitDetail.videoReturn.enabled') : t('unitDetail.videoReturn.disabled')}
              checked={enabled}
              disabled={mutation.isPending}
              onChange={(event) => apply({ enabled: event.currentTarget.checked, output })}
              data-testid="unit-detail-videoreturn-enabled"
            />
            <Group gap="xs">
              <Text size="sm">{t('unitDetail.videoReturn.output')}</Text>
              <SegmentedControl
                size="xs"
                data={VIDEO_RETURN_OUTPUTS.map((value) => ({ value, label: t(`unitDetail.videoReturn.outputs.${value}`) }))}
                value={output}
                disabled={mutation.isPending}
                onChange={(value) => apply({ enabled, output: value === 'hdmi' ? 'hdmi' : 'sdi' })}
                data-testid="unit-detail-videoreturn-output"
              />
            </Group>
          </>
        ) : (
          <Text size="sm">
            {enabled ? t('unitDetail.videoReturn.enabled') : t('unitDetail.videoReturn.disabled')} · {t('unitDetail.videoReturn.output')}:{' '}
            {enumLabel(t, 'unitDetail.videoReturn.outputs', output)}
          </Text>
        )}
      </Stack>
      <ApiErrorAlert error={mutation.error} title={t('unitDetail.videoReturn.settingFailed')} testId="unit-detail-videoreturn-setting-error" />
    </Section>
  );
}
