/**
 * Guest interview invite (spec 000 §2, 001 §2; 001 §7 Groups: POST groups/{id}/invitation): picks
 * one of the unit's groups (GET v2/units/{id}/groups, the ones the user can see), takes the guest's
 * name (the device name they join with), e-mail and/or phone, a message and how long the invitation
 * stays valid (001 §9 ad-hoc periods), checks them inline with the call's own schema (001 §5 "phone
 * digits only, email format, device name unique"; the uniqueness as the core answers it), and shows
 * the invitation's code and link once sent; then it can be delivered (again) by e-mail or SMS
 * (POST groups/{id}/email, groups/{id}/sms: InviteDelivery.tsx).
 */
import { useState } from 'react';
import { Alert, Button, CopyButton, Group, Loader, Stack, Text } from '@mantine/core';
import { Select } from '../../components/Pickers';
import { useTranslation } from 'react-i18next';
import { CreateGuestInvitationBody, type GuestInvitation } from '@fleet/contracts';
import { useEndpointMutation, useEndpointQuery } from '../../api/hooks';
import { DialogFooter, ErrorNote, unitDialog, useCanUseCall, type UnitDialogProps } from '../../kit/DialogParts';
import { GUEST_INVITE_FIELDS, GuestInviteFields } from './GuestInviteFields';
import { InviteDelivery } from './InviteDelivery';
import { consoleOrigin } from '../../config/base';
import { absoluteJoinLink, BLANK_INVITE, inviteBody, type InviteFormValues } from './rules';
import { apiFieldErrors, parseBody, type FieldErrors } from '../../lib/forms/fieldErrors';
import { useFieldText } from '../../lib/forms/useFieldText';
import { UnshownErrors } from '../../kit/UnshownErrors';
import { dateText } from '../../lib/dateFormat';

function Sent({ invitation }: { readonly invitation: GuestInvitation }) {
  const { t, i18n } = useTranslation();
  const link = absoluteJoinLink(consoleOrigin(), invitation.joinUrl);
  return (
    <Alert color="green" title={t('dialogs.guestInvite.sentTitle')} data-testid="guest-invite-sent">
      <Stack gap={4}>
        <Text size="sm">
          {t('dialogs.guestInvite.code')}: <strong data-testid="guest-invite-code">{invitation.code}</strong>
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" style={{ wordBreak: 'break-all' }}>
            {t('dialogs.guestInvite.link')}: <span data-testid="guest-invite-link">{link}</span>
          </Text>
          <CopyButton value={link}>
            {({ copied, copy }) => (
              <Button size="compact-xs" variant="light" onClick={copy} data-testid="guest-invite-copy">
                {copied ? t('dialogs.guestInvite.copied') : t('dialogs.guestInvite.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Text size="sm" data-testid="guest-invite-expires">
          {t('dialogs.guestInvite.expires', { date: dateText(invitation.expiresAt, (d) => d.toLocaleString(i18n.language)) })}
        </Text>
        {invitation.deliveries.map((d) => (
          <Text size="sm" key={`${d.channel}-${d.to}`} data-testid={`guest-invite-delivery-${d.channel}`}>
            {t('dialogs.guestInvite.sentTo', { to: d.to })}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}

function GuestInviteBody({ unitId, onClose }: Omit<UnitDialogProps, 'opened'>) {
  const { t } = useTranslation();
  const fieldText = useFieldText();
  const canAct = useCanUseCall('createGroupInvitation');
  const groups = useEndpointQuery('getUnitGroups', { params: { id: unitId } });
  const [values, setValues] = useState<InviteFormValues>(BLANK_INVITE);
  const [errors, setErrors] = useState<FieldErrors>({});
  const invite = useEndpointMutation('createGroupInvitation');

  const groupList = groups.data ?? [];
  const firstGroup = groupList[0]?.id ?? '';
  const groupId = values.groupId !== '' && groupList.some((g) => g.id === values.groupId) ? values.groupId : firstGroup;

  const set = (field: keyof InviteFormValues) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const onSend = () => {
    const parsed = parseBody(CreateGuestInvitationBody, inviteBody(values, unitId));
    setErrors(parsed.errors ?? {});
    if (parsed.data == null || groupId === '') return;
    invite.mutate({ params: { id: groupId }, body: parsed.data }, { onError: (e) => setErrors(apiFieldErrors(e)) });
  };

  const failure = invite.error;

  return (
    <Stack data-testid="dialog-guestInvite" gap="sm">
      {groups.isPending && <Loader size="sm" />}
      <ErrorNote testId="guest-invite-load-error" error={groups.error} />
      {groups.data && groupList.length === 0 && (
        <Text c="dimmed" data-testid="guest-invite-no-groups">
          {t('dialogs.guestInvite.noGroups')}
        </Text>
      )}
      {groupList.length > 0 && invite.data && <Sent invitation={invite.data} />}
      {groupList.length > 0 && invite.data && <InviteDelivery key={invite.data.id} invitation={invite.data} />}
      {groupList.length > 0 && !invite.data && (
        <>
          <Select
            label={t('dialogs.guestInvite.group')}
            data={groupList.map((g) => ({ value: g.id, label: `${g.name} (${g.inventoryName})` }))}
            value={groupId}
            onChange={(v) => v !== null && set('groupId')(v)}
            allowDeselect={false}
            readOnly={!canAct}
            data-testid="guest-invite-group"
          />
          <GuestInviteFields
            values={values}
            onChange={(field, value) => set(field)(value)}
            errors={errors}
            fieldText={fieldText}
            readOnly={!canAct}
            testIdPrefix="guest-invite"
          />
          {errors.unitId !== undefined && <ErrorNote testId="guest-invite-unit-error" message={fieldText(errors.unitId) ?? ''} />}
          <UnshownErrors errors={errors} shown={[...GUEST_INVITE_FIELDS, 'unitId']} testId="guest-invite-unshown-errors" />
          {failure && Object.keys(apiFieldErrors(failure)).length === 0 && <ErrorNote testId="guest-invite-error" error={failure} />}
        </>
      )}
      <DialogFooter testId="guest-invite" onClose={onClose} canAct={canAct}>
        {invite.data && (
          <Button variant="light" onClick={() => invite.reset()} data-testid="guest-invite-another">
            {t('dialogs.guestInvite.another')}
          </Button>
        )}
        {!invite.data && groupList.length > 0 && (
          <Button onClick={onSend} loading={invite.isPending} data-testid="guest-invite-send">
            {t('dialogs.guestInvite.send')}
          </Button>
        )}
      </DialogFooter>
    </Stack>
  );
}

export default unitDialog('dialogs.guestInvite.title', GuestInviteBody);
