/** Network tab: bandwidth limits (total, cellular, per priority), cellular capping, fixed internet delay. */
import { Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  BANDWIDTH_CAP_OPTIONS, BwLimitationUpdateBody, FixedInternetDelayUpdateBody, LIMITS, NetworkCappingUpdateBody, VALIDATION, type UnitConfiguration,
} from '@fleet/contracts';
import { isBusy } from '@fleet/domain';
import {
  bandwidthBody, bandwidthForm, cappingBody, cappingForm, fixedDelayBody, fixedDelayForm, validateBandwidthForm, validateCappingForm,
  validateFixedDelayForm, type CapOption, type PriorityRow, type UnitFacts,
} from './forms';
import { useFieldError } from '../../lib/forms/useFieldError';
import { useConfigForm } from '../../lib/forms/useConfigForm';
import { FormSection, useAllowed, useConfigContext } from './parts';

interface TabProps {
  readonly config: UnitConfiguration;
  readonly unit: UnitFacts;
}

function BandwidthForm({ config, unit }: TabProps) {
  const { t } = useTranslation();
  const { unitId } = useConfigContext();
  const busy = isBusy(unit.applications);
  const form = useConfigForm({
    unitId,
    source: bandwidthForm(config),
    validate: (v) => validateBandwidthForm(v, unit, busy),
    endpoint: 'updateUnitBwLimitation',
    schema: BwLimitationUpdateBody,
    toBody: bandwidthBody,
    kind: 'update',
  });
  const error = useFieldError('config-error-bandwidth', form.errors);
  const allowed = useAllowed('updateUnitBwLimitation');
  const rows = form.values.priorityLimits;
  const setRow = (index: number, patch: Partial<PriorityRow>) => form.set({ priorityLimits: rows.map((r, i) => (i === index ? { ...r, ...patch } : r)) });
  return (
    <FormSection
      formId="bandwidth"
      title={t('unitConfig.bandwidth.title')}
      form={form}
      allowed={allowed}
      blocked={busy ? VALIDATION.busyUnitCapping : null}
      notAllowedNote={t('unitConfig.adminOnly')}
    >
      <Group grow align="flex-start">
        <TextInput
          label={t('unitConfig.bandwidth.totalKbps')}
          description={t('unitConfig.empty')}
          value={form.values.totalKbps}
          onChange={(e) => form.set({ totalKbps: e.currentTarget.value })}
          error={error('totalKbps')}
          data-testid="config-bandwidth-totalKbps"
        />
        <TextInput
          label={t('unitConfig.bandwidth.cellularKbps')}
          description={t('unitConfig.empty')}
          value={form.values.cellularKbps}
          onChange={(e) => form.set({ cellularKbps: e.currentTarget.value })}
          error={error('cellularKbps')}
          data-testid="config-bandwidth-cellularKbps"
        />
      </Group>
      {rows.map((row, i) => (
        <Group key={i} grow align="flex-end">
          <NativeSelect
            label={t('unitConfig.bandwidth.priority')}
            value={row.priority}
            onChange={(e) => setRow(i, { priority: e.currentTarget.value })}
            data={Array.from({ length: LIMITS.cameraPriorityMax - LIMITS.cameraPriorityMin + 1 }, (_, p) => String(p + LIMITS.cameraPriorityMin))}
            error={error(`priorityLimits.${i}.priority`)}
            data-testid={`config-bandwidth-priority-${i}`}
          />
          <TextInput
            label={t('unitConfig.bandwidth.kbps')}
            value={row.kbps}
            onChange={(e) => setRow(i, { kbps: e.currentTarget.value })}
            error={error(`priorityLimits.${i}.kbps`)}
            data-testid={`config-bandwidth-kbps-${i}`}
          />
          <Button variant="subtle" color="red" onClick={() => form.set({ priorityLimits: rows.filter((_, j) => j !== i) })} data-testid={`config-bandwidth-remove-${i}`}>
            {t('unitConfig.remove')}
          </Button>
        </Group>
      ))}
      {rows.length < LIMITS.cameraPriorityMax && (
        <Group>
          <Button
            variant="light"
            onClick={() => form.set({ priorityLimits: [...rows, { priority: String(rows.length + LIMITS.cameraPriorityMin), kbps: '' }] })}
            data-testid="config-bandwidth-add"
          >
            {t('unitConfig.bandwidth.addPriority')}
          </Button>
        </Group>
      )}
    </FormSection>
  );
}

function CappingForm({ config, unit }: TabProps) {
  const { t } = useTranslation();
  const { unitId } = useConfigContext();
  const busy = isBusy(unit.applications);
  const form = useConfigForm({
    unitId,
    source: cappingForm(config),
    validate: (v) => validateCappingForm(v, config, busy),
    endpoint: 'updateUnitNetworkCapping',
    schema: NetworkCappingUpdateBody,
    toBody: cappingBody,
    kind: 'update',
  });
  const error = useFieldError('config-error-capping', form.errors);
  return (
    <FormSection
      formId="capping"
      title={t('unitConfig.capping.title')}
      form={form}
      allowed={useAllowed('updateUnitNetworkCapping')}
      blocked={busy ? VALIDATION.busyUnitCapping : null}
      notAllowedNote={t('unitConfig.adminOnly')}
    >
      <Group grow align="flex-start">
        <NativeSelect
          label={t('unitConfig.capping.option')}
          value={form.values.option}
          onChange={(e) => form.set({ option: e.currentTarget.value as CapOption })}
          data={BANDWIDTH_CAP_OPTIONS.map((o) => ({
            value: o,
            label: o === 'disabled' || o === 'custom' ? t(`unitConfig.capping.options.${o}`) : t('unitConfig.capping.preset', { mbps: o }),
          }))}
          error={error('option')}
          data-testid="config-capping-option"
        />
        {form.values.option === 'custom' && (
          <TextInput
            label={t('unitConfig.capping.customMbps')}
            value={form.values.customMbps}
            onChange={(e) => form.set({ customMbps: e.currentTarget.value })}
            error={error('customMbps')}
            data-testid="config-capping-customMbps"
          />
        )}
      </Group>
    </FormSection>
  );
}

function FixedDelayForm({ config }: TabProps) {
  const { t } = useTranslation();
  const { unitId } = useConfigContext();
  const form = useConfigForm({
    unitId,
    source: fixedDelayForm(config),
    validate: validateFixedDelayForm,
    endpoint: 'updateUnitFixedInternetDelay',
    schema: FixedInternetDelayUpdateBody,
    toBody: fixedDelayBody,
    kind: 'update',
  });
  const error = useFieldError('config-error-fixedDelay', form.errors);
  return (
    <FormSection formId="fixedDelay" title={t('unitConfig.fixedDelay.title')} form={form} allowed={useAllowed('updateUnitFixedInternetDelay')}>
      <TextInput
        label={t('unitConfig.fixedDelay.delayMs')}
        value={form.values.delayMs}
        onChange={(e) => form.set({ delayMs: e.currentTarget.value })}
        error={error('delayMs')}
        data-testid="config-fixedDelay-delayMs"
      />
    </FormSection>
  );
}

export default function NetworkTab({ config, unit }: TabProps) {
  return (
    <Stack gap="md">
      <BandwidthForm config={config} unit={unit} />
      <CappingForm config={config} unit={unit} />
      <FixedDelayForm config={config} unit={unit} />
    </Stack>
  );
}
