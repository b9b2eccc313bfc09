/**
 * Guest interview invite from a group (spec 000 §2, 001 §2 "guest interview invite"; 001 §7 POST
 * groups/{id}/invitation): the guest's device name, e-mail and/or phone, optionally the group's
 * unit the interview is with, a message and the ad-hoc period (001 §9). The call's own schema
 * checks the fields inline in the spec's words (001 §5 "phone digits only, email format, device
 * name unique" — uniqueness as the core answers it); once sent, the code and link show and the
 * invitation can be delivered again (the unit dialogs' InviteDelivery, POST email / sms).
 */
import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ADHOC_PERIODS, CreateGuestInvitationBody, GUEST_MESSAGE_MAX } from '@fleet/contracts';
import type { GuestInvitation } from '@fleet/contracts';
import { useEndpointMutation } from '../../api/hooks';
import { useApiErrorMessage } from '../../api/errorMessage';
import { InviteDelivery } from '../dialogs/InviteDelivery';
import { absoluteJoinLink, inviteBody, type InviteFormValues } from '../dialogs/rules';
import { apiFieldErrors, parseBody, type FieldErrors } from '../dialogs/validation';
import { useCanCall, useFieldText } from '../groups/access';

const NO_UNIT = '';

function Sent({ invitation }: { readonly invitation: GuestInvitation }) {
  const { t, i18n } = useTranslation();
  return (
    <Alert color="green" title={t('dialogs.guestInvite.sentTitle')} data-testid="group-invite-sent">
      <Stack gap={4}>
        <Text size="sm">
          {t('dialogs.guestInvite.code')}: <strong data-testid="group-invite-code">{invitation.code}</strong>
        </Text>
        <Text size="sm" style={{ wordBreak: 'break-all' }} data-testid="group-invite-link">
          {t('dialogs.guestInvite.link')}: {absoluteJoinLink(window.location.origin, invitation.joinUrl)}
        </Text>
        <Text size="sm">{t('dialogs.guestInvite.expires', { date: new Date(invitation.expiresAt).toLocaleString(i18n.language) })}</Text>
      </Stack>
    </Alert>
  );
}

interface GuestInviteProps {
  readonly groupId: string;
  readonly groupName: string;
  /** The group's units the interview may be with. */
  readonly units: readonly { readonly value: string; readonly label: string }[];
  readonly onClose: () => void;
}

function GuestInviteForm({ groupId, units, onClose }: GuestInviteProps) {
  const { t } = useTranslation();
  const errorText = useApiErrorMessage();
  const fieldText = useFieldText();
  const canAct = useCanCall('createGroupInvitation');
  const [values, setValues] = useState<InviteFormValues>({ groupId, deviceName: '', email: '', phone: '', message: '', period: '1d' });
  const [unitId, setUnitId] = useState(NO_UNIT);
  const [errors, setErrors] = useState<FieldErrors>({});
  const invite = useEndpointMutation('createGroupInvitation');
  const set = (field: keyof InviteFormValues) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const onSend = () => {
    const parsed = parseBody(CreateGuestInvitationBody, inviteBody(values, unitId === NO_UNIT ? undefined : unitId));
    setErrors(parsed.errors ?? {});
    if (parsed.data === null) return;
    invite.mutate({ params: { id: groupId }, body: parsed.data }, { onError: (e) => setErrors(apiFieldErrors(e)) });
  };

  if (invite.data) {
    return (
      <Stack gap="sm" data-testid="group-invite">
        <Sent invitation={invite.data} />
        <InviteDelivery key={invite.data.id} invitation={invite.data} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-testid="group-invite-close">
            {t('common.close')}
          </Button>
          <Button variant="light" onClick={() => invite.reset()} data-testid="group-invite-another">
            {t('dialogs.guestInvite.another')}
          </Button>
        </Group>
      </Stack>
    );
  }
  const failure = invite.error;
  return (
    <Stack gap="sm" data-testid="group-invite">
      <TextInput
        label={t('dialogs.guestInvite.deviceName')}
        description={t('dialogs.guestInvite.deviceNameHint')}
        withAsterisk
        value={values.deviceName}
        onChange={(e) => set('deviceName')(e.currentTarget.value)}
        error={fieldText(errors.deviceName)}
        readOnly={!canAct}
        data-testid="group-invite-name"
      />
      <TextInput
        label={t('dialogs.guestInvite.email')}
        type="email"
        value={values.email}
        onChange={(e) => set('email')(e.currentTarget.value)}
        error={fieldText(errors.email)}
        readOnly={!canAct}
        data-testid="group-invite-email"
      />
      <TextInput
        label={t('dialogs.guestInvite.phone')}
        description={t('dialogs.guestInvite.phoneHint')}
        inputMode="numeric"
        value={values.phone}
        onChange={(e) => set('phone')(e.currentTarget.value)}
        error={fieldText(errors.phone)}
        readOnly={!canAct}
        data-testid="group-invite-phone"
      />
      <Select
        label={t('groups.invitations.interviewUnit')}
        data={[{ value: NO_UNIT, label: t('groups.invitations.anyUnit') }, ...units]}
        value={unitId}
        allowDeselect={false}
        onChange={(v) => setUnitId(v ?? NO_UNIT)}
        error={fieldText(errors.unitId)}
        readOnly={!canAct}
        data-testid="group-invite-unit"
      />
      <Textarea
        label={t('dialogs.guestInvite.message')}
        autosize
        minRows={2}
        maxLength={GUEST_MESSAGE_MAX}
        value={values.message}
        onChange={(e) => set('message')(e.currentTarget.value)}
        error={fieldText(errors.message)}
        readOnly={!canAct}
        data-testid="group-invite-message"
      />
      <Select
        label={t('dialogs.guestInvite.period')}
        data={ADHOC_PERIODS.map((p) => ({ value: p, label: t(`groups.invitations.periods.${p}`) }))}
        value={values.period}
        allowDeselect={false}
        onChange={(v) => v !== null && set('period')(v)}
        readOnly={!canAct}
        data-testid="group-invite-period"
      />
      {failure && Object.keys(apiFieldErrors(failure)).length === 0 && (
        <Alert color="red" role="alert" data-testid="group-invite-error">
          {errorText(failure)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} data-testid="group-invite-close">
          {t('common.close')}
        </Button>
        {canAct && (
          <Button onClick={onSend} loading={invite.isPending} data-testid="group-invite-send">
            {t('dialogs.guestInvite.send')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

export default function GroupGuestInvite(props: GuestInviteProps) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={props.onClose} title={t('groups.invitations.guestInviteTitle', { name: props.groupName })}>
      <GuestInviteForm {...props} />
    </Modal>
  );
}
