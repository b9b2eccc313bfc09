/** The codec of the SoftwareVersion row's JSON columns. */
import { SoftwareVersionDevice } from '@fleet/contracts';
import { jsonColumn, lenientArray } from '../../platform/storage/json-column.js';

/**
 * Spec 001 §3 supported devices: unit type groups and server types (`SOFTWARE_VERSION_DEVICES`).
 * An entry the catalogue does not know is dropped.
 */
export const softwareVersionDevices = jsonColumn(
  lenientArray(SoftwareVersionDevice).transform((xs) => xs ?? []),
  () => [],
);
