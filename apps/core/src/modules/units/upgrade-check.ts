/**
 * What the unit admin calls ask of the upgrade rules (PUT targetSwVersion): the narrow interface the
 * units module names and the upgrades module implements (`UnitUpgradeRules`, upgrades/upgrade-rules.ts),
 * handed to `AdminUnitService` when the services are built, so neither module imports the other's
 * services.
 */
import type { ErrorCode, UpgradeBlockReason } from '@fleet/contracts';
import type { UpgradeBlocker } from '@fleet/domain';
import type { UnitRecord } from '../../platform/storage/unit-rows.js';

/** The catalogue keys an upgrade can be refused with (the domain's blockers, and the core's own). */
export type UpgradeReasonCode = UpgradeBlocker['errorCode'] | Extract<ErrorCode, 'TRANSCEIVER_BUSY' | 'UNIT_BUSY' | 'UNIT_OFFLINE'>;

/** A blocking reason with its catalogue key typed (a start answers with it). */
export type UpgradeReason = Omit<UpgradeBlockReason, 'errorCode'> & { errorCode: UpgradeReasonCode };

export interface UnitUpgradeCheck {
  /** What blocks upgrading the unit to the target version, in the order a start reports them. */
  blockersOf(unit: UnitRecord, target: string): Promise<UpgradeReason[]>;
}
