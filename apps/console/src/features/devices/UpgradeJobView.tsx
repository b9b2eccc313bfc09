/** A device's cell, a job's state badge with its progress while it runs, and its result's code text (the upgrade tab, its dialogs and /batch_upgrade). */
import type { ReactNode } from 'react';
import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UpgradeJob } from '@fleet/contracts';
import { failureCodeText, isRunningState, progressPercent, UPGRADE_STATE_COLORS } from './upgradeFormat';
import { MutedText, StrongText } from '../../kit/MutedText';
import { enumLabel } from '../../lib/tolerant';

/** A device's cell in the upgrade lists: what it is (a name in bold), and under it a detail in small. */
export function DeviceCell({ main, detail, strong = false }: { readonly main: ReactNode; readonly detail: ReactNode; readonly strong?: boolean }) {
  return (
    <>
      {strong ? <StrongText>{main}</StrongText> : <Text size="sm">{main}</Text>}
      <MutedText size="xs">{detail}</MutedText>
    </>
  );
}

/** The state badge of a job, with its progress while it runs (shared with /batch_upgrade). */
export function UpgradeJobState({ job, testId }: { readonly job: UpgradeJob | null; readonly testId: string }) {
  const { t } = useTranslation();
  // A job the answer left out is none.
  if (job == null) {
    return (
      <Text size="sm" c="dimmed" data-testid={testId} data-state="none">
        {t('upgrades.states.none')}
      </Text>
    );
  }
  const percent = progressPercent(job.progress);
  return (
    <Stack gap={4} data-testid={testId} data-state={job.state} data-progress={percent} data-target={job.targetVersion}>
      <Group gap={6} wrap="nowrap">
        <Badge color={UPGRADE_STATE_COLORS[job.state]} variant="light">
          {enumLabel(t, 'upgrades.states', job.state)}
        </Badge>
        <MutedText size="xs">{t('upgrades.toVersion', { version: job.targetVersion })}</MutedText>
      </Group>
      {isRunningState(job.state) && <Progress value={percent} size="sm" aria-label={`${percent}%`} animated={job.state === 'upgrading'} />}
    </Stack>
  );
}

/** The code's text of a failed or rejected job (nothing otherwise). */
export function UpgradeJobResult({ job, testId }: { readonly job: UpgradeJob | null; readonly testId: string }) {
  const { t } = useTranslation();
  if (job == null || job.failureCode == null) return <span data-testid={testId} />;
  return (
    <Text size="sm" c="red" data-testid={testId} data-code={job.failureCode}>
      {job.failureCode}: {failureCodeText(t, job.failureCode)}
    </Text>
  );
}
