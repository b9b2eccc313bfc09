/**
 * The Chaos section's form: a rule on REST calls (a call or a path pattern, a method, or every
 * call; a user or a role; latency, a documented error, a dropped connection or contract drift with
 * its modes, strictness and rate) or on /ws (cut, stall, delay), how often it applies and its seed.
 * Checked by the contract's schema before it is sent; each problem shows on its field.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { Button, Checkbox, Group, NativeSelect, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  CHAOS_DRIFT_MODES,
  CHAOS_HTTP_METHODS,
  CHAOS_MAX_LATENCY_MS,
  CHAOS_MAX_STALL_MS,
  ROLES,
  type ChaosCall,
  type ChaosDriftMode,
  type ChaosRuleInput,
} from '@fleet/contracts';
import { useNarrowerThan } from '../../shell/useCompactLayout';
import {
  checkChaosForm,
  INITIAL_CHAOS_FORM,
  statusChoices,
  type ChaosField,
  type ChaosFormState,
  type HttpEffectKind,
  type HttpScope,
  type LatencyDistribution,
  type LimitKind,
  type WsEffectKind,
} from './chaosView';

interface Props {
  readonly calls: readonly ChaosCall[];
  readonly busy: boolean;
  readonly onAdd: (input: ChaosRuleInput) => void;
}

export function ChaosRuleForm({ calls, busy, onAdd }: Props) {
  const { t } = useTranslation();
  const [f, setF] = useState<ChaosFormState>(INITIAL_CHAOS_FORM);
  const [problems, setProblems] = useState<Set<ChaosField>>(new Set());
  // A phone has no room for three effects side by side: they stack.
  const phone = useNarrowerThan('sm');
  const orientation = phone ? 'vertical' : 'horizontal';
  const set = <K extends keyof ChaosFormState>(key: K, value: ChaosFormState[K]) => {
    setF((old) => ({ ...old, [key]: value }));
    setProblems(new Set());
  };
  const error = (field: ChaosField) => (problems.has(field) ? t('chaos.form.invalid') : undefined);
  const callOptions = useMemo(() => calls.map((c) => ({ value: c.id, label: `${c.method} ${c.path} · ${c.id}` })), [calls]);
  const every = f.scope === 'every';
  const statuses = every ? statusChoices(calls, null, '') : statusChoices(calls, f.callId, f.method);
  const status = statuses.includes(Number(f.status)) ? f.status : '';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkChaosForm({ ...f, status });
    if ('problems' in checked) setProblems(checked.problems);
    else onAdd(checked.input);
  };
  const numberField = (
    field: Exclude<ChaosField, 'driftModes'> & keyof ChaosFormState,
    label: string,
    max: number,
    props: { min?: number; step?: number; decimalScale?: number } = {},
  ) => (
    <NumberInput
      label={label}
      value={f[field]}
      onChange={(v) => set(field, v)}
      min={props.min ?? 0}
      max={max}
      step={props.step}
      decimalScale={props.decimalScale ?? 0}
      allowNegative={false}
      error={error(field)}
      w={150}
      data-testid={`chaos-form-${field}`}
    />
  );

  return (
    <form onSubmit={submit} noValidate data-testid="chaos-form">
      <Stack gap="sm">
        <SegmentedControl
          value={f.surface}
          onChange={(v) => set('surface', v as ChaosFormState['surface'])}
          data={(['http', 'ws'] as const).map((s) => ({ value: s, label: t(`chaos.form.surfaces.${s}`) }))}
          aria-label={t('chaos.form.surface')}
          data-testid="chaos-form-surface"
          style={{ alignSelf: 'flex-start' }}
        />
        {f.surface === 'http' && (
          <SegmentedControl
            value={f.scope}
            onChange={(v) => set('scope', v as HttpScope)}
            data={(['call', 'every'] as const).map((s) => ({ value: s, label: t(`chaos.form.scopes.${s}`) }))}
            aria-label={t('chaos.form.scope')}
            data-testid="chaos-form-scope"
            style={{ alignSelf: 'flex-start' }}
          />
        )}
        <Group align="flex-start" gap="sm">
          {f.surface === 'http' && !every && (
            <>
              <Select
                label={t('chaos.form.call')}
                placeholder={t('chaos.form.callPlaceholder')}
                data={callOptions}
                value={f.callId}
                onChange={(v) => set('callId', v)}
                searchable
                clearable
                limit={50}
                w={{ base: '100%', sm: 380 }}
                data-testid="chaos-form-call"
              />
              <TextInput
                label={t('chaos.form.path')}
                placeholder={t('chaos.form.pathPlaceholder')}
                description={t('chaos.form.pathHint')}
                value={f.path}
                onChange={(e) => set('path', e.currentTarget.value)}
                error={error('path')}
                w={{ base: '100%', sm: 240 }}
                data-testid="chaos-form-path"
              />
              <NativeSelect
                label={t('chaos.form.method')}
                value={f.method}
                onChange={(e) => set('method', e.currentTarget.value as ChaosFormState['method'])}
                data={[{ value: '', label: t('chaos.form.methodAny') }, ...CHAOS_HTTP_METHODS.map((m) => ({ value: m, label: m }))]}
                w={140}
                data-testid="chaos-form-method"
              />
            </>
          )}
          <TextInput
            label={t('chaos.form.user')}
            placeholder={t('chaos.form.userPlaceholder')}
            value={f.user}
            onChange={(e) => set('user', e.currentTarget.value)}
            error={error('user')}
            w={180}
            data-testid="chaos-form-user"
          />
          <NativeSelect
            label={t('chaos.form.role')}
            value={f.role}
            onChange={(e) => set('role', e.currentTarget.value as ChaosFormState['role'])}
            data={[{ value: '', label: t('chaos.form.roleAny') }, ...ROLES.map((r) => ({ value: r, label: r }))]}
            w={200}
            data-testid="chaos-form-role"
          />
        </Group>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('chaos.form.effect')}
          </Text>
          {f.surface === 'http' ? (
            <SegmentedControl
              value={f.httpEffect}
              onChange={(v) => set('httpEffect', v as HttpEffectKind)}
              data={(['latency', 'error', 'drop', 'drift'] as const).map((k) => ({ value: k, label: t(`chaos.form.effects.${k}`) }))}
              aria-label={t('chaos.form.effect')}
              orientation={orientation}
              data-testid="chaos-form-effect"
              style={{ alignSelf: 'flex-start' }}
            />
          ) : (
            <SegmentedControl
              value={f.wsEffect}
              onChange={(v) => set('wsEffect', v as WsEffectKind)}
              data={(['cut', 'stall', 'delay'] as const).map((k) => ({ value: k, label: t(`chaos.form.effects.${k}`) }))}
              aria-label={t('chaos.form.effect')}
              orientation={orientation}
              data-testid="chaos-form-effect"
              style={{ alignSelf: 'flex-start' }}
            />
          )}
          <Text size="sm" c="dimmed">
            {t(`chaos.form.effectHints.${f.surface === 'http' ? f.httpEffect : f.wsEffect}`)}
          </Text>
        </Stack>
        {f.surface === 'http' && f.httpEffect === 'drift' && (
          <Stack gap="sm" data-testid="chaos-form-drift">
            <Checkbox.Group
              label={t('chaos.form.driftModesLabel')}
              value={f.driftModes}
              onChange={(v) =>
                set(
                  'driftModes',
                  CHAOS_DRIFT_MODES.filter((m) => v.includes(m)),
                )
              }
              error={problems.has('driftModes') ? t('chaos.form.driftModesNeeded') : undefined}
              data-testid="chaos-form-driftModes"
            >
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs" mt={6}>
                {CHAOS_DRIFT_MODES.map((m: ChaosDriftMode) => (
                  <Checkbox
                    key={m}
                    value={m}
                    label={t(`chaos.form.driftModes.${m}`)}
                    description={t(`chaos.form.driftModeHints.${m}`)}
                    data-testid={`chaos-form-drift-${m}`}
                  />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
            <Group align="flex-start" gap="lg">
              <Switch
                checked={f.driftStrict}
                onChange={(e) => set('driftStrict', e.currentTarget.checked)}
                color="red"
                label={t('chaos.form.driftStrict')}
                description={t('chaos.form.driftStrictHint')}
                maw={420}
                data-testid="chaos-form-drift-strict"
              />
              {numberField('driftRate', t('chaos.form.driftRate'), 1, { step: 0.05, decimalScale: 3 })}
            </Group>
          </Stack>
        )}
        <Group align="flex-start" gap="sm">
          {f.surface === 'http' && f.httpEffect === 'latency' && (
            <>
              <NativeSelect
                label={t('chaos.form.distribution')}
                value={f.distribution}
                onChange={(e) => set('distribution', e.currentTarget.value as LatencyDistribution)}
                data={(['fixed', 'uniform', 'lognormal'] as const).map((d) => ({ value: d, label: t(`chaos.form.distributions.${d}`) }))}
                w={160}
                data-testid="chaos-form-distribution"
              />
              {f.distribution === 'fixed' && numberField('ms', t('chaos.form.ms'), CHAOS_MAX_LATENCY_MS)}
              {f.distribution === 'uniform' && (
                <>
                  {numberField('minMs', t('chaos.form.minMs'), CHAOS_MAX_LATENCY_MS)}
                  {numberField('maxMs', t('chaos.form.maxMs'), CHAOS_MAX_LATENCY_MS)}
                </>
              )}
              {f.distribution === 'lognormal' && (
                <>
                  {numberField('medianMs', t('chaos.form.medianMs'), CHAOS_MAX_LATENCY_MS, { min: 1 })}
                  {numberField('sigma', t('chaos.form.sigma'), 3, { step: 0.1, decimalScale: 2 })}
                </>
              )}
            </>
          )}
          {f.surface === 'http' && f.httpEffect === 'error' && (
            <NativeSelect
              label={t('chaos.form.status')}
              value={status}
              onChange={(e) => set('status', e.currentTarget.value)}
              data={[{ value: '', label: '—' }, ...statuses.map((s) => ({ value: String(s), label: String(s) }))]}
              error={error('status')}
              w={120}
              data-testid="chaos-form-status"
            />
          )}
          {f.surface === 'ws' && f.wsEffect === 'stall' && numberField('stallMs', t('chaos.form.stallMs'), CHAOS_MAX_STALL_MS, { min: 100 })}
          {f.surface === 'ws' && f.wsEffect === 'delay' && numberField('delayMs', t('chaos.form.delayMs'), CHAOS_MAX_LATENCY_MS, { min: 1 })}
          <NativeSelect
            label={t('chaos.form.limit')}
            value={f.limit}
            onChange={(e) => set('limit', e.currentTarget.value as LimitKind)}
            data={(['always', 'times', 'probability'] as const).map((l) => ({ value: l, label: t(`chaos.form.limits.${l}`) }))}
            w={220}
            data-testid="chaos-form-limit"
          />
          {f.limit === 'times' && numberField('times', t('chaos.form.times'), 1_000_000, { min: 1 })}
          {f.limit === 'probability' && numberField('probability', t('chaos.form.probability'), 1, { step: 0.05, decimalScale: 3 })}
          <TextInput
            label={t('chaos.form.seed')}
            placeholder={t('chaos.form.seedPlaceholder')}
            value={String(f.seed)}
            onChange={(e) => set('seed', e.currentTarget.value)}
            error={error('seed')}
            inputMode="numeric"
            w={130}
            data-testid="chaos-form-seed"
          />
        </Group>
        <Group>
          <Button type="submit" color="red" loading={busy} data-testid="chaos-form-add">
            {t('chaos.form.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
