/**
 * The group modal's alerts tab (spec 001 §2 "Groups: general and alerts tabs"; §4 modes,
 * severities, types, recipient verification; §7 GET/PUT v2/groups/{id}/alerts/configuration):
 * the mode (automatic, by group with the followed group, manual), per alert type on/off, severity
 * and thresholds, and the e-mail recipients with their state (verified, waiting for verification,
 * link expired). New recipients are sent a verification link by the core when saved; their state
 * follows over /ws (`groupAlerts.changed`).
 */
import { useMemo, useState } from 'react';
import { ActionIcon, Badge, Button, Checkbox, Group, NumberInput, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { Select } from '../../components/Pickers';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ALERT_LEVELS, ALERT_TYPES, ALERT_CONFIG_MODES, GroupAlertRecipientInput, GroupAlertsConfigurationBody, specErrorMap } from '@fleet/contracts';
import type { AlertConfigMode, AlertLevel, AlertType, GroupAlertsConfiguration, GroupListRow } from '@fleet/contracts';
import { endpointKey, useEndpointQuery } from '../../api/hooks';
import { useToastMutation } from '../../kit/useToastMutation';
import { QueryView } from '../../components/QueryView';
import { isApiError } from '../../api/ApiError';
import { apiFieldErrors, errorsByField, parseBody, type FieldErrors } from '../../lib/forms/fieldErrors';
import { useFieldText } from '../../lib/forms/useFieldText';
import {
  alertsBody,
  alertsDraftOf,
  followableGroups,
  recipientView,
  thresholdErrors,
  type AlertsDraft,
  type RecipientTarget,
  type RecipientView,
} from './alertsForm';
import { useCanCall } from '../../kit/access';
import { ListTable } from '../../kit/ListTable';
import { useEdits } from '../../kit/useEdits';
import { EditConflictNotice } from '../../kit/EditConflictNotice';
import { ErrorAlert } from '../../kit/ErrorAlert';
import { UnshownErrors } from '../../kit/UnshownErrors';
import { MutedText } from '../../kit/MutedText';
import { enumLabel } from '../../lib/tolerant';

const STATE_COLOR: Record<RecipientView, string> = { verified: 'green', pending: 'yellow', expired: 'red', unsaved: 'gray' };
const TARGETS: readonly RecipientTarget[] = ['all', ...ALERT_TYPES];

/**
 * The fields the form shows a message on: the recipients; the group followed, in group mode; the
 * alert types, when their problem names a type (it shows on that type's row).
 */
const shownFields = (mode: AlertConfigMode, typeNamed: boolean): readonly string[] => [
  'recipients',
  ...(mode === 'group' ? ['sourceGroupId'] : []),
  ...(typeNamed ? ['alerts'] : []),
];

function AlertsForm({ config, groupId, inventoryId }: { readonly config: GroupAlertsConfiguration; readonly groupId: string; readonly inventoryId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const fieldText = useFieldText();
  const canWrite = useCanCall('updateGroupAlertsConfiguration');
  const groups = useEndpointQuery('fetchGroups', {}, { staleTime: Number.POSITIVE_INFINITY });
  const edits = useEdits(
    useMemo(() => alertsDraftOf(config), [config]),
    config.version,
  );
  const { values: draft, set, clear } = edits;
  const [email, setEmail] = useState('');
  const [target, setTarget] = useState<RecipientTarget>('all');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [typeErrors, setTypeErrors] = useState<Partial<Record<AlertType, string>>>({});
  const [recipientError, setRecipientError] = useState<string | undefined>(undefined);
  const save = useToastMutation('updateGroupAlertsConfiguration', {
    success: () => t('groups.alerts.saved'),
    onSuccess: (saved) => {
      queryClient.setQueryData(endpointKey('getGroupAlertsConfiguration', { params: { id: groupId } }), saved);
      clear();
    },
    onError: (e) => {
      setErrors(apiFieldErrors(e));
      setTypeErrors(isApiError(e) ? thresholdErrors(e.fields) : {});
    },
  });
  const sources = followableGroups<GroupListRow>(groups.data ?? [], { id: groupId, inventoryId });

  const setType = (type: AlertType, patch: Partial<AlertsDraft['alerts'][AlertType]>) =>
    set({ alerts: { ...draft.alerts, [type]: { ...draft.alerts[type], ...patch } } });
  const setThreshold = (type: AlertType, level: AlertLevel, value: string | number) =>
    setType(type, { thresholds: { ...draft.alerts[type].thresholds, [level]: typeof value === 'number' ? value : null } });

  const addRecipient = () => {
    const parsed = parseBody(GroupAlertRecipientInput, { alertType: target, email: email.trim() });
    if (parsed.errors) {
      setRecipientError(parsed.errors.email ?? parsed.errors.alertType);
      return;
    }
    const exists = draft.recipients.some((r) => r.alertType === parsed.data.alertType && r.email.toLowerCase() === parsed.data.email.toLowerCase());
    if (exists) {
      setRecipientError(t('groups.alerts.recipientExists'));
      return;
    }
    setRecipientError(undefined);
    set({ recipients: [...draft.recipients, { alertType: parsed.data.alertType, email: parsed.data.email }] });
    setEmail('');
  };

  const onSave = () => {
    const body = alertsBody(draft, edits.version ?? config.version);
    const checked = GroupAlertsConfigurationBody.safeParse(body, { error: specErrorMap });
    const problems = checked.success ? [] : checked.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
    setErrors(errorsByField(problems));
    setTypeErrors(thresholdErrors(problems));
    if (!checked.success) return;
    save.mutate({ params: { id: groupId }, body });
  };

  const modeLabel = (m: AlertConfigMode) => t(`groups.alerts.modes.${m}`);
  const editable = canWrite && draft.mode === 'manual';
  return (
    <Stack gap="sm" data-testid="group-alerts" data-version={config.version}>
      <Group gap="sm" align="end">
        <SegmentedControl
          value={draft.mode}
          onChange={(v) => set({ mode: ALERT_CONFIG_MODES.find((m) => m === v) ?? draft.mode })}
          data={ALERT_CONFIG_MODES.map((m) => ({ value: m, label: modeLabel(m) }))}
          disabled={!canWrite}
          data-testid="group-alerts-mode"
        />
        {draft.mode === 'group' && (
          <Select
            label={t('groups.alerts.sourceGroup')}
            data={sources.map((g) => ({ value: g.id, label: g.name }))}
            value={draft.sourceGroupId}
            onChange={(v) => set({ sourceGroupId: v })}
            error={fieldText(errors.sourceGroupId)}
            readOnly={!canWrite}
            data-testid="group-alerts-source"
          />
        )}
      </Group>
      <Text size="xs" c="dimmed" data-testid="group-alerts-source-note" data-source={config.source}>
        {t(`groups.alerts.modeHint.${draft.mode}`)} {enumLabel(t, 'groups.alerts.appliesFrom', config.source)}
      </Text>
      <Title order={6}>{t('groups.alerts.types')}</Title>
      <ListTable
        plain
        tableProps={{ withTableBorder: true, verticalSpacing: 4 }}
        items={ALERT_TYPES}
        rowKey={(type) => type}
        testIdPrefix="group-alert"
        testId="group-alerts-types"
        rowTestId={(type) => `group-alert-${type}`}
        columns={[
          {
            id: 'type',
            header: t('groups.alerts.type'),
            render: (type) => (
              <Checkbox
                label={t(`groups.alerts.typeNames.${type}`)}
                checked={draft.alerts[type].enabled}
                disabled={!editable}
                onChange={(e) => setType(type, { enabled: e.currentTarget.checked })}
                data-testid={`group-alert-enabled-${type}`}
              />
            ),
          },
          {
            id: 'severity',
            header: t('groups.alerts.severity'),
            render: (type) => (
              <Select
                size="xs"
                data={ALERT_LEVELS.map((l) => ({ value: l, label: t(`groups.alerts.levels.${l}`) }))}
                value={draft.alerts[type].level}
                allowDeselect={false}
                onChange={(v) => {
                  const level = ALERT_LEVELS.find((l) => l === v);
                  if (level) setType(type, { level });
                }}
                readOnly={!editable}
                aria-label={t('groups.alerts.severity')}
                data-testid={`group-alert-level-${type}`}
              />
            ),
          },
          ...ALERT_LEVELS.map((level) => {
            const header = t(level === 'warning' ? 'groups.alerts.thresholdWarning' : 'groups.alerts.thresholdCritical');
            return {
              id: level,
              header,
              render: (type: AlertType) => (
                <NumberInput
                  size="xs"
                  min={0}
                  max={100}
                  suffix=" %"
                  value={draft.alerts[type].thresholds[level] ?? ''}
                  onChange={(v) => setThreshold(type, level, v)}
                  readOnly={!editable}
                  aria-label={header}
                  error={level === 'critical' ? fieldText(typeErrors[type]) : undefined}
                  data-testid={`group-alert-threshold-${type}-${level}`}
                />
              ),
            };
          }),
        ]}
      />
      <Title order={6}>{t('groups.alerts.recipients')}</Title>
      <Paper withBorder p="xs" data-testid="group-alert-recipients" data-count={draft.recipients.length}>
        {draft.recipients.length === 0 && <MutedText>{t('groups.alerts.noRecipients')}</MutedText>}
        <Stack gap={4}>
          {draft.recipients.map((r) => {
            const state = recipientView(config.recipients, r);
            return (
              <Group key={`${r.alertType}:${r.email}`} gap="xs" data-testid={`group-alert-recipient-${r.email}`} data-state={state}>
                <Text size="sm">{r.email}</Text>
                <Badge size="sm" variant="outline">
                  {r.alertType === 'all' ? t('groups.alerts.allTypes') : enumLabel(t, 'groups.alerts.typeNames', r.alertType)}
                </Badge>
                <Badge size="sm" color={STATE_COLOR[state]} data-testid={`group-alert-recipient-state-${r.email}`}>
                  {enumLabel(t, 'groups.alerts.recipientStates', state)}
                </Badge>
                {canWrite && (
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    color="red"
                    aria-label={t('groups.alerts.removeRecipient', { email: r.email })}
                    onClick={() => set({ recipients: draft.recipients.filter((x) => x !== r) })}
                    data-testid={`group-alert-recipient-remove-${r.email}`}
                  >
                    ×
                  </ActionIcon>
                )}
              </Group>
            );
          })}
        </Stack>
        {canWrite && (
          <Group gap="xs" align="start" mt="xs">
            <TextInput
              size="xs"
              type="email"
              placeholder={t('groups.alerts.recipientEmail')}
              aria-label={t('groups.alerts.recipientEmail')}
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={recipientError === undefined ? undefined : (fieldText(recipientError) ?? recipientError)}
              data-testid="group-alert-recipient-email"
            />
            <Select
              size="xs"
              data={TARGETS.map((x) => ({ value: x, label: x === 'all' ? t('groups.alerts.allTypes') : t(`groups.alerts.typeNames.${x}`) }))}
              value={target}
              allowDeselect={false}
              onChange={(v) => setTarget(TARGETS.find((x) => x === v) ?? 'all')}
              aria-label={t('groups.alerts.recipientType')}
              data-testid="group-alert-recipient-type"
            />
            <Button size="xs" variant="light" onClick={addRecipient} data-testid="group-alert-recipient-add">
              {t('groups.alerts.addRecipient')}
            </Button>
          </Group>
        )}
        {errors.recipients !== undefined && (
          <Text size="xs" c="red" data-testid="group-alert-recipients-error">
            {fieldText(errors.recipients)}
          </Text>
        )}
      </Paper>
      <EditConflictNotice edits={edits} label={(field) => t(`groups.alerts.conflictFields.${field}`)} testId="group-alerts-conflict" />
      <UnshownErrors errors={errors} shown={shownFields(draft.mode, Object.keys(typeErrors).length > 0)} testId="group-alerts-unshown" />
      {save.error && Object.keys(apiFieldErrors(save.error)).length === 0 && <ErrorAlert error={save.error} testId="group-alerts-error" role="alert" />}
      {canWrite && (
        <Group justify="flex-end">
          <Button onClick={onSave} loading={save.isPending} data-testid="group-alerts-save">
            {t('groups.actions.save')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

export default function AlertsTab({ groupId, inventoryId }: { readonly groupId: string; readonly inventoryId: string }) {
  const { t } = useTranslation();
  const config = useEndpointQuery('getGroupAlertsConfiguration', { params: { id: groupId } });
  return (
    <QueryView query={config} testIdPrefix="group-alerts" errorTitle={t('groups.alerts.loadFailed')}>
      {(data) => <AlertsForm config={data} groupId={groupId} inventoryId={inventoryId} />}
    </QueryView>
  );
}
