/** Network tab: bandwidth limits (total, cellular, per priority), cellular capping, fixed internet delay. */
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BANDWIDTH_CAP_OPTIONS, LIMITS, VALIDATION } from '@fleet/contracts';
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
  CAMERA_PRIORITIES,
} from './forms';
import { RowList } from '../../kit/ConfigFields';
import { ConfigCard, type TabProps } from './parts';

export default function NetworkTab({ config, unit }: TabProps) {
  const { t } = useTranslation();
  const busy = isBusy(unit.applications);
  const options = BANDWIDTH_CAP_OPTIONS.map((o) => ({
    value: o,
    label: o === 'disabled' || o === 'custom' ? t(`unitConfig.capping.options.${o}`) : t('unitConfig.capping.preset', { mbps: o }),
  }));
  return (
    <Stack gap="md">
      <ConfigCard
        formId="bandwidth"
        title={t('unitConfig.bandwidth.title')}
        endpoint="updateUnitBwLimitation"
        source={bandwidthForm(config)}
        validate={(v) => validateBandwidthForm(v, unit, busy)}
        toBody={bandwidthBody}
        blocked={busy ? VALIDATION.busyUnitCapping : null}
        notAllowedNote={t('unitConfig.adminOnly')}
        fields={[
          [
            { kind: 'text', name: 'totalKbps', label: t('unitConfig.bandwidth.totalKbps'), description: t('unitConfig.empty') },
            { kind: 'text', name: 'cellularKbps', label: t('unitConfig.bandwidth.cellularKbps'), description: t('unitConfig.empty') },
          ],
        ]}
        shows={['priorityLimits']}
      >
        {(form, error) => (
          <RowList
            prefix="config-bandwidth"
            path="priorityLimits"
            rows={form.values.priorityLimits}
            onChange={(priorityLimits) => form.set({ priorityLimits })}
            fields={() => [
              { kind: 'select', name: 'priority', label: t('unitConfig.bandwidth.priority'), options: CAMERA_PRIORITIES },
              { kind: 'text', name: 'kbps', label: t('unitConfig.bandwidth.kbps') },
            ]}
            error={error}
            removeLabel={t('unitConfig.remove')}
            add={{
              label: t('unitConfig.bandwidth.addPriority'),
              row: (rows) => ({ priority: String(rows.length + LIMITS.cameraPriorityMin), kbps: '' }),
              max: LIMITS.cameraPriorityMax,
            }}
          />
        )}
      </ConfigCard>
      <ConfigCard
        formId="capping"
        title={t('unitConfig.capping.title')}
        endpoint="updateUnitNetworkCapping"
        source={cappingForm(config)}
        validate={(v) => validateCappingForm(v, config, busy)}
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
      <ConfigCard
        formId="fixedDelay"
        title={t('unitConfig.fixedDelay.title')}
        endpoint="updateUnitFixedInternetDelay"
        source={fixedDelayForm(config)}
        toBody={fixedDelayBody}
        fields={[{ kind: 'text', name: 'delayMs', label: t('unitConfig.fixedDelay.delayMs') }]}
      />
    </Stack>
  );
}
