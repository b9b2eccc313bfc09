/**
 * Building blocks shared by the configuration tabs: the tabs' context, form sections, and a
 * configuration form declared as its call and its fields (ConfigCard).
 */
import { createContext, useContext, type ReactNode } from 'react';
import { Group, Loader, Text } from '@mantine/core';
import { ENDPOINT_ROUTES, type EndpointId, type Role, type UnitConfiguration } from '@fleet/contracts';
import type { ConfigCallKind } from '../../lib/forms/useConfigCall';
import { useConfigForm, type ConfigForm, type ConfigFormOptions } from '../../lib/forms/useConfigForm';
import { useFieldError } from '../../lib/forms/useFieldError';
import { ConfigFields as KitConfigFields, FormCard, shownFieldNames, type ConfigFieldsProps, type ConfigRow, type FormCardProps } from '../../kit/ConfigFields';
import { canApply } from '../../kit/access';
import { bodySchema } from '../../kit/bodySchema';
import type { UnitFacts } from './forms';
import type { AwaitedState } from './useAwaitedChange';
import { MutedText } from '../../kit/MutedText';
import { useSpecText } from '../../lib/forms/specText';

/** What the tabs share: the unit, whether the user may apply, and the translated messages. */
export interface ConfigContextValue {
  readonly unitId: string;
  readonly roles: readonly Role[];
}
export const ConfigContext = createContext<ConfigContextValue>({ unitId: '', roles: [] });
export const useConfigContext = (): ConfigContextValue => useContext(ConfigContext);

/** What a tab of the modal is given: the unit's configuration and what the forms' rules need of the unit. */
export interface TabProps {
  readonly config: UnitConfiguration;
  readonly unit: UnitFacts;
}

/** May the user apply through this call (APPLY_BUTTON_ROLES and the call's catalogue roles)? */
export function useAllowed(endpoint: EndpointId): boolean {
  return canApply(useConfigContext().roles, endpoint);
}

/** A form of the configuration modal (kit/ConfigFields FormCard, test ids `config-…`); `notAllowedNote` shows to a user who may not apply. */
export function FormSection({ notAllowedNote = null, ...props }: Omit<FormCardProps, 'prefix' | 'notAllowed'> & { readonly notAllowedNote?: string | null }) {
  const note = notAllowedNote !== null && <MutedText testId={`config-note-${props.formId}`}>{notAllowedNote}</MutedText>;
  return <FormCard prefix="config" notAllowed={note} {...props} />;
}

/** The inputs of a configuration form (kit/ConfigFields, test ids `config-<formId>-<name>`). */
export function ConfigFields<F extends object>(props: Omit<ConfigFieldsProps<F>, 'prefix'>) {
  return <KitConfigFields prefix="config" {...props} />;
}

interface ConfigCardProps<F, K extends EndpointId> extends Omit<ConfigFormOptions<F, K>, 'unitId' | 'kind' | 'schema'> {
  readonly formId: string;
  readonly title: string;
  readonly fields?: readonly ConfigRow<F>[];
  readonly blocked?: string | null;
  readonly notAllowedNote?: string | null;
  /** What the form shows after its fields, given the form and its inline messages. */
  readonly children?: (form: ConfigForm<F>, error: (field: string) => ReactNode) => ReactNode;
  /** The fields whose messages `children` shows inline (the others' show at the form level). */
  readonly shows?: readonly string[];
}

/** The device commands (POST devices/{id}/commands/…) answer an acceptance; the unit's other changes answer its configuration. */
function kindOf<K extends EndpointId>(endpoint: K): ConfigCallKind<K> {
  // ConfigCallKind is the same split made on the calls' answers, which TypeScript cannot narrow from the path.
  return (ENDPOINT_ROUTES[endpoint][1].includes('/commands/') ? 'command' : 'update') as ConfigCallKind<K>;
}

/** A configuration form of the unit declared as its call (applied for whom the catalogue lets, its kind from its path) and its fields. */
export function ConfigCard<F extends object, K extends EndpointId>({
  formId,
  title,
  fields = [],
  blocked,
  notAllowedNote,
  children,
  shows = [],
  ...options
}: ConfigCardProps<F, K>) {
  const { unitId } = useConfigContext();
  const form = useConfigForm({ unitId, kind: kindOf(options.endpoint), ...options, schema: bodySchema(options.endpoint) });
  const error = useFieldError(`config-error-${formId}`, form.errors);
  return (
    <FormSection
      formId={formId}
      title={title}
      form={form}
      allowed={useAllowed(options.endpoint)}
      blocked={blocked}
      notAllowedNote={notAllowedNote}
      shown={[...shownFieldNames(fields, form.values), ...shows]}
    >
      <ConfigFields formId={formId} form={form} fields={fields} error={error} />
      {children?.(form, error)}
    </FormSection>
  );
}

/** A one-shot call's failure in the spec's words (test id `config-failure-<testId>`). */
export function FailureNote({ failure, testId, size = 'sm' }: { failure: string | null; testId: string; size?: 'xs' | 'sm' }) {
  const text = useSpecText();
  return (
    failure !== null && (
      <Text size={size} c="red" data-testid={`config-failure-${testId}`}>
        {text(failure)}
      </Text>
    )
  );
}

/** While waiting for the unit to report a change: the wait it can take, then that it has not come. */
export function AwaitedNote({ state, waiting, late, testId }: { state: AwaitedState; waiting: string; late: string; testId: string }) {
  if (state === 'idle') return null;
  return (
    <Group gap={6} data-testid={testId} data-state={state}>
      {state === 'waiting' && <Loader size={12} />}
      <Text size="xs" c={state === 'late' ? 'orange' : 'dimmed'}>
        {state === 'waiting' ? waiting : late}
      </Text>
    </Group>
  );
}
