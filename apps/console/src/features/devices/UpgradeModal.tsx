/**
 * Upgrade one device (spec 001 §5 upgrade rules, §8 codes): the versions offered to it (GET
 * v2/{units|servers}/{id}/upgrade/targets: released, non-deprecated versions of its inventories,
 * each with its eligibility); the version chosen is checked against the device as it is now (GET
 * v2/{units|servers}/{id}/upgrade/eligibility?targetVersion=) before the start is offered: its
 * blocking reasons listed one by one, its warnings shown — the 9.2.1 configuration reset must be
 * confirmed before the start — and the start (POST v2/admin/{units|servers}/{id}/upgrade). A refusal of the core shows in the user's language with
 * every reason it gave. The dialog follows the device's running job live (useUpgradesLive).
 */
import { useState } from 'react';
import { Alert, Button, Checkbox, Group, List, Loader, Stack, Text } from '@mantine/core';
import { Select } from '../../components/Pickers';
import { Modal } from '../../components/Overlays';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UpgradeCandidate, UpgradeEligibility, UpgradeJob, UpgradeTargets } from '@fleet/contracts';
import type { ApiError } from '../../api/ApiError';
import { op } from '../../kit/op';
import { useApiErrorMessage } from '../../api/errorMessage';
import { useToast } from '../../toast/useToast';
import { ErrorAlert } from '../../kit/ErrorAlert';
import { UpgradeJobResult, UpgradeJobState } from './UpgradeJobView';
import { ruleText, startGate } from './upgradeFormat';
import { applyUpgradeChange } from './useUpgradesLive';
import { MutedText } from '../../kit/MutedText';

interface UpgradeModalProps {
  readonly device: UpgradeCandidate;
  readonly onClose: () => void;
}

type Device = Pick<UpgradeCandidate, 'deviceType' | 'id'>;

/** The unit's or the server's call, by the device's kind. */
const TARGETS = {
  unit: op('getUnitUpgradeTargets', (id: string) => ({ params: { id } })),
  server: op('getServerUpgradeTargets', (id: string) => ({ params: { id } })),
};
const ELIGIBILITY = {
  unit: op('getUnitUpgradeEligibility', ([id, targetVersion]: readonly [string, string]) => ({ params: { id }, query: { targetVersion } })),
  server: op('getServerUpgradeEligibility', ([id, targetVersion]: readonly [string, string]) => ({ params: { id }, query: { targetVersion } })),
};
const START = {
  unit: op('startUnitUpgrade', ([id, targetVersion]: readonly [string, string]) => ({ params: { id }, body: { targetVersion } })),
  server: op('startServerUpgrade', ([id, targetVersion]: readonly [string, string]) => ({ params: { id }, body: { targetVersion } })),
};

export const targetsKey = (device: Device) => TARGETS[device.deviceType].key(device.id);
export const eligibilityKey = (device: Device, targetVersion: string) => ELIGIBILITY[device.deviceType].key([device.id, targetVersion]);

function UpgradeForm({ device, onClose }: UpgradeModalProps) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const errorText = useApiErrorMessage();
  const [chosen, setChosen] = useState<string | null>(null);
  const [resetConfirmed, setResetConfirmed] = useState(false);
  // Eligibility follows the device's live state (idle, online, its server's version): read afresh on every opening.
  const targets = useQuery<UpgradeTargets, ApiError>({
    queryKey: targetsKey(device),
    queryFn: ({ signal }) => TARGETS[device.deviceType].run(device.id, signal),
    staleTime: 0,
    refetchOnMount: 'always',
  });
  // The version chosen, checked against the device as it is now (its state may have moved since the targets were read).
  const eligibility = useQuery<UpgradeEligibility, ApiError>({
    queryKey: eligibilityKey(device, chosen ?? ''),
    queryFn: ({ signal }) => ELIGIBILITY[device.deviceType].run([device.id, chosen ?? ''], signal),
    enabled: chosen !== null,
    staleTime: 0,
    refetchOnMount: 'always',
    retry: false,
  });
  const start = useMutation<UpgradeJob, ApiError, string>({
    mutationFn: (targetVersion) => START[device.deviceType].run([device.id, targetVersion]),
    onSuccess: (job) => {
      // The list shows the pending job at once; its /ws events then move it on.
      applyUpgradeChange(queryClient, { deviceType: device.deviceType, deviceId: device.id, job });
      toast.show({ message: t('upgrades.dialog.started', { name: device.name, version: job.targetVersion }), variant: 'success' });
      onClose();
    },
    // The core saw something this read did not (e.g. the server went offline meanwhile): read the reasons again.
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: targetsKey(device) });
      if (chosen !== null) void queryClient.invalidateQueries({ queryKey: eligibilityKey(device, chosen) });
    },
  });

  if (targets.isPending) return <Loader size="sm" aria-label={t('common.loading')} data-testid="upgrade-targets-loading" />;
  if (targets.isError) return <ErrorAlert error={targets.error} testId="upgrade-targets-error" role="alert" />;
  const data = targets.data;
  const target = data.targets.find((v) => v.number === chosen) ?? null;
  // What is shown and decides the start: the check of the chosen version (none while it is read).
  const check = target === null ? null : (eligibility.data ?? null);
  const { needsResetConfirmation, canStart } = startGate(check, data.job, resetConfirmed);
  const language = i18n.language;
  const exists = (key: string) => i18n.exists(key);

  return (
    <Stack gap="sm" data-testid="upgrade-form" data-device-id={device.id}>
      <Group gap="xl">
        <div>
          <MutedText size="xs">{t('upgrades.dialog.current')}</MutedText>
          <Text fw={500} data-testid="upgrade-current-version">
            {data.currentVersion}
          </Text>
        </div>
        {data.job != null && (
          <div>
            <UpgradeJobState job={data.job} testId="upgrade-dialog-job" />
            <UpgradeJobResult job={data.job} testId="upgrade-dialog-result" />
          </div>
        )}
      </Group>
      {data.targets.length === 0 ? (
        <Text c="dimmed" data-testid="upgrade-no-targets">
          {t('upgrades.dialog.noTargets')}
        </Text>
      ) : (
        <Select
          label={t('upgrades.dialog.target')}
          placeholder={t('upgrades.dialog.pickTarget')}
          data={data.targets.map((v) => ({
            value: v.number,
            label: v.eligible ? `${v.number}${v.description === '' ? '' : ` — ${v.description}`}` : `${v.number} (${t('upgrades.dialog.notEligible')})`,
          }))}
          value={chosen}
          onChange={(value) => {
            setChosen(value);
            setResetConfirmed(false);
            start.reset();
          }}
          comboboxProps={{ withinPortal: true }}
          data-testid="upgrade-target"
        />
      )}
      {target !== null && eligibility.isFetching && check === null && (
        <Group gap="xs" data-testid="upgrade-checking">
          <Loader size="xs" />
          <Text size="sm">{t('upgrades.dialog.checking')}</Text>
        </Group>
      )}
      {target !== null && eligibility.isError && <ErrorAlert error={eligibility.error} testId="upgrade-eligibility-error" role="alert" />}
      {target !== null &&
        check !== null &&
        (check.eligible ? (
          <Alert color="green" data-testid="upgrade-eligible">
            {t('upgrades.dialog.eligible', { name: device.name, version: target.number })}
          </Alert>
        ) : (
          <Alert color="red" data-testid="upgrade-blocked" title={t('upgrades.dialog.blocked', { name: device.name, version: target.number })}>
            <List size="sm">
              {check.reasons.map((reason) => (
                <List.Item key={`${reason.rule}-${reason.message}`} data-testid={`upgrade-reason-${reason.rule}`} data-code={reason.deviceCode ?? ''}>
                  {ruleText(t, language, reason.rule, reason.message, exists)}
                  {reason.deviceCode != null && ` (${reason.deviceCode})`}
                </List.Item>
              ))}
            </List>
          </Alert>
        ))}
      {check !== null && check.warnings.length > 0 && (
        <Alert color="yellow" data-testid="upgrade-warnings" title={t('upgrades.dialog.warnings')}>
          <Stack gap="xs">
            <List size="sm">
              {check.warnings.map((warning) => (
                <List.Item key={warning.rule} data-testid={`upgrade-warning-${warning.rule}`}>
                  {ruleText(t, language, warning.rule, warning.message, exists)}
                </List.Item>
              ))}
            </List>
            {needsResetConfirmation && (
              <Checkbox
                label={t('upgrades.dialog.confirmReset')}
                checked={resetConfirmed}
                onChange={(e) => setResetConfirmed(e.currentTarget.checked)}
                data-testid="upgrade-confirm-reset"
              />
            )}
          </Stack>
        </Alert>
      )}
      {start.error && (
        <Alert color="red" role="alert" data-testid="upgrade-refused" data-code={start.error.code} title={t('upgrades.dialog.refused')}>
          <Text size="sm" data-testid="upgrade-refused-message">
            {errorText(start.error)}
          </Text>
          {language === 'en' && start.error.fields.length > 0 && (
            <List size="sm">
              {start.error.fields.map((field) => (
                <List.Item key={`${field.path}-${field.message}`}>{field.message}</List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} data-testid="upgrade-cancel">
          {t('upgrades.actions.cancel')}
        </Button>
        <Button onClick={() => chosen !== null && start.mutate(chosen)} disabled={!canStart} loading={start.isPending} data-testid="upgrade-start">
          {t('upgrades.actions.start')}
        </Button>
      </Group>
    </Stack>
  );
}

export default function UpgradeModal(props: UpgradeModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={props.onClose} title={t('upgrades.dialog.title', { name: props.device.name })} size="lg" data-testid="upgrade-modal">
      <UpgradeForm {...props} />
    </Modal>
  );
}
