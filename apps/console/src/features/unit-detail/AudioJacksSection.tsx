/**
 * The unit's audio jacks (PUT intercom/audiojacks): per jack the intercom it carries, its volume
 * and mute, checked against the catalogue schema's limits (messages inline, the spec's wording).
 * The form follows the unit's configuration (live through `unit.configuration` events) while the
 * user has not edited it.
 */
import { useState } from 'react';
import { Button, Group, NumberInput, Select, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { UNIT_CONFIG_BOUNDS } from '@fleet/contracts';
import type { UnitConfiguration } from '@fleet/contracts';
import type { FormErrors } from './multiCameraForm';
import { ApiErrorAlert, Section } from './parts';
import { audioJackDrafts, audioJacksBody, audioJacksErrors } from './settingsForms';
import type { AudioJackDraft } from './settingsForms';
import { useConfigMutation } from './useConfigMutation';
import { useDraft } from './useDraft';
import { fieldProblems, validationText } from './validationText';

const NO_INTERCOM = 'none';

export function AudioJacksSection({ unitId, configuration, canWrite }: { unitId: string; configuration: UnitConfiguration; canWrite: boolean }) {
  const { t } = useTranslation();
  const reported = audioJackDrafts(configuration);
  const { draft, edit, reset } = useDraft<AudioJackDraft[]>(reported);
  const [errors, setErrors] = useState<FormErrors>({});
  const mutation = useConfigMutation(unitId, 'updateUnitIntercomAudioJacks', () => t('unitDetail.intercom.jacks.saved'));
  const serverErrors = mutation.error ? fieldProblems(mutation.error.fields) : {};
  const errorOf = (key: string) => {
    const message = errors[key] ?? serverErrors[key];
    return message === undefined ? undefined : validationText(t, message);
  };
  const change = (index: number, patch: Partial<AudioJackDraft>) => edit((jacks) => jacks.map((jack, i) => (i === index ? { ...jack, ...patch } : jack)));
  const intercomData = [
    { value: NO_INTERCOM, label: t('unitDetail.intercom.jacks.none') },
    { value: '1', label: t('unitDetail.intercom.jacks.intercomN', { n: 1 }) },
    { value: '2', label: t('unitDetail.intercom.jacks.intercomN', { n: 2 }) },
  ];

  const save = () => {
    mutation.reset();
    const found = audioJacksErrors(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = audioJacksBody(draft);
    // audioJacksErrors passed, so every volume is a number (the schema's check).
    mutation.mutate({ params: { id: unitId }, body: { jacks: body.jacks.map((jack) => ({ ...jack, volume: jack.volume ?? 0 })) } }, { onSuccess: reset });
  };

  return (
    <Section title={t('unitDetail.intercom.jacks.title')} testId="unit-detail-jacks">
      <Stack gap="xs">
        {draft.map((jack, index) => {
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
                value={jack.intercom === null ? NO_INTERCOM : String(jack.intercom)}
                onChange={(value) => change(index, { intercom: value === '1' ? 1 : value === '2' ? 2 : null })}
                allowDeselect={false}
                readOnly={!canWrite}
                error={errorOf(`jacks.${index}.intercom`)}
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
                error={errorOf(`jacks.${index}.volume`)}
                data-testid={`unit-detail-jack-${jack.jack}-volume`}
              />
              <Switch
                mt={26}
                label={t('unitDetail.intercom.jacks.muted')}
                checked={jack.muted}
                onChange={(event) => {
                  const muted = event.currentTarget.checked;
                  change(index, { muted });
                }}
                disabled={!canWrite}
                data-testid={`unit-detail-jack-${jack.jack}-muted`}
              />
            </Group>
          );
        })}
      </Stack>
      {(errors.jacks ?? serverErrors.jacks) !== undefined && (
        <Text size="sm" c="red" data-testid="unit-detail-jacks-form-error">
          {errorOf('jacks')}
        </Text>
      )}
      {canWrite && (
        <Button size="xs" w="fit-content" onClick={save} loading={mutation.isPending} data-testid="unit-detail-jacks-save">
          {t('unitDetail.intercom.jacks.save')}
        </Button>
      )}
      <ApiErrorAlert error={mutation.error} title={t('unitDetail.intercom.jacks.saveFailed')} testId="unit-detail-jacks-error" fieldsInline />
    </Section>
  );
}
