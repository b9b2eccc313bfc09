import { useState } from 'react';
import { Alert, Button, Checkbox, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { Modal } from '../../components/Overlays';
import type { FleetImportResult, RecordingSummary } from '@fleet/contracts';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../toast/useToast';
import { REPLAY_SPEEDS } from './simulatorView';
import { trpc } from './trpc';
import { ControlPlaneError } from './SectionParts';

/**
 * Import a recording into the mock's fleet (recording.importFleet, what `pnpm replay import` calls
 * after its upload): what it covers and what it leaves alone, the replay's speed and whether it
 * stays paused; then what was made or changed and the replay it started.
 */
export function ImportFleetModal({ recording, onClose }: { readonly recording: RecordingSummary; readonly onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const utils = trpc.useUtils();
  const [speed, setSpeed] = useState<number>(REPLAY_SPEEDS[0]);
  const [paused, setPaused] = useState(false);
  const run = trpc.recording.importFleet.useMutation({
    onSuccess: (result: FleetImportResult) => {
      toast.show({ message: t('simulator.importFleet.done', { name: recording.name }), variant: 'success' });
      // The Replay section shows the replay the import started at once rather than at its next poll.
      if (result.replay) utils.replay.status.setData(undefined, { replay: result.replay });
    },
  });
  const result = run.data;

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={t('simulator.importFleet.title', { name: recording.name })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="simulator-import-modal"
    >
      <Stack gap="sm">
        <Text size="sm">{t('simulator.importFleet.covers')}</Text>
        <Text size="sm">{t('simulator.importFleet.keeps')}</Text>
        <Alert color="yellow" data-testid="simulator-import-not-covered">
          {t('simulator.importFleet.notCovered')}
        </Alert>
        {result ? (
          <Stack gap={4} data-testid="simulator-import-result" data-units={result.counts.units} data-live={result.live}>
            <Text size="sm" data-testid="simulator-import-counts">
              {t('simulator.importFleet.counts', { ...result.counts, live: result.live })}
            </Text>
            <Text size="sm" data-testid="simulator-import-replay">
              {result.replay
                ? t('simulator.importFleet.replay', {
                    name: result.replay.name,
                    state: t(`simulator.replay.states.${result.replay.state}`),
                    applied: result.replay.applied,
                    total: result.replay.total,
                  })
                : t('simulator.importFleet.noReplay')}
            </Text>
          </Stack>
        ) : (
          <Group align="flex-end">
            <NativeSelect
              label={t('simulator.importFleet.speed')}
              value={String(speed)}
              onChange={(e) => setSpeed(Number(e.currentTarget.value))}
              data={REPLAY_SPEEDS.map((s) => ({ value: String(s), label: t('simulator.replay.speedOption', { speed: s }) }))}
              data-testid="simulator-import-speed"
            />
            <Checkbox
              label={t('simulator.importFleet.paused')}
              checked={paused}
              onChange={(e) => setPaused(e.currentTarget.checked)}
              data-testid="simulator-import-paused"
            />
          </Group>
        )}
        <ControlPlaneError error={run.error} testId="simulator-import-error" />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} data-testid="simulator-import-close">
            {t(result ? 'simulator.importFleet.close' : 'simulator.importFleet.cancel')}
          </Button>
          {!result && (
            <Button loading={run.isPending} onClick={() => run.mutate({ recordingId: recording.id, speed, paused })} data-testid="simulator-import-submit">
              {t('simulator.importFleet.submit')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
