/**
 * The unit's audio jacks (PUT intercom/audiojacks): per jack the intercom it carries, its volume
 * and mute, checked against the catalogue schema's limits (messages inline, the spec's wording).
 * The form follows the unit's configuration (live through `unit.configuration` events) while the
 * user has not edited it.
 */
import { Group, NumberInput, Stack, Switch, Text } from '@mantine/core';
import { Select } from '../../components/Pickers';
import { useTranslation } from 'react-i18next';
import { AudioJacksUpdateBody, UNIT_CONFIG_BOUNDS } from '@fleet/contracts';
import type { UnitConfiguration } from '@fleet/contracts';
import { useConfigForm } from '../../lib/forms/useConfigForm';
import { useFieldError } from '../../lib/forms/useFieldError';
import { ApiErrorAlert, SaveButton, Section } from './parts';
import { audioJackDrafts, audioJacksBody } from './settingsForms';
import type { AudioJackDraft } from './settingsForms';

const NO_INTERCOM = 'none';

export function AudioJacksSection({ unitId, configuration, canWrite }: { unitId: string; configuration: UnitConfiguration; canWrite: boolean }) {
  const { t } = useTranslation();
  const reported = audioJackDrafts(configuration);
  const form = useConfigForm({
    unitId,
    source: { jacks: reported },
    endpoint: 'updateUnitIntercomAudioJacks',
    schema: AudioJacksUpdateBody,
    toBody: (values) => audioJacksBody(values.jacks),
    kind: 'update',
    successMessage: () => t('unitDetail.intercom.jacks.saved'),
  });
  const error = useFieldError('unit-detail-field-jacks', form.errors);
  const change = (index: number, patch: Partial<AudioJackDraft>) =>
    form.set({ jacks: form.values.jacks.map((jack, i) => (i === index ? { ...jack, ...patch } : jack)) });
  const intercomData = [
    { value: NO_INTERCOM, label: t('unitDetail.intercom.jacks.none') },
    { value: '1', label: t('unitDetail.intercom.jacks.intercomN', { n: 1 }) },
    { value: '2', label: t('unitDetail.intercom.jacks.intercomN', { n: 2 }) },
  ];

  return (
    <Section title={t('unitDetail.intercom.jacks.title')} testId="unit-detail-jacks">
      <Stack gap="xs">
        {form.values.jacks.map((jack, index) => {
          const shown = reported[index];
          return (
            <Group
              key={jack.jack}
              gap="sm"
              align="flex-start"
              data-testid={`unit-detail-jack-${jack.jack}`}
              data-volume={shown?.volume ?? ''}
              data-muted={String(shown?.muted ?? false)}
              data-intercom={shown?.intercom ?? NO_INTERCOM}
            >
              <Text size="sm" fw={500} w={110} pt={24}>
                {t('unitDetail.intercom.jacks.jack', { n: jack.jack })}
              </Text>
              <Select
                size="xs"
                w={140}
                label={t('unitDetail.intercom.jacks.intercom')}
                data={intercomData}
                value={jack.intercom == null ? NO_INTERCOM : String(jack.intercom)}
                onChange={(value) => change(index, { intercom: value === '1' ? 1 : value === '2' ? 2 : null })}
                allowDeselect={false}
                readOnly={!canWrite}
                error={error(`jacks.${index}.intercom`)}
                data-testid={`unit-detail-jack-${jack.jack}-intercom`}
              />
              <NumberInput
                size="xs"
                w={150}
                label={t('unitDetail.intercom.jacks.volume', { min: 0, max: UNIT_CONFIG_BOUNDS.volumeMax })}
                value={jack.volume}
                onChange={(value) => change(index, { volume: value })}
                clampBehavior="none"
                allowDecimal
                readOnly={!canWrite}
                error={error(`jacks.${index}.volume`)}
                data-testid={`unit-detail-jack-${jack.jack}-volume`}
              />
              <Switch
                mt={26}
                label={t('unitDetail.intercom.jacks.muted')}
                checked={jack.muted}
                onChange={(event) => change(index, { muted: event.currentTarget.checked })}
                disabled={!canWrite}
                data-testid={`unit-detail-jack-${jack.jack}-muted`}
              />
            </Group>
          );
        })}
      </Stack>
      {form.errors.jacks !== undefined && (
        <Text size="sm" c="red" data-testid="unit-detail-jacks-form-error">
          {error('jacks')}
        </Text>
      )}
      <SaveButton show={canWrite} onClick={form.apply} loading={form.pending} testId="unit-detail-jacks-save" label={t('unitDetail.intercom.jacks.save')} />
      <ApiErrorAlert error={form.error} title={t('unitDetail.intercom.jacks.saveFailed')} testId="unit-detail-jacks-error" fieldsInline />
    </Section>
  );
}
