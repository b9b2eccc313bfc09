import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { Select } from '../../components/Pickers';
import { useTranslation } from 'react-i18next';
import { unitFeatureLicences, workingModeProblem } from '@fleet/domain';
import { WORKING_MODES } from '@fleet/contracts';
import type { WorkingMode } from '@fleet/contracts';
import { errorCodeText } from '../../api/errorMessage';
import { useSpecText } from '../../lib/forms/specText';
import { useConfigCall } from '../../lib/forms/useConfigCall';
import { useForm } from '../../lib/forms/useForm';
import { activityState } from './activity';
import { ActivityBadge, ApiErrorAlert, Section } from './parts';
import type { DetailTabProps } from './tabProps';
import { MutedText } from '../../kit/MutedText';
import { enumLabel } from '../../lib/tolerant';

/** Any working mode the select offers may be applied (the unsuitable ones are disabled). */
const NO_RULES = () => ({});

/**
 * Xtend mode: whether an extender is attached (hasExtender), the xtender relay activity, and the
 * unit's operational (working) mode — a change takes a few seconds (spec 000 §4).
 */
export function XtendTab({ unit, capabilities, canCall }: DetailTabProps) {
  const { t } = useTranslation();
  const id = unit.uniqueId;
  const specText = useSpecText();
  const form = useForm<{ workingMode: WorkingMode }>({ workingMode: unit.workingMode }, NO_RULES);
  const mutation = useConfigCall(id, 'updateUnitOperationalMode', {
    kind: 'update',
    successMessage: (configuration) => t('unitDetail.xtend.saved', { mode: enumLabel(t, 'unitDetail.xtend.workingModes', configuration.workingMode) }),
  });
  const mode = form.values.workingMode;
  const apply = () => {
    const values = form.submit();
    if (values !== null) mutation.mutate({ params: { id }, body: values }, { onSuccess: form.saved });
  };
  const licences = unitFeatureLicences(capabilities, unit.services);
  const canWrite = canCall('updateUnitOperationalMode');
  const options = WORKING_MODES.map((value) => {
    const problem = workingModeProblem(value, licences);
    const name = t(`unitDetail.xtend.workingModes.${value}`);
    const why = problem === null ? null : problem.kind === 'error' ? errorCodeText(t, problem.code) : specText(problem.message);
    return { value, label: why === null ? name : `${name} — ${why}`, disabled: problem !== null };
  });

  return (
    <Stack gap="sm" data-testid="unit-detail-xtend">
      <Section title={t('unitDetail.xtend.extender')}>
        <Group gap="sm">
          <Badge color={unit.hasExtender ? 'green' : 'gray'} variant="light" data-testid="unit-detail-xtend-extender" data-has-extender={unit.hasExtender}>
            {unit.hasExtender ? t('unitDetail.xtend.hasExtender') : t('unitDetail.xtend.noExtender')}
          </Badge>
          <Text size="sm">{t('unitDetail.xtend.relay')}</Text>
          <ActivityBadge state={activityState(unit.applications, ['xtenderRelay'])} testId="unit-detail-xtend-relay" />
        </Group>
      </Section>
      <Section title={t('unitDetail.xtend.workingMode')}>
        <Text size="sm" data-testid="unit-detail-xtend-mode" data-mode={unit.workingMode}>
          {enumLabel(t, 'unitDetail.xtend.workingModes', unit.workingMode)}
        </Text>
        {canWrite && (
          <Group gap="xs" align="flex-end">
            <Select
              size="xs"
              w={320}
              aria-label={t('unitDetail.xtend.workingMode')}
              data={options}
              value={mode}
              allowDeselect={false}
              onChange={(value) => {
                if (value !== null) form.set({ workingMode: value as WorkingMode });
              }}
              data-testid="unit-detail-xtend-mode-select"
            />
            <Button size="xs" onClick={apply} disabled={mode === unit.workingMode} loading={mutation.isPending} data-testid="unit-detail-xtend-apply">
              {t('unitDetail.xtend.apply')}
            </Button>
          </Group>
        )}
        <MutedText size="xs">{t('unitDetail.xtend.takesSeconds')}</MutedText>
        <ApiErrorAlert error={mutation.error} title={t('unitDetail.xtend.saveFailed')} testId="unit-detail-xtend-error" />
      </Section>
    </Stack>
  );
}
