/**
 * The software version form's rules, as the core checks them: the catalogue body schema (the §9
 * number rule, the release notes address, the description's length, in the spec's words) and the
 * number not taken by another listed version compared as versions ("Software version exists").
 * No React here.
 */
import { CreateSoftwareVersionBody, ERROR_CATALOGUE, SOFTWARE_VERSION_DEVICES } from '@fleet/contracts';
import type { SoftwareVersion, SoftwareVersionDevice } from '@fleet/contracts';
import { compareVersions, parseVersion } from '@fleet/domain';
import { checkSchema, mergeErrors, toFormFields, type FieldErrors } from '../../lib/forms/fieldErrors';

export type SoftwareVersionFormValues = Readonly<ReturnType<typeof initialValues>>;

/**
 * A version's form (null: a new one): the inventories it is assigned to (none: available to every
 * inventory) and those of the version as read (`known`: their names, where the user's options do
 * not hold them).
 */
export function initialValues(version: SoftwareVersion | null) {
  return {
    number: version?.number ?? '',
    description: version?.description ?? '',
    releaseNotesUrl: version?.releaseNotesUrl ?? '',
    supportedDevices: version?.supportedDevices ?? [],
    deprecated: version?.deprecated ?? false,
    inventoryIds: version?.inventories.map((i) => i.id) ?? [],
    known: version?.inventories ?? [],
  };
}

const isDevice = (value: string): value is SoftwareVersionDevice => (SOFTWARE_VERSION_DEVICES as readonly string[]).includes(value);

/** The create/update body of the form's values (an empty address clears it). */
export function toBody(values: SoftwareVersionFormValues) {
  return {
    number: values.number.trim(),
    description: values.description,
    releaseNotesUrl: values.releaseNotesUrl.trim() === '' ? null : values.releaseNotesUrl.trim(),
    supportedDevices: values.supportedDevices.filter(isDevice),
    deprecated: values.deprecated,
    inventoryIds: [...values.inventoryIds],
  };
}

/** The same version (major, minor, patch) whatever its spelling: "6.1" and "6.1.0". */
export function sameVersionNumber(a: string, b: string): boolean {
  const va = parseVersion(a);
  const vb = parseVersion(b);
  return va !== null && vb !== null ? compareVersions(va, vb) === 0 : a.trim() === b.trim();
}

/** Errors by form field; empty when the form may be sent. `versions`: the ones listed (for the number's uniqueness). */
export function formErrors(values: SoftwareVersionFormValues, versions: readonly SoftwareVersion[], editingId: string | null): FieldErrors {
  const schema = toFormFields(checkSchema(CreateSoftwareVersionBody, toBody(values)));
  const taken = schema.number === undefined && versions.some((v) => v.id !== editingId && sameVersionNumber(v.number, values.number));
  return mergeErrors(schema, taken ? { number: ERROR_CATALOGUE.SOFTWARE_VERSION_EXISTS.message } : {});
}
