/**
 * The simulated clock, shown and driven: pause and resume, a speed (×1 to ×100), a step by a
 * duration (+1 min, +1 h, +1 day or typed), back to real time — through the control plane's
 * `clock.set`. The core's business time (trials, support access, password expiry, notification
 * flags, usage days) follows this clock; sessions and log-in lockouts stay on real time.
 */
import { useState, type FormEvent } from 'react';
import { Button, Group, NativeSelect, Progress, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ClockControlInput, ClockModeInput } from '@fleet/contracts';
import { trpc } from './trpc';
import { clockOffset } from './useMockClock';
import { ControlPlaneError, SimulatorSection } from './SectionParts';

/** The simulated time as `YYYY-MM-DD HH:MM:SS` (UTC: the shards' clock knows no zone). */
export function simulatedTime(now: number): string {
  return new Date(now).toISOString().replace('T', ' ').slice(0, 19);
}

/** The speeds offered: ×1 is real time. */
export const CLOCK_SPEEDS = [1, 2, 5, 10, 20, 50, 100] as const;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The longest step the control plane takes at once. */
export const MAX_STEP_MS = DAY;
const UNIT_MS: Record<string, number> = { s: 1000, m: MINUTE, h: HOUR, d: DAY };

/**
 * A typed duration in ms: `90s`, `15m`, `2h`, `1d`, combined (`1h30m`), or a bare number of
 * minutes; null when it is not one or is outside 1 s … 1 day.
 */
export function parseDuration(text: string): number | null {
  const t = text.trim().toLowerCase().replace(/\s+/g, '');
  if (t === '') return null;
  let ms = 0;
  if (/^\d+(\.\d+)?$/.test(t)) ms = Number(t) * MINUTE;
  else {
    if (!/^(\d+(\.\d+)?[smhd])+$/.test(t)) return null;
    for (const [, n, unit] of t.matchAll(/(\d+(?:\.\d+)?)([smhd])/g)) ms += Number(n) * (UNIT_MS[unit ?? ''] ?? 0);
  }
  ms = Math.round(ms);
  return ms >= 1000 && ms <= MAX_STEP_MS ? ms : null;
}

/** How far a step under way got, in whole percent. */
export function stepPercent(now: number, step: { from: number; to: number }): number {
  const span = step.to - step.from;
  return span <= 0 ? 100 : Math.max(0, Math.min(100, Math.floor(((now - step.from) / span) * 100)));
}

const STEPS = [
  { key: 'minute', ms: MINUTE },
  { key: 'hour', ms: HOUR },
  { key: 'day', ms: DAY },
] as const;

/** The first shard's clock (every shard runs the same), read with the scenario status each second. */
export function ClockSection() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const mutation = trpc.clock.set.useMutation({ onSuccess: () => void utils.scenario.status.invalidate() });
  // While a step runs (it answers when it ends), its progress is read twice a second.
  const status = trpc.scenario.status.useQuery(undefined, { refetchInterval: mutation.isPending ? 500 : 1000, retry: false, staleTime: 0 });
  const clock = status.data?.clock;
  const cancel = trpc.clock.cancel.useMutation({ onSuccess: () => void utils.scenario.status.invalidate() });
  const stepUnderWay = clock?.step ?? null;
  /** Which control sent the change under way: it spins, the others wait. */
  const [sentBy, setSentBy] = useState<string | null>(null);
  const set = {
    mutate: (by: string, input: ClockControlInput) => {
      setSentBy(by);
      mutation.mutate(input);
    },
    error: mutation.error,
  };
  const busy = (by: string) => ({ loading: mutation.isPending && sentBy === by, disabled: !clock || (mutation.isPending && sentBy !== by) });
  /** The speed a pause remembers, to resume at. */
  const [lastSpeed, setLastSpeed] = useState(1);
  const [typed, setTyped] = useState('');
  const typedMs = parseDuration(typed);
  const paused = clock?.kind === 'stepped';
  const speed = clock && !paused ? clock.factor : lastSpeed;
  const offset = clock ? clockOffset(clock.now) : null;

  const modeOf = (factor: number): ClockModeInput => (factor === 1 ? { kind: 'realtime' } : { kind: 'accelerated', factor });
  const setSpeed = (factor: number) => {
    setLastSpeed(factor);
    set.mutate(factor === 1 ? 'realtime' : 'speed', { mode: modeOf(factor) });
  };
  const pause = () => {
    if (clock && !paused) setLastSpeed(clock.factor);
    set.mutate('pause', { mode: { kind: 'stepped' } });
  };
  // A step pauses the clock first: time moves by the step and stays there.
  const step = (by: string, ms: number) => {
    if (clock && !paused) setLastSpeed(clock.factor);
    set.mutate(by, paused ? { advanceMs: ms } : { mode: { kind: 'stepped' }, advanceMs: ms });
  };
  const stepTyped = (e: FormEvent) => {
    e.preventDefault();
    if (typedMs !== null) step('typed', typedMs);
  };

  return (
    <SimulatorSection testId="simulator-clock" title={t('simulator.clock.title')} intro={t('simulator.clock.intro')} gap="xs">
      <ControlPlaneError error={status.error} testId="simulator-clock-error" />
      {clock && (
        <Group gap="xl">
          <Text data-testid="simulator-clock-kind" data-kind={clock.kind} fw={paused ? 700 : undefined} c={paused ? 'orange' : undefined}>
            {t('simulator.clock.kind')}: {t(`simulator.clock.kinds.${clock.kind}`)}
          </Text>
          <Text data-testid="simulator-clock-factor">
            {t('simulator.clock.factor')}: ×{clock.factor}
          </Text>
          <Text data-testid="simulator-clock-now" data-now={clock.now} ff="monospace">
            {t('simulator.clock.now')}: {simulatedTime(clock.now)}
          </Text>
          {offset && (
            <Text data-testid="simulator-clock-offset" c="dimmed" size="sm">
              {t(offset.ahead ? 'simulator.clock.ahead' : 'simulator.clock.behind', {
                span: (['days', 'hours', 'minutes'] as const)
                  .filter((u) => offset[u] > 0)
                  .map((u) => t(`simulator.clock.span.${u}`, { count: offset[u] }))
                  .join(' '),
              })}
            </Text>
          )}
        </Group>
      )}
      <Group align="end" gap="sm">
        {paused ? (
          <Button onClick={() => setSpeed(lastSpeed)} {...busy('speed')} data-testid="simulator-clock-resume">
            {t('simulator.clock.resume', { factor: lastSpeed })}
          </Button>
        ) : (
          <Button variant="light" onClick={pause} {...busy('pause')} data-testid="simulator-clock-pause">
            {t('simulator.clock.pause')}
          </Button>
        )}
        <NativeSelect
          label={t('simulator.clock.speed')}
          value={String(speed)}
          onChange={(e) => setSpeed(Number(e.currentTarget.value))}
          data={CLOCK_SPEEDS.map((f) => ({ value: String(f), label: f === 1 ? t('simulator.clock.speedReal') : `×${f}` }))}
          disabled={!clock || mutation.isPending}
          data-testid="simulator-clock-speed"
        />
        <Button
          variant="default"
          onClick={() => setSpeed(1)}
          {...busy('realtime')}
          disabled={busy('realtime').disabled || clock?.kind === 'realtime'}
          data-testid="simulator-clock-realtime"
        >
          {t('simulator.clock.backToReal')}
        </Button>
      </Group>
      <form onSubmit={stepTyped}>
        <Group align="end" gap="sm">
          {STEPS.map((s) => (
            <Button key={s.key} variant="default" onClick={() => step(s.key, s.ms)} {...busy(s.key)} data-testid={`simulator-clock-step-${s.key}`}>
              {t(`simulator.clock.steps.${s.key}`)}
            </Button>
          ))}
          <TextInput
            label={t('simulator.clock.stepBy')}
            placeholder={t('simulator.clock.stepPlaceholder')}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            error={typed.trim() !== '' && typedMs === null ? t('simulator.clock.stepInvalid') : undefined}
            w={200}
            data-testid="simulator-clock-step-input"
          />
          <Button type="submit" variant="default" {...busy('typed')} disabled={busy('typed').disabled || typedMs === null} data-testid="simulator-clock-step">
            {t('simulator.clock.step')}
          </Button>
        </Group>
      </form>
      {offset && clock?.kind === 'realtime' && (
        <Text size="sm" c="dimmed" data-testid="simulator-clock-reset-hint">
          {t('simulator.clock.resetHint')}
        </Text>
      )}
      {stepUnderWay && clock && (
        <Stack gap={4} data-testid="simulator-clock-stepping">
          <Group justify="space-between" gap="sm" wrap="nowrap">
            <Text size="sm" aria-live="polite">
              {t('simulator.clock.stepping', { to: simulatedTime(stepUnderWay.to), percent: stepPercent(clock.now, stepUnderWay) })}
            </Text>
            <Button size="xs" variant="light" color="red" onClick={() => cancel.mutate()} loading={cancel.isPending} data-testid="simulator-clock-cancel">
              {t('simulator.clock.cancelStep')}
            </Button>
          </Group>
          <Progress value={stepPercent(clock.now, stepUnderWay)} aria-label={t('simulator.clock.stepProgress')} transitionDuration={200} />
        </Stack>
      )}
      <ControlPlaneError error={set.error} testId="simulator-clock-set-error" />
      <ControlPlaneError error={cancel.error} testId="simulator-clock-cancel-error" />
    </SimulatorSection>
  );
}
