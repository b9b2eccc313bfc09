/**
 * The Sandboxes section's "New sandbox" form: name, seed, fleet size, demo preset, clock and time to live.
 * A value the contract refuses is marked on its field before anything is sent; the core's refusal
 * (the limit of sandboxes, a sandbox asked inside a sandbox) shows under the form in its words.
 */
import { useState, type FormEvent } from 'react';
import { Button, Group, NativeSelect, NumberInput, Stack, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DEMO_PRESET_NAMES, DemoPresetName, SANDBOX, SandboxClock, SandboxFleet, type SandboxCreateInput } from '@fleet/contracts';
import { ControlPlaneError } from './SectionParts';
import { BLANK_SANDBOX_FORM, checkSandboxForm, MAX_SEED, type SandboxField, type SandboxFormState } from './sandboxForm';

interface Props {
  readonly pending: boolean;
  /** The core's refusal of the last try (null: none). */
  readonly error: unknown;
  /** Sends the call; resolves true once the sandbox is made (the form then empties). */
  readonly onCreate: (input: SandboxCreateInput) => Promise<boolean>;
}

/** A field's hint under its input, so every input of the row lines up under its label. */
const HINT_BELOW: ('label' | 'input' | 'description' | 'error')[] = ['label', 'input', 'description', 'error'];

export function SandboxCreateForm({ pending, error, onCreate }: Props) {
  const { t } = useTranslation();
  const [f, setForm] = useState<SandboxFormState>(BLANK_SANDBOX_FORM);
  const [problems, setProblems] = useState<ReadonlySet<SandboxField>>(new Set());
  const set = <K extends keyof SandboxFormState>(key: K, value: SandboxFormState[K]) => {
    setForm((old) => ({ ...old, [key]: value }));
    if (problems.size > 0) setProblems(new Set());
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkSandboxForm(f);
    if ('problems' in checked) {
      setProblems(checked.problems);
      return;
    }
    void onCreate(checked.input).then((made) => {
      if (made) setForm({ ...BLANK_SANDBOX_FORM, fleet: f.fleet, demo: f.demo, clock: f.clock, ttlMinutes: f.ttlMinutes });
    });
  };
  const messages: Record<SandboxField, string> = {
    name: t('simulator.sandboxes.create.nameInvalid', { max: SANDBOX.maxNameLength }),
    seed: t('simulator.sandboxes.create.seedInvalid', { max: MAX_SEED }),
    ttlMinutes: t('simulator.sandboxes.create.ttlInvalid', { max: SANDBOX.maxTtlMinutes }),
  };
  const fieldError = (field: SandboxField) => (problems.has(field) ? messages[field] : undefined);

  return (
    <form onSubmit={submit} noValidate data-testid="sandbox-create-form">
      <Stack gap="xs">
        <Title order={5}>{t('simulator.sandboxes.create.title')}</Title>
        <Group align="flex-start" gap="sm">
          <TextInput
            label={t('simulator.sandboxes.create.name')}
            placeholder={t('simulator.sandboxes.create.namePlaceholder')}
            description={t('simulator.sandboxes.create.nameHint')}
            inputWrapperOrder={HINT_BELOW}
            value={f.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            maxLength={SANDBOX.maxNameLength}
            error={fieldError('name')}
            w={{ base: '100%', sm: 220 }}
            data-testid="sandbox-create-name"
          />
          <NumberInput
            label={t('simulator.sandboxes.create.seed')}
            placeholder={t('simulator.sandboxes.create.seedPlaceholder')}
            value={f.seed}
            onChange={(v) => set('seed', v)}
            min={0}
            max={MAX_SEED}
            allowNegative={false}
            allowDecimal={false}
            error={fieldError('seed')}
            w={150}
            data-testid="sandbox-create-seed"
          />
          <NativeSelect
            label={t('simulator.sandboxes.create.fleet')}
            value={f.fleet}
            onChange={(e) => set('fleet', SandboxFleet.parse(e.currentTarget.value))}
            data={SandboxFleet.options.map((size) => ({ value: size, label: t(`simulator.sandboxes.fleets.${size}`) }))}
            w={130}
            data-testid="sandbox-create-fleet"
          />
          <NativeSelect
            label={t('simulator.sandboxes.create.preset')}
            value={f.demo}
            onChange={(e) => set('demo', DemoPresetName.parse(e.currentTarget.value))}
            data={DEMO_PRESET_NAMES.map((p) => ({ value: p, label: t(`simulator.demo.presets.${p}.name`) }))}
            w={160}
            data-testid="sandbox-create-preset"
          />
          <NativeSelect
            label={t('simulator.sandboxes.create.clock')}
            value={f.clock}
            onChange={(e) => set('clock', SandboxClock.parse(e.currentTarget.value))}
            data={SandboxClock.options.map((c) => ({ value: c, label: t(`simulator.sandboxes.clocks.${c}`) }))}
            description={t('simulator.sandboxes.create.clockHint')}
            inputWrapperOrder={HINT_BELOW}
            w={200}
            data-testid="sandbox-create-clock"
          />
          <NumberInput
            label={t('simulator.sandboxes.create.ttl')}
            value={f.ttlMinutes}
            onChange={(v) => set('ttlMinutes', v)}
            min={1}
            max={SANDBOX.maxTtlMinutes}
            allowNegative={false}
            allowDecimal={false}
            error={fieldError('ttlMinutes')}
            w={200}
            data-testid="sandbox-create-ttl"
          />
        </Group>
        <Group>
          <Button type="submit" loading={pending} data-testid="sandbox-create-submit">
            {t('simulator.sandboxes.create.submit')}
          </Button>
        </Group>
        <ControlPlaneError error={error} testId="sandbox-create-error" />
      </Stack>
    </form>
  );
}
