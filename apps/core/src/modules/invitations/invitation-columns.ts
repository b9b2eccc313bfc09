/**
 * The codec of the Group row's `invitation` column: the group's ad-hoc joining settings and its
 * permanent key ({ adhoc: { mode, period, code, codeCreatedAt }, permanent: { mode, key,
 * regeneration, keyCreatedAt } }, spec 001 §7 groups/{groupId}/adhoc and groups/{id}/permanent).
 */
import { z } from 'zod';
import { AdhocPeriod, AdhocPlanType, PermanentKeyRegeneration, PermanentPlanType } from '@fleet/contracts';
import { jsonColumn, lenient, lenientNullable, lenientObject } from '../../platform/storage/json-column.js';

const text = z.string();

export const groupInvitation = jsonColumn(
  z.looseObject({
    adhoc: lenientObject({
      mode: lenientNullable(AdhocPlanType),
      period: lenient(AdhocPeriod),
      code: lenientNullable(text),
      codeCreatedAt: lenientNullable(text),
    }),
    permanent: lenientObject({
      mode: lenientNullable(PermanentPlanType),
      key: lenient(text),
      regeneration: lenient(PermanentKeyRegeneration),
      keyCreatedAt: lenient(text),
    }),
  }),
  () => ({}),
);
export type GroupInvitationColumn = ReturnType<typeof groupInvitation.read>;
