/**
 * Units in storage: the row types the services work with (Prisma's own payload types, never
 * hand-written copies) and the queries more than one service needs.
 */
import { updateRow, type ColumnKind, type Db, type Prisma, type RowSet, type RowTable, type RowUpdateOptions, type RowWhere } from '@fleet/db';
import type { MemoryTable } from './memory-table.js';
import { AppError } from '../../errors.js';
import { unitConfiguration, type StoredUnitConfiguration } from './unit-columns.js';

/** A unit's inventories and groups, as ids with the time the unit joined (alert configuration follows the last group joined). */
export const unitMemberships = {
  inventories: { select: { inventoryId: true, createdAt: true } },
  groups: { select: { groupId: true, createdAt: true } },
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

type UnitRow = Prisma.UnitGetPayload<object>;

/**
 * The Unit columns the hot writes set without Prisma's query pipeline (a rename, a setting saved,
 * a device's report), with their kinds. Each name is checked against the model.
 */
const unitRow = {
  model: 'Unit',
  updatedAt: true,
  columns: {
    name: 'string',
    comment: 'string',
    configuration: 'json',
    transmissionMode: 'string',
    workingMode: 'string',
    storeAndForwardVideoQuality: 'string',
    filenamePrefix: 'string',
    multiCameraLabels: 'json',
    selectedChannelId: 'string',
    alertsConfigMode: 'string',
    status: 'string',
    applications: 'json',
  },
} as const satisfies RowTable<{ readonly [K in keyof UnitRow]?: ColumnKind }>;

/** What a unit update may set. */
export type UnitColumnValues = RowSet<typeof unitRow.columns>;

/**
 * Units as the services read them: from the read model's unit table (memory, kept current from
 * the database's committed writes), never a query per read. The read model holds the one instance
 * (`readModel.unitRows`): it is a view of that table (with its name index) plus the one unit-row
 * write, with no business rule, and the platform's device reports write through it too.
 */
export class UnitRepository {
  /** Unit names → ids (names are unique), for the rename check without a scan. */
  private readonly names = new Map<string, string>();
  private readonly nameOf = new Map<string, string>();

  constructor(
    private readonly table: MemoryTable<UnitRecord>,
    private readonly db: Db,
  ) {
    table.onChange((id, row) => {
      const old = this.nameOf.get(id);
      if (old !== undefined && this.names.get(old) === id) this.names.delete(old);
      if (row) {
        this.names.set(row.name, id);
        this.nameOf.set(id, row.name);
      } else this.nameOf.delete(id);
    });
  }

  /**
   * Set columns of one unit (only while its version is `where.version`, when given); answers
   * whether a row matched. Committed (and in the read model) when it resolves.
   */
  async update(where: RowWhere, set: UnitColumnValues, options: RowUpdateOptions = {}): Promise<boolean> {
    return (await updateRow(this.db, unitRow, where, set, options)) > 0;
  }

  /** Every unit, by name. */
  findAll(): readonly UnitRecord[] {
    return this.table.all();
  }

  findById(id: string): UnitRecord | null {
    return this.table.get(id) ?? null;
  }

  /** Another unit already named so (unit names are unique, spec 000 §5). */
  nameTaken(name: string, exceptId?: string): boolean {
    const owner = this.names.get(name);
    return owner !== undefined && owner !== exceptId;
  }

  /** The extra columns of a unit; an unknown unit answers 404. */
  requireExtras(id: string): UnitExtras {
    const row = this.table.get(id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /** The unit's stored configuration (empty for an unknown unit). */
  configurationOf(id: string): StoredUnitConfiguration {
    return unitConfiguration.read(this.table.get(id)?.configuration);
  }
}
