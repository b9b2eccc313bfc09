/** Network tab: bandwidth limits (total, cellular, per priority), cellular capping, fixed internet delay. */
import { Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  BANDWIDTH_CAP_OPTIONS,
  BwLimitationUpdateBody,
  FixedInternetDelayUpdateBody,
  LIMITS,
  NetworkCappingUpdateBody,
  VALIDATION,
  type UnitConfiguration,
} from '@fleet/contracts';
import { isBusy } from '@fleet/domain';
import {
  bandwidthBody,
  bandwidthForm,
  cappingBody,
  cappingForm,
  fixedDelayBody,
  fixedDelayForm,
  validateBandwidthForm,
  validateCappingForm,
  type PriorityRow,
  type UnitFacts,
} from './forms';
import { ConfigCard } from './parts';

interface TabProps {
  readonly config: UnitConfiguration;
  readonly unit: UnitFacts;
}

function BandwidthForm({ config, unit }: TabProps) {
  const { t } = useTranslation();
  const busy = isBusy(unit.applications);
  const priorities = Array.from({ length: LIMITS.cameraPriorityMax - LIMITS.cameraPriorityMin + 1 }, (_, p) => String(p + LIMITS.cameraPriorityMin));
  return (
    <ConfigCard
      formId="bandwidth"
      title={t('unitConfig.bandwidth.title')}
      endpoint="updateUnitBwLimitation"
      kind="update"
      source={bandwidthForm(config)}
      validate={(v) => validateBandwidthForm(v, unit, busy)}
      schema={BwLimitationUpdateBody}
      toBody={bandwidthBody}
      blocked={busy ? VALIDATION.busyUnitCapping : null}
      notAllowedNote={t('unitConfig.adminOnly')}
      fields={[
        [
          { kind: 'text', name: 'totalKbps', label: t('unitConfig.bandwidth.totalKbps'), description: t('unitConfig.empty') },
          { kind: 'text', name: 'cellularKbps', label: t('unitConfig.bandwidth.cellularKbps'), description: t('unitConfig.empty') },
        ],
      ]}
    >
      {(form, error) => {
        const rows = form.values.priorityLimits;
        const setRow = (index: number, patch: Partial<PriorityRow>) => form.set({ priorityLimits: rows.map((r, i) => (i === index ? { ...r, ...patch } : r)) });
        return (
          <>
            {rows.map((row, i) => (
              <Group key={i} grow align="flex-end">
                <NativeSelect
                  label={t('unitConfig.bandwidth.priority')}
                  value={row.priority}
                  onChange={(e) => setRow(i, { priority: e.currentTarget.value })}
                  data={priorities}
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
                <Button
                  variant="subtle"
                  color="red"
                  onClick={() => form.set({ priorityLimits: rows.filter((_, j) => j !== i) })}
                  data-testid={`config-bandwidth-remove-${i}`}
                >
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
          </>
        );
      }}
    </ConfigCard>
  );
}

function CappingForm({ config, unit }: TabProps) {
  const { t } = useTranslation();
  const busy = isBusy(unit.applications);
  const options = BANDWIDTH_CAP_OPTIONS.map((o) => ({
    value: o,
    label: o === 'disabled' || o === 'custom' ? t(`unitConfig.capping.options.${o}`) : t('unitConfig.capping.preset', { mbps: o }),
  }));
  return (
    <ConfigCard
      formId="capping"
      title={t('unitConfig.capping.title')}
      endpoint="updateUnitNetworkCapping"
      kind="update"
      source={cappingForm(config)}
      validate={(v) => validateCappingForm(v, config, busy)}
      schema={NetworkCappingUpdateBody}
      toBody={cappingBody}
      blocked={busy ? VALIDATION.busyUnitCapping : null}
      notAllowedNote={t('unitConfig.adminOnly')}
      fields={[
        [
          { kind: 'select', name: 'option', label: t('unitConfig.capping.option'), options },
          { kind: 'text', name: 'customMbps', label: t('unitConfig.capping.customMbps'), when: (v) => v.option === 'custom' },
        ],
      ]}
    />
  );
}

export default function NetworkTab({ config, unit }: TabProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <BandwidthForm config={config} unit={unit} />
      <CappingForm config={config} unit={unit} />
      <ConfigCard
        formId="fixedDelay"
        title={t('unitConfig.fixedDelay.title')}
        endpoint="updateUnitFixedInternetDelay"
        kind="update"
        source={fixedDelayForm(config)}
        schema={FixedInternetDelayUpdateBody}
        toBody={fixedDelayBody}
        fields={[{ kind: 'text', name: 'delayMs', label: t('unitConfig.fixedDelay.delayMs') }]}
      />
    </Stack>
  );
}
