/**
 * The batch upgrade messages of contracts VALIDATION (the 500-device limit, the header, a device
 * not found or listed twice) in the user's language from this page's own texts
 * (`batchUpgrade.messages.*`); any other spec message goes through the shared spec-text mapping.
 */
import type { TFunction } from 'i18next';
import { VALIDATION } from '@fleet/contracts';

export const BATCH_MESSAGE_KEYS = ['batchUpgradeMaxDevices', 'batchUpgradeCsvHeader', 'batchUpgradeDeviceNotFound', 'batchUpgradeDuplicateDevice'] as const;
type BatchMessageKey = (typeof BATCH_MESSAGE_KEYS)[number];

const BY_TEXT = new Map<string, BatchMessageKey>(BATCH_MESSAGE_KEYS.map((key) => [VALIDATION[key], key]));

/** The page's translation of a batch message, or null when `message` is not one of them. */
export function batchMessageText(t: TFunction, message: string): string | null {
  const key = BY_TEXT.get(message);
  return key === undefined ? null : t(`batchUpgrade.messages.${key}`);
}
