/**
 * Joining a group with a code (POST groups/join): a guest invitation's code, the group's ad-hoc
 * code or its permanent key makes the device that gives it a unit of the group (the reading:
 * packages/contracts/src/entities/invitations.ts). The unit is written with its inventory, its
 * membership (and expiry) and a used Invitation row recording how it joined (plan type, group,
 * expiry: what the smart-unit admin read shows), the group's version raised (its members changed:
 * a general tab saved over the old list answers 409); then the unit is announced (`device.added`,
 * `group.changed`) and handed to the device gateway, so the simulator runs it like any other.
 */
import { transaction } from '@fleet/db';
import {
  ADHOC_PERIOD_MS,
  JOIN_PRODUCT_TYPES,
  SOFTWARE_VERSIONS,
  VALIDATION,
  type AdhocPeriod,
  type JoinedDevice,
  type JoinGroupBody,
  type JoinProductType,
  type PlanType,
  type UnitTypeGroup,
  RULES,
} from '@fleet/contracts';
import { AppError, nameInUse, validationError } from '../../errors.js';
import { unlessTaken } from '../../platform/versioned-write.js';
import { groupInvitation } from './invitation-columns.js';
import type { ServiceDeps } from '../deps.js';
import type { UnitService } from '../units/units.js';
import { defaultCapabilities, newUnitConfiguration } from '../units/admin-units.js';
import { callsOf } from '../../calls.js';
import { codeExpired, GUEST_PLAN, isPeriod, keyDue, newCode, CODE_TRIES } from './codes.js';
import * as repo from './repository.js';
import { addUnitToInventory } from '../units/repository.js';
import { bumpGroupVersion } from '../groups/repository.js';

/** The devices each plan type admits (001 §3 plan types: the _SMART and _LITE ones name theirs). */
const PLAN_PRODUCTS: Record<PlanType, readonly JoinProductType[]> = {
  ADHOC: JOIN_PRODUCT_TYPES,
  ADHOC_SMART: ['LU-Smart'],
  ADHOC_LITE: ['LU-Lite'],
  PERMANENT: JOIN_PRODUCT_TYPES,
  PERMANENT_SMART: ['LU-Smart'],
  PERMANENT_LITE: ['LU-Lite'],
};
/** A joining device's type group (000 §3 unit type groups) and the start of its unique id. */
const JOINING: Record<JoinProductType, { typeGroup: UnitTypeGroup; idPrefix: string }> = {
  'LU-Smart': { typeGroup: 'smartUnits', idPrefix: 'LUSMART' },
  'LU-Lite': { typeGroup: 'liteUnits', idPrefix: 'LULITE' },
};

/** What a code opens: the group, the plan type the device joins under, how long it stays (null: permanently), the guest invitation it uses. */
interface JoinTarget {
  groupId: string;
  planType: PlanType;
  stay: AdhocPeriod | null;
  /** How the record of the joining names its period (an ad-hoc period, or the key's regeneration). */
  period: string;
  invitation: { id: string; version: number; deviceName: string | null } | null;
}

/** A code as typed or pasted: spaces dropped, upper case (codes are drawn from CODE_ALPHABET). */
function normaliseCode(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase();
}

const invalidCode = (): AppError => validationError([{ path: 'body.code', message: RULES.joinCodeNotCurrent }]);

export class InvitationJoins {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly units: Pick<UnitService, 'refreshUnit'>,
  ) {}

  /**
   * What a code opens now: an open guest invitation (not used, not expired), the ad-hoc code of a
   * group whose ad-hoc joining is on (within its period), or the permanent key of a group whose
   * permanent joining is on (not due for regeneration); null for anything else.
   */
  private async joinTarget(code: string, now: number): Promise<JoinTarget | null> {
    const invitation = await repo.findInvitationByCode(this.deps.db, code);
    if (invitation) {
      const open = invitation.planType === GUEST_PLAN && invitation.usedAt === null && (invitation.expiresAt === null || invitation.expiresAt.getTime() > now);
      if (!open) return null;
      const stay = isPeriod(invitation.period) ? invitation.period : '1d';
      return {
        groupId: invitation.groupId,
        planType: GUEST_PLAN,
        stay,
        period: stay,
        invitation: { id: invitation.id, version: invitation.version, deviceName: invitation.deviceName },
      };
    }
    for (const group of this.deps.readModel.groups.all()) {
      const { adhoc, permanent } = groupInvitation.read(group.invitation);
      if (adhoc?.code === code) {
        if (!adhoc.mode || codeExpired(adhoc, now)) return null;
        const stay = adhoc.period ?? '1d';
        return { groupId: group.id, planType: adhoc.mode, stay, period: stay, invitation: null };
      }
      if (permanent?.key === code) {
        if (!permanent.mode || keyDue(permanent, now)) return null;
        return { groupId: group.id, planType: permanent.mode, stay: null, period: permanent.regeneration ?? 'never', invitation: null };
      }
    }
    return null;
  }

  /** A unique id and serial number no unit has: the product's prefix and a drawn suffix. */
  private async freshUnitIdentity(productType: JoinProductType): Promise<{ id: string; serialNumber: string }> {
    for (let i = 0; i < CODE_TRIES; i++) {
      const suffix = newCode();
      const id = `${JOINING[productType].idPrefix}-${suffix}`;
      const serialNumber = `${JOINING[productType].idPrefix}J${suffix}`;
      if (!(await repo.unitIdentityTaken(this.deps.db, id, serialNumber))) return { id, serialNumber };
    }
    throw new AppError('GENERIC');
  }

  /**
   * POST groups/join: the device that gives a code becomes a unit of the code's group (and of the
   * group's inventory), under the code's plan type, for the code's stay. Refused, with nothing
   * written: a code that opens nothing now (invalid field at `code`), a device its plan type does not
   * admit (at `productType`), a missing name with a group's code (required at `deviceName`), a name a
   * unit has or another open guest invitation reserves (the unit rename rule, 409 NAME_IN_USE).
   */
  async joinWithCode(body: JoinGroupBody): Promise<JoinedDevice> {
    const now = this.deps.clock.date();
    const code = normaliseCode(body.code);
    const target = await this.joinTarget(code, now.getTime());
    const group = target ? this.deps.readModel.groups.get(target.groupId) : undefined;
    if (!target || !group) throw invalidCode();
    if (!PLAN_PRODUCTS[target.planType].includes(body.productType)) throw validationError([{ path: 'body.productType', message: RULES.productNotInPlan }]);
    const name = body.deviceName ?? target.invitation?.deviceName ?? null;
    if (name === null || name === '') throw validationError([{ path: 'body.deviceName', message: VALIDATION.required }]);
    const { id, serialNumber } = await this.freshUnitIdentity(body.productType);
    const { typeGroup } = JOINING[body.productType];
    const expiresAt = target.stay === null ? null : new Date(now.getTime() + ADHOC_PERIOD_MS[target.stay]);
    const guest = target.invitation;
    // A unique violation is another device taking the name between the check and the write.
    await unlessTaken(
      () =>
        transaction(this.deps.db, async (tx) => {
          const unit = await repo.unitNameTaken(tx, name);
          const reserved = unit ? false : await repo.deviceNameReserved(tx, name, now, guest?.id);
          if (unit || reserved) throw nameInUse('body.deviceName');
          if (guest) {
            const used = await repo.markInvitationUsed(tx, guest.id, guest.version, now);
            // Used by another device meanwhile.
            if (used === 0) throw invalidCode();
          }
          const members = await bumpGroupVersion(tx, group.id);
          // The group was deleted meanwhile.
          if (members === 0) throw invalidCode();
          await repo.createJoinedUnit(tx, {
            id,
            name,
            productType: body.productType,
            typeGroup,
            status: 'offline',
            applications: {},
            swVersion: SOFTWARE_VERSIONS.max,
            serialNumber,
            // 001 §9 "Trial 30 days for LU-Smart and LU-Lite": a joining device starts on its trial licence.
            license: { valid: true, kind: 'days', pro: false, fourK: false, raHours: null, rlHours: null },
            capabilities: defaultCapabilities(typeGroup, body.productType),
            services: [{ serviceName: 'sla', serviceStatus: 'enabled' }],
            configuration: newUnitConfiguration(id),
          });
          await addUnitToInventory(tx, id, group.inventoryId);
          await repo.addUnitToGroup(tx, id, group.id, expiresAt);
          // How the unit joined; its code names the one given and the unit, so it is never a code to join with.
          await repo.createInvitation(tx, {
            groupId: group.id,
            planType: target.planType,
            period: target.period,
            code: `${code}/${id}`,
            deviceName: name,
            unitId: id,
            expiresAt,
            usedAt: now,
            createdAt: now,
          });
        }),
      () => nameInUse('body.deviceName'),
    );
    // The membership index learns the unit, subscribers hear device.added, the simulator starts running it.
    await this.units.refreshUnit(id);
    return {
      unitId: id,
      name,
      productType: body.productType,
      groupId: group.id,
      groupName: group.name,
      inventoryId: group.inventoryId,
      planType: target.planType,
      expiresAt: expiresAt?.toISOString() ?? null,
      joinedAt: now.toISOString(),
    };
  }
}

export const joinCalls = callsOf<InvitationJoins>()({
  joinGroupWithCode: (s, { body }) => s.joinWithCode(body),
});
