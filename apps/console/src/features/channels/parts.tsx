/** Building blocks of the manage-channel modal's tabs. */
import { createContext, useContext, type ReactNode } from 'react';
import { Badge, Group, Tooltip, type SimpleGridProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ENDPOINT_ROUTES, type ChannelDetails, type EndpointId, type EndpointInput, type Role } from '@fleet/contracts';
import { ConfigFields, FormCard, shownFieldNames, type ConfigRow, type FormCardProps } from '../../kit/ConfigFields';
import { useFieldError } from '../../lib/forms/useFieldError';
import { useChannelForm, type ChannelForm, type ChannelFormOptions } from './useChannelForm';
import { canApply } from '../../kit/access';

export interface ChannelModalContextValue {
  readonly details: ChannelDetails;
  readonly roles: readonly Role[];
}
export const ChannelModalContext = createContext<ChannelModalContextValue | null>(null);

export function useChannelModal(): ChannelModalContextValue {
  const value = useContext(ChannelModalContext);
  if (!value) throw new Error('useChannelModal outside the manage-channel modal');
  return value;
}

export function useCanApply(endpoint: EndpointId): boolean {
  return canApply(useChannelModal().roles, endpoint);
}

/** Where an Apply button would be, for a user who may not apply: the spec's tooltip. */
export function NotAvailable({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('channels.modal.notAvailable')}>
      <Badge variant="light" color="gray" data-testid={testId}>
        {t('channels.modal.notAvailable')}
      </Badge>
    </Tooltip>
  );
}

/** A tab's form (kit/ConfigFields FormCard, test ids `channel-…`): for a user who may not apply, the spec's tooltip instead of Apply. */
export function ChannelFormSection(props: Omit<FormCardProps, 'prefix' | 'notAllowed'>) {
  const notAllowed = (
    <Group justify="flex-end">
      <NotAvailable testId={`channel-apply-unavailable-${props.formId}`} />
    </Group>
  );
  return <FormCard prefix="channel" notAllowed={notAllowed} {...props} />;
}

interface ChannelCardProps<F, K extends EndpointId> extends Omit<ChannelFormOptions<F, K>, 'channelName' | 'toInput'> {
  readonly formId: string;
  readonly title: string;
  readonly fields?: readonly ConfigRow<F>[];
  /** Columns of the fields' rows (kit/ConfigFields). */
  readonly cols?: SimpleGridProps['cols'];
  /** What the form shows before its fields. */
  readonly intro?: ReactNode;
  /** What the form shows after its fields, given the form and its inline messages. */
  readonly children?: (form: ChannelForm<F>, error: (field: string) => ReactNode) => ReactNode;
  /** The fields whose messages `children` shows inline (the others' show at the form level). */
  readonly shows?: readonly string[];
}

/** A form of the manage-channel modal declared as its call (applied for whom the catalogue lets) and its fields. */
export function ChannelCard<F extends object, K extends EndpointId>({
  formId,
  title,
  fields = [],
  cols,
  intro,
  children,
  shows = [],
  ...options
}: ChannelCardProps<F, K>) {
  const { details, roles } = useChannelModal();
  const { channelId, channelName } = details.channel;
  // The body, with the channel's id where the call's path names one. It was parsed by this
  // endpoint's own schema; the generic K cannot be narrowed here.
  const toInput = (body: unknown) =>
    (ENDPOINT_ROUTES[options.endpoint][1].includes('{id}') ? { params: { id: channelId }, body } : { body }) as Partial<EndpointInput<K>>;
  const form = useChannelForm({ channelName, toInput, ...options });
  const error = useFieldError(`channel-error-${formId}`, form.errors);
  return (
    <ChannelFormSection
      formId={formId}
      title={title}
      form={form}
      allowed={canApply(roles, options.endpoint)}
      shown={[...shownFieldNames(fields, form.values), ...shows]}
    >
      {intro}
      <ConfigFields prefix="channel" formId={formId} form={form} fields={fields} error={error} cols={cols} />
      {children?.(form, error)}
    </ChannelFormSection>
  );
}
