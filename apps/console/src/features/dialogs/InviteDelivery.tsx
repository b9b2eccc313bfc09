/**
 * Delivering a created guest invitation (spec 001 §7 Groups: POST groups/{id}/email and
 * groups/{id}/sms; 001 §5 "phone digits only, email format"; 001 §8 generic e-mail/SMS error): an
 * address or a number is checked inline with the call's own body schema (the spec's texts via
 * specErrorMap), then sent; the answer (InvitationDelivery: where and when) is shown. Each channel
 * is offered only to users whose roles may make its call (the catalogue's role sets).
 */
import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SendInvitationEmailBody, SendInvitationSmsBody, type GuestInvitation, type InvitationDelivery } from '@fleet/contracts';
import { useEndpointMutation } from '../../api/hooks';
import { ErrorNote, useCanUseCall } from '../../kit/DialogParts';
import { deliveryBody, type InviteChannel } from './rules';
import { useFieldText } from '../../lib/forms/useFieldText';
import { apiFieldErrors, parseBody, type FieldErrors } from '../../lib/forms/fieldErrors';
import { UnshownErrors } from '../../kit/UnshownErrors';
import { MutedText } from '../../kit/MutedText';
import { dateText } from '../../lib/dateFormat';

/** What a delivery call answered: shown under its field. */
function Delivered({ delivery }: { readonly delivery: InvitationDelivery }) {
  const { t, i18n } = useTranslation();
  const time = dateText(delivery.sentAt, (d) => d.toLocaleString(i18n.language));
  return (
    <Alert color="green" p="xs" data-testid={`guest-invite-delivered-${delivery.channel}`} data-to={delivery.to}>
      <Text size="sm">
        {delivery.channel === 'email'
          ? t('dialogs.guestInvite.deliver.deliveredEmail', { to: delivery.to, time })
          : t('dialogs.guestInvite.deliver.deliveredSms', { to: delivery.to, time })}
      </Text>
    </Alert>
  );
}

interface ChannelFormProps {
  readonly channel: InviteChannel;
  readonly invitation: GuestInvitation;
}

/** One channel: its field, its button, its inline message and its last delivery. */
function ChannelForm({ channel, invitation }: ChannelFormProps) {
  const { t } = useTranslation();
  const fieldText = useFieldText();
  const isEmail = channel === 'email';
  const field = isEmail ? 'email' : 'phone';
  const [value, setValue] = useState(() => (isEmail ? invitation.email : invitation.phone) ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [delivered, setDelivered] = useState<InvitationDelivery | null>(null);
  // The channel's own call (a form keeps its channel).
  const send = useEndpointMutation(isEmail ? 'sendGroupInvitationEmail' : 'sendGroupInvitationSms');
  const { isPending: pending, error: failure } = send;

  const onSend = () => {
    setDelivered(null);
    send.reset();
    const parsed = parseBody(isEmail ? SendInvitationEmailBody : SendInvitationSmsBody, deliveryBody(channel, invitation.id, value));
    setErrors(parsed.errors ?? {});
    const options = { onSuccess: setDelivered, onError: (e: unknown) => setErrors(apiFieldErrors(e)) };
    if (parsed.data != null) send.mutate({ params: { id: invitation.groupId }, body: parsed.data }, options);
  };

  return (
    <Stack gap={6}>
      <TextInput
        label={isEmail ? t('dialogs.guestInvite.deliver.email') : t('dialogs.guestInvite.deliver.phone')}
        description={isEmail ? undefined : t('dialogs.guestInvite.phoneHint')}
        type={isEmail ? 'email' : 'text'}
        inputMode={isEmail ? 'email' : 'numeric'}
        value={value}
        onChange={(e) => {
          setValue(e.currentTarget.value);
          setDelivered(null);
        }}
        error={fieldText(errors[field])}
        data-testid={`guest-invite-deliver-${field}`}
      />
      <Group justify="flex-end">
        <Button size="xs" variant="light" onClick={onSend} loading={pending} data-testid={`guest-invite-deliver-${channel}-send`}>
          {isEmail ? t('dialogs.guestInvite.deliver.sendEmail') : t('dialogs.guestInvite.deliver.sendSms')}
        </Button>
      </Group>
      {/* A problem of the invitation itself (e.g. no longer open: "Invalid field") is not the field's: each such one, named. */}
      <UnshownErrors errors={errors} shown={[field]} testId={`guest-invite-deliver-${channel}-invalid`} />
      {failure && Object.keys(apiFieldErrors(failure)).length === 0 && <ErrorNote testId={`guest-invite-deliver-${channel}-error`} error={failure} />}
      {delivered && <Delivered delivery={delivered} />}
    </Stack>
  );
}

/** The delivery part of the sent invitation; nothing for a user who may make neither call. */
export function InviteDelivery({ invitation }: { readonly invitation: GuestInvitation }) {
  const { t } = useTranslation();
  const canEmail = useCanUseCall('sendGroupInvitationEmail');
  const canSms = useCanUseCall('sendGroupInvitationSms');
  if (!canEmail && !canSms) return null;
  return (
    <Stack gap="xs" data-testid="guest-invite-deliver">
      <Title order={6}>{t('dialogs.guestInvite.deliver.title')}</Title>
      <MutedText>{t('dialogs.guestInvite.deliver.intro')}</MutedText>
      {canEmail && <ChannelForm channel="email" invitation={invitation} />}
      {canSms && <ChannelForm channel="sms" invitation={invitation} />}
    </Stack>
  );
}
