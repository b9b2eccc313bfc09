/**
 * Guest interview invite from a group (spec 000 §2, 001 §2 "guest interview invite"; 001 §7 POST
 * groups/{id}/invitation): the guest's device name, e-mail and/or phone, optionally the group's
 * unit the interview is with, a message and the ad-hoc period (001 §9). The call's own schema
 * checks the fields inline in the spec's words (001 §5 "phone digits only, email format, device
 * name unique" — uniqueness as the core answers it); once sent, the code and link show and the
 * invitation can be delivered again (the unit dialogs' InviteDelivery, POST email / sms). The
 * guest's fields are the unit dialog's (GuestInviteFields).
 */
import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { Select } from '../../../components/Pickers';
import { Modal } from '../../../components/Overlays';
import { useTranslation } from 'react-i18next';
import { CreateGuestInvitationBody } from '@fleet/contracts';
import type { GuestInvitation } from '@fleet/contracts';
import { useEndpointMutation } from '../../../api/hooks';
import { GUEST_INVITE_FIELDS, GuestInviteFields } from '../../dialogs/GuestInviteFields';
import { InviteDelivery } from '../../dialogs/InviteDelivery';
import { consoleOrigin } from '../../../config/base';
import { absoluteJoinLink, BLANK_INVITE, inviteBody, type InviteFormValues } from '../../dialogs/rules';
import { apiFieldErrors, parseBody, type FieldErrors } from '../../../lib/forms/fieldErrors';
import { useFieldText } from '../../../lib/forms/useFieldText';
import { useCanCall } from '../../../kit/access';
import { ErrorAlert } from '../../../kit/ErrorAlert';
import { UnshownErrors } from '../../../kit/UnshownErrors';
import { dateText } from '../../../lib/dateFormat';

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
          {t('dialogs.guestInvite.link')}: {absoluteJoinLink(consoleOrigin(), invitation.joinUrl)}
        </Text>
        <Text size="sm">{t('dialogs.guestInvite.expires', { date: dateText(invitation.expiresAt, (d) => d.toLocaleString(i18n.language)) })}</Text>
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

export default function GroupGuestInvite({ groupId, groupName, units, onClose }: GuestInviteProps) {
  const { t } = useTranslation();
  const fieldText = useFieldText();
  const canAct = useCanCall('createGroupInvitation');
  const [values, setValues] = useState<InviteFormValues>({ ...BLANK_INVITE, groupId });
  const [unitId, setUnitId] = useState(NO_UNIT);
  const [errors, setErrors] = useState<FieldErrors>({});
  const invite = useEndpointMutation('createGroupInvitation');

  const onSend = () => {
    const parsed = parseBody(CreateGuestInvitationBody, inviteBody(values, unitId === NO_UNIT ? undefined : unitId));
    setErrors(parsed.errors ?? {});
    if (parsed.data == null) return;
    invite.mutate({ params: { id: groupId }, body: parsed.data }, { onError: (e) => setErrors(apiFieldErrors(e)) });
  };

  const failure = invite.error;
  return (
    <Modal opened onClose={onClose} title={t('groups.invitations.guestInviteTitle', { name: groupName })}>
      {invite.data ? (
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
      ) : (
        <Stack gap="sm" data-testid="group-invite">
          <GuestInviteFields
            values={values}
            onChange={(field, value) => setValues((v) => ({ ...v, [field]: value }))}
            errors={errors}
            fieldText={fieldText}
            readOnly={!canAct}
            testIdPrefix="group-invite"
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
          <UnshownErrors errors={errors} shown={[...GUEST_INVITE_FIELDS, 'unitId']} testId="group-invite-unshown-errors" />
          {failure && Object.keys(apiFieldErrors(failure)).length === 0 && <ErrorAlert error={failure} testId="group-invite-error" role="alert" />}
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
      )}
    </Modal>
  );
}
