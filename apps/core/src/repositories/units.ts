/**
 * Units in storage: the row types the services work with (Prisma's own payload types, never
 * hand-written copies) and the queries more than one service needs.
 */
import type { Db, Prisma } from '@fleet/db';
import { AppError } from '../errors.js';
import { unitConfiguration, type StoredUnitConfiguration } from './unit-columns.js';

/** A unit's inventories and groups, as ids. */
export const unitMemberships = {
  inventories: { select: { inventoryId: true } },
  groups: { select: { groupId: true } },
} as const satisfies Prisma.UnitInclude;

/** A unit row with its memberships: what unit answers (summary, detail) are built from. */
export type UnitRecord = Prisma.UnitGetPayload<{ include: typeof unitMemberships }>;

/** The unit columns that reads beyond the summary need (stored configuration, last-known snapshot, modes, dates). */
export const unitExtras = {
  configuration: true,
  telemetry: true,
  alertsConfigMode: true,
  databridgeGatewayId: true,
  createdAt: true,
  updatedAt: true,
} as const satisfies Prisma.UnitSelect;

export type UnitExtras = Prisma.UnitGetPayload<{ select: typeof unitExtras }>;

/** A unit row without its memberships. */
export type UnitRowOnly = Prisma.UnitGetPayload<object>;

export class UnitRepository {
  constructor(private readonly db: Db) {}

  findAll(): Promise<UnitRecord[]> {
    return this.db.unit.findMany({ include: unitMemberships });
  }

  findById(id: string): Promise<UnitRecord | null> {
    return this.db.unit.findUnique({ where: { id }, include: unitMemberships });
  }

  findRow(id: string): Promise<UnitRowOnly | null> {
    return this.db.unit.findUnique({ where: { id } });
  }

  findMany(where: Prisma.UnitWhereInput): Promise<UnitRecord[]> {
    return this.db.unit.findMany({ where, include: unitMemberships, orderBy: { name: 'asc' } });
  }

  findFirst(where: Prisma.UnitWhereInput): Promise<UnitRecord | null> {
    return this.db.unit.findFirst({ where, include: unitMemberships });
  }

  /** Another unit already named so (unit names are unique, spec 000 §5). */
  async nameTaken(name: string, exceptId?: string): Promise<boolean> {
    const clash = await this.db.unit.findFirst({ where: { name, ...(exceptId ? { NOT: { id: exceptId } } : {}) }, select: { id: true } });
    return clash !== null;
  }

  /** The extra columns of a unit; an unknown unit answers 404. */
  async requireExtras(id: string): Promise<UnitExtras> {
    const extras = await this.db.unit.findUnique({ where: { id }, select: unitExtras });
    if (!extras) throw new AppError('NOT_FOUND');
    return extras;
  }

  /** The unit's stored configuration (empty for an unknown unit). */
  async configurationOf(id: string): Promise<StoredUnitConfiguration> {
    const row = await this.db.unit.findUnique({ where: { id }, select: { configuration: true } });
    return unitConfiguration.read(row?.configuration);
  }
}
