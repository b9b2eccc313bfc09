/**
 * The guest's fields of a guest interview invite (spec 000 §2, 001 §2; 001 §5 "phone digits only,
 * email format, device name unique"; 001 §9 ad-hoc periods), shared by the unit dialog and the
 * group screen's invite: device name, e-mail, phone, message and period. Test ids:
 * `<testIdPrefix>-name|email|phone|message|period`.
 */
import { Textarea, TextInput } from '@mantine/core';
import { Select } from '../../components/Pickers';
import { useTranslation } from 'react-i18next';
import { ADHOC_PERIODS, GUEST_MESSAGE_MAX } from '@fleet/contracts';
import type { InviteFormValues } from './rules';
import type { FieldErrors } from '../../lib/forms/fieldErrors';

interface GuestInviteFieldsProps {
  readonly values: InviteFormValues;
  readonly onChange: (field: keyof InviteFormValues, value: string) => void;
  readonly errors: FieldErrors;
  /** A field's message as the user reads it. */
  readonly fieldText: (message: string | undefined) => string | undefined;
  readonly readOnly: boolean;
  readonly testIdPrefix: string;
}

/** The fields the guest invitation forms render (a refusal of another shows at the form level). */
export const GUEST_INVITE_FIELDS = ['deviceName', 'email', 'phone', 'message', 'period'] as const satisfies readonly Exclude<
  keyof InviteFormValues,
  'groupId'
>[];
export function GuestInviteFields({ values, onChange, errors, fieldText, readOnly, testIdPrefix }: GuestInviteFieldsProps) {
  const { t } = useTranslation();
  type Field = (typeof GUEST_INVITE_FIELDS)[number];
  const common = (field: Field, suffix: string) => ({
    value: values[field],
    error: fieldText(errors[field]),
    readOnly,
    'data-testid': `${testIdPrefix}-${suffix}`,
  });
  const typed = (field: Field, suffix: string) => ({
    ...common(field, suffix),
    onChange: (e: { currentTarget: { value: string } }) => onChange(field, e.currentTarget.value),
  });
  return (
    <>
      <TextInput
        label={t('dialogs.guestInvite.deviceName')}
        description={t('dialogs.guestInvite.deviceNameHint')}
        withAsterisk
        {...typed('deviceName', 'name')}
      />
      <TextInput label={t('dialogs.guestInvite.email')} type="email" {...typed('email', 'email')} />
      <TextInput label={t('dialogs.guestInvite.phone')} description={t('dialogs.guestInvite.phoneHint')} inputMode="numeric" {...typed('phone', 'phone')} />
      <Textarea label={t('dialogs.guestInvite.message')} autosize minRows={2} maxLength={GUEST_MESSAGE_MAX} {...typed('message', 'message')} />
      <Select
        label={t('dialogs.guestInvite.period')}
        data={ADHOC_PERIODS.map((p) => ({ value: p, label: t(`dialogs.guestInvite.periods.${p}`) }))}
        onChange={(v) => v !== null && onChange('period', v)}
        allowDeselect={false}
        {...common('period', 'period')}
      />
    </>
  );
}
