/**
 * The licence pool form of /unit_license_activation (spec 001 §3 Service; §6 "Unit and license
 * activation is a grantable permission"; §8 "license limit reached"): super users and staff size
 * an inventory's pool of one licence (PUT v2/admin/inventories/{id}/licencePool). The body is
 * checked against the call's schema, and the total not below the licences in use on the
 * inventory's units (the core's rule, worded as it words it). Choosing a licence puts its current
 * total in the form. Pure; no React here.
 */
import { ACTIVATABLE_LICENCES, SetLicencePoolBody, VALIDATION, type LicencePoolEntry } from '@fleet/contracts';
import { mergeErrors, type FieldErrors } from '../../lib/forms/fieldErrors';
import { numberOf, schemaCheck, type Field } from '../../kit/formRules';

export type LicencePoolForm = typeof EMPTY_LICENCE_POOL;

/** No licence chosen and no total typed (numbers as text). */
export const EMPTY_LICENCE_POOL = { serviceName: null as string | null, total: '' };

export const LICENCE_POOL_FIELDS: readonly Field<LicencePoolForm>[] = [
  {
    kind: 'select',
    name: 'serviceName',
    label: 'licenceActivation.poolForm.licence',
    required: true,
    options: (t) => ACTIVATABLE_LICENCES.map((l) => ({ value: l, label: t(`licenceActivation.names.${l}`) })),
  },
  { kind: 'number', name: 'total', label: 'licenceActivation.poolForm.total', required: true },
];

export function licencePoolBody(values: LicencePoolForm): { serviceName: string | null; total: number } {
  return { serviceName: values.serviceName, total: numberOf(values.total) };
}

const schemaRules = schemaCheck(LICENCE_POOL_FIELDS, SetLicencePoolBody, licencePoolBody);

/** The form's rules: the call's schema, then not below the licences of that kind in use (`pool`: the inventory's, as last read). */
export function checkLicencePool(pool: readonly LicencePoolEntry[]): (values: LicencePoolForm) => FieldErrors {
  return (values) => {
    const used = pool.find((p) => p.serviceName === values.serviceName)?.used ?? 0;
    const total = numberOf(values.total);
    const belowUsed: FieldErrors = Number.isInteger(total) && total >= 0 && total < used ? { total: VALIDATION.minValue(used) } : {};
    return mergeErrors(schemaRules(values), belowUsed);
  };
}

/** A change of the form: choosing a licence also puts its current total in (the pool as last read). */
export function withPoolTotal(pool: readonly LicencePoolEntry[], patch: Partial<LicencePoolForm>): Partial<LicencePoolForm> {
  if (patch.serviceName === undefined || patch.serviceName == null || patch.total !== undefined) return patch;
  const entry = pool.find((p) => p.serviceName === patch.serviceName);
  return entry === undefined ? patch : { ...patch, total: String(entry.total) };
}
