/**
 * The usage profile form's rules, as the core checks them: the catalogue body schema (§5 reset day
 * 1-31 and required, quota, name required, in the spec's words), the name unique among the profiles
 * the list holds ("Name field has to be unique"; the core checks every profile). No React here.
 */
import { CreateUsageProfileBody, VALIDATION, type UsageProfile } from '@fleet/contracts';
import { checkSchema, mergeErrors, numberText, numberValue, toFormFields, type FieldErrors } from '../../lib/forms/fieldErrors';

export type UsageProfileFormValues = Readonly<ReturnType<typeof initialValues>>;

/** The form of a profile (null: a new one), the numbers as the inputs' texts. */
export function initialValues(profile: UsageProfile | null) {
  return {
    name: profile?.name ?? '',
    type: profile?.type ?? 'data',
    quotaPerMonth: profile ? numberText(profile.quotaPerMonth) : '',
    resetDay: profile ? numberText(profile.resetDay) : '1',
  };
}

/** The create/update body of the form's values (numbers left as the schema will judge them). */
export function toBody(values: UsageProfileFormValues) {
  return { name: values.name.trim(), type: values.type, quotaPerMonth: numberValue(values.quotaPerMonth), resetDay: numberValue(values.resetDay) };
}

/** Errors by form field; empty when the form may be sent. */
export function formErrors(values: UsageProfileFormValues, profiles: readonly UsageProfile[], editingId: string | null): FieldErrors {
  const schema = toFormFields(checkSchema(CreateUsageProfileBody, toBody(values)));
  const name = values.name.trim().toLowerCase();
  const taken = name !== '' && profiles.some((p) => p.name.toLowerCase() === name && p.id !== editingId);
  return mergeErrors(schema, taken && schema.name === undefined ? { name: VALIDATION.nameUnique } : {});
}

/** The quota with its unit, as the table shows it: "500 GB", "100 h". */
export function quotaLabel(profile: Pick<UsageProfile, 'type' | 'quotaPerMonth'>, units: { gb: string; hours: string }): string {
  return `${profile.quotaPerMonth} ${profile.type === 'data' ? units.gb : units.hours}`;
}
