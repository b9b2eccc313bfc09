/**
 * The demo presets (simulator/demos): the one the fleet runs, a switch to another and "Reset the
 * demo" — both restart the fleet from its seed (every unit restarts idle at once, what the core
 * holds of what the devices raised is cleared, the seeded units get back their names, notes and
 * settings) and play the preset from its start, so a demo can be given twice in a row.
 */
import { useState } from 'react';
import { Button, Group, NativeSelect, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DEMO_PRESET_NAMES, DemoPresetName } from '@fleet/contracts';
import { useToast } from '../../toast/useToast';
import { trpc } from './trpc';
import { ControlPlaneError, SimulatorSection } from './SectionParts';

export function DemoSection() {
  const { t } = useTranslation();
  const toast = useToast();
  const utils = trpc.useUtils();
  const status = trpc.demo.status.useQuery(undefined, { retry: false, staleTime: 0 });
  const current = status.data?.preset ?? null;
  const [picked, setPicked] = useState<DemoPresetName | null>(null);
  const chosen = picked ?? current ?? 'lively';
  const name = (preset: DemoPresetName) => t(`simulator.demo.presets.${preset}.name`);
  const set = trpc.demo.set.useMutation({
    onSuccess: ({ preset }) => {
      setPicked(null);
      void utils.demo.status.invalidate();
      void utils.scenario.status.invalidate();
      toast.show({ message: t('simulator.demo.switched', { preset: name(preset) }), variant: 'success' });
    },
  });
  return (
    <SimulatorSection testId="simulator-demo" title={t('simulator.demo.title')} intro={t('simulator.demo.intro')} gap="xs">
      <ControlPlaneError error={status.error} testId="simulator-demo-error" />
      {status.data && (
        <Text data-testid="simulator-demo-current" data-preset={current ?? ''}>
          {current ? t('simulator.demo.current', { preset: name(current) }) : t('simulator.demo.none')}
        </Text>
      )}
      <Group align="end">
        <NativeSelect
          label={t('simulator.demo.preset')}
          value={chosen}
          onChange={(e) => setPicked(DemoPresetName.parse(e.currentTarget.value))}
          data={DEMO_PRESET_NAMES.map((p) => ({ value: p, label: name(p) }))}
          data-testid="simulator-demo-preset"
        />
        <Button onClick={() => set.mutate({ preset: chosen })} disabled={chosen === current} loading={set.isPending} data-testid="simulator-demo-switch">
          {t('simulator.demo.switch')}
        </Button>
        <Button
          variant="light"
          onClick={() => current && set.mutate({ preset: current })}
          disabled={current === null}
          loading={set.isPending}
          data-testid="simulator-demo-reset"
        >
          {t('simulator.demo.reset')}
        </Button>
      </Group>
      <Text size="sm" data-testid="simulator-demo-description">
        {t(`simulator.demo.presets.${chosen}.description`)}
      </Text>
      <ControlPlaneError error={set.error} testId="simulator-demo-set-error" />
    </SimulatorSection>
  );
}
