/**
 * Alerts Settings tab (spec 000 §3 Alerts): the configuration mode (automatic = inherit from the
 * last group, by group, manual), the group, and in manual mode the alert types with their level and
 * the mailing list. A mode or group not yet applied is previewed (alerts/possibleconfiguration).
 */
import { Badge, Checkbox, Group, Loader, NativeSelect, SegmentedControl, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ALERT_CONFIG_MODES,
  ALERT_LEVELS,
  ALERT_TYPES,
  AlertsConfigurationUpdateBody,
  UNIT_CONFIG_BOUNDS,
  type AlertConfigMode,
  type AlertLevel,
  type AlertType,
  type UnitAlertsConfiguration,
} from '@fleet/contracts';
import { endpointPrefix, useEndpointQuery } from '../../api/hooks';
import { ErrorAlert } from '../../kit/ErrorAlert';
import { alertsBody, alertsForm, type AlertTypeRow } from './forms';
import { useFieldError } from '../../lib/forms/useFieldError';
import { useConfigForm } from '../../lib/forms/useConfigForm';
import { RowList } from '../../kit/ConfigFields';
import { ListTable } from '../../kit/ListTable';
import { FormSection, useAllowed, useConfigContext } from './parts';
import { MutedText } from '../../kit/MutedText';
import { enumLabel } from '../../lib/tolerant';

function AlertsForm({ current }: { readonly current: UnitAlertsConfiguration }) {
  const { t } = useTranslation();
  const { unitId } = useConfigContext();
  const queryClient = useQueryClient();
  const allowed = useAllowed('updateUnitAlertsConfiguration');
  const form = useConfigForm({
    unitId,
    source: alertsForm(current),
    endpoint: 'updateUnitAlertsConfiguration',
    schema: AlertsConfigurationUpdateBody,
    toBody: alertsBody,
    kind: 'update',
    onApplied: () => void queryClient.invalidateQueries({ queryKey: endpointPrefix('getUnitAlertsConfiguration') }),
  });
  const error = useFieldError('config-error-alerts', form.errors);
  const { mode, groupId } = form.values;
  const groups = useEndpointQuery('getUnitGroups', { params: { id: unitId } });
  const previewWanted = mode !== 'manual' && (mode !== current.mode || (mode === 'group' && groupId !== (current.groupId ?? '')));
  const preview = useEndpointQuery(
    'getUnitPossibleAlertsConfiguration',
    { params: { id: unitId }, query: { mode, ...(mode === 'group' && groupId !== '' ? { groupId } : {}) } },
    { enabled: previewWanted && (mode !== 'group' || groupId !== '') },
  );
  const shown: UnitAlertsConfiguration | undefined = previewWanted ? preview.data : current;
  const manual = mode === 'manual';
  const setType = (type: AlertType, patch: Partial<AlertTypeRow>) =>
    form.set({ alerts: { ...form.values.alerts, [type]: { ...form.values.alerts[type], ...patch } } });
  const recipients = form.values.recipients;
  const rowOf = (type: AlertType) => (manual ? form.values.alerts[type] : shown?.alerts[type]);

  return (
    <FormSection
      formId="alerts"
      title={t('unitConfig.alerts.title')}
      form={form}
      allowed={allowed}
      shown={[...(mode === 'group' ? ['groupId'] : []), ...(manual ? ['recipients'] : [])]}
    >
      <SegmentedControl
        value={mode}
        onChange={(value) => form.set({ mode: value as AlertConfigMode })}
        data={ALERT_CONFIG_MODES.map((m) => ({ value: m, label: t(`unitConfig.alerts.modes.${m}`) }))}
        data-testid="config-alerts-mode"
      />
      {mode === 'group' && (
        <NativeSelect
          label={t('unitConfig.alerts.groupId')}
          value={groupId}
          onChange={(e) => form.set({ groupId: e.currentTarget.value })}
          data={[{ value: '', label: '' }, ...(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))]}
          error={error('groupId')}
          data-testid="config-alerts-groupId"
        />
      )}
      {previewWanted && <MutedText testId="config-alerts-preview">{t('unitConfig.alerts.preview')}</MutedText>}
      {shown && !manual && (
        <Text size="sm" data-testid="config-alerts-source">
          {t('unitConfig.alerts.source', { source: enumLabel(t, 'unitConfig.alerts.sources', shown.source) })}
        </Text>
      )}
      {!manual && previewWanted && preview.isFetching && <Loader size="sm" />}
      <ListTable
        plain
        items={ALERT_TYPES}
        rowKey={(type) => type}
        testIdPrefix="config-alerts"
        testId="config-alerts-types"
        columns={[
          { id: 'type', header: t('unitConfig.alerts.alertType'), render: (type) => enumLabel(t, 'unitConfig.alerts.types', type) },
          {
            id: 'enabled',
            header: t('unitConfig.alerts.enabled'),
            render: (type) => (
              <Checkbox
                aria-label={t('unitConfig.alerts.enabled')}
                checked={rowOf(type)?.enabled ?? false}
                disabled={!manual}
                onChange={(e) => setType(type, { enabled: e.currentTarget.checked })}
                data-testid={`config-alerts-enabled-${type}`}
              />
            ),
          },
          {
            id: 'level',
            header: t('unitConfig.alerts.level'),
            render: (type) => (
              <NativeSelect
                aria-label={t('unitConfig.alerts.level')}
                value={rowOf(type)?.level ?? 'warning'}
                disabled={!manual}
                onChange={(e) => setType(type, { level: e.currentTarget.value as AlertLevel })}
                data={ALERT_LEVELS.map((l) => ({ value: l, label: t(`unitConfig.alerts.levels.${l}`) }))}
                data-testid={`config-alerts-level-${type}`}
              />
            ),
          },
        ]}
      />
      <Text fw={500}>{t('unitConfig.alerts.recipients')}</Text>
      {manual ? (
        <Stack gap="xs">
          <RowList
            prefix="config-alerts"
            path="recipients"
            rows={recipients}
            onChange={(next) => form.set({ recipients: next })}
            fields={(i) => [
              {
                kind: 'select',
                name: 'alertType',
                label: t('unitConfig.alerts.alertType'),
                inline: true,
                testId: `config-alerts-recipientType-${i}`,
                options: [
                  { value: 'all', label: t('unitConfig.alerts.allTypes') },
                  ...ALERT_TYPES.map((a) => ({ value: a, label: t(`unitConfig.alerts.types.${a}`) })),
                ],
              },
              { kind: 'text', name: 'email', label: t('unitConfig.alerts.email'), inline: true },
            ]}
            error={error}
            removeLabel={allowed ? t('unitConfig.remove') : undefined}
            add={
              allowed
                ? {
                    label: t('unitConfig.alerts.addRecipient'),
                    row: () => ({ alertType: 'all' as const, email: '' }),
                    max: UNIT_CONFIG_BOUNDS.recipientsMax,
                    testId: 'config-alerts-addRecipient',
                  }
                : undefined
            }
          />
        </Stack>
      ) : (
        <Stack gap={4} data-testid="config-alerts-recipients">
          {(shown?.recipients ?? []).length === 0 && <MutedText>{t('unitConfig.alerts.noRecipients')}</MutedText>}
          {(shown?.recipients ?? []).map((r) => (
            <Group key={`${r.alertType}:${r.email}`} gap="xs">
              <Text size="sm">{r.email}</Text>
              <Badge size="xs" variant="light">
                {r.alertType === 'all' ? t('unitConfig.alerts.allTypes') : enumLabel(t, 'unitConfig.alerts.types', r.alertType)}
              </Badge>
              <Badge size="xs" color={r.verified ? 'green' : 'gray'}>
                {r.verified ? t('unitConfig.alerts.verified') : t('unitConfig.alerts.unverified')}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
    </FormSection>
  );
}

export default function AlertsTab() {
  const { unitId } = useConfigContext();
  const query = useEndpointQuery('getUnitAlertsConfiguration', { params: { id: unitId } });
  if (query.error) return <ErrorAlert error={query.error} testId="config-alerts-error" />;
  if (!query.data) return <Loader data-testid="config-alerts-loading" />;
  return <AlertsForm current={query.data} />;
}
