/**
 * The forms of the inventory, group and unit modals of /system_entities: values from the entity,
 * the request body the admin call takes, and the form's own check before sending — the call's body
 * schema in the spec's words (spec 001 §5 names; 000 §5 unit names) plus the rules the schema
 * cannot see ("Parent inventory cannot be the current inventory"). The core checks the same again
 * and its 400 field messages show in the same places.
 */
import {
  CreateAdminGroupBody,
  CreateAdminInventoryBody,
  CreateAdminUnitBody,
  UpdateAdminGroupBody,
  UpdateAdminInventoryBody,
  UpdateAdminUnitBody,
  VALIDATION,
} from '@fleet/contracts';
import type { AdminInventory, GroupAutoAssociation, GroupDetail, Ownership, UnitDetail } from '@fleet/contracts';
import { checkSchema, mergeErrors, type FieldErrors } from '../../lib/forms/fieldErrors';

/** A new group's, unit's or video return channel's checks: its inventory chosen, then its create call's schema. */
export function checkInInventory(form: { readonly inventoryId: string | null }, schema: FieldErrors): FieldErrors {
  return mergeErrors(form.inventoryId === null ? { inventoryId: VALIDATION.required } : {}, schema);
}

// ── inventories ──────────────────────────────────────────────────────────────────────────────────

export interface InventoryForm {
  readonly name: string;
  readonly region: string;
  readonly parentId: string | null;
  /** The parent's name as read (shown before the inventory search answers; not sent). */
  readonly parentName: string | null;
  readonly sipServer: string;
}

export function inventoryForm(inventory: AdminInventory | null): InventoryForm {
  return {
    name: inventory?.name ?? '',
    region: inventory?.region ?? '',
    parentId: inventory?.parentId ?? null,
    parentName: inventory?.parentName ?? null,
    sipServer: inventory?.sipServer ?? '',
  };
}

export function inventoryBody(form: InventoryForm): CreateAdminInventoryBody {
  return {
    name: form.name.trim(),
    region: form.region.trim(),
    parentId: form.parentId,
    sipServer: form.sipServer.trim() === '' ? null : form.sipServer.trim(),
  };
}

/** The checks of a new inventory (`id` null) or of an existing one. */
export function checkInventory(id: string | null): (form: InventoryForm) => FieldErrors {
  return (form) => {
    const schema = id === null ? CreateAdminInventoryBody : UpdateAdminInventoryBody;
    const self: FieldErrors = id !== null && form.parentId === id ? { parentId: VALIDATION.parentInventoryNotSelf } : {};
    return mergeErrors(checkSchema(schema, inventoryBody(form)), self);
  };
}

// ── groups ───────────────────────────────────────────────────────────────────────────────────────

export interface GroupForm {
  readonly name: string;
  readonly inventoryId: string | null;
  /** The inventory's name as read (shown before the inventory search answers; not sent). */
  readonly inventoryName: string | null;
  readonly autoAssociation: GroupAutoAssociation;
}

const NO_AUTO: GroupAutoAssociation = { units: false, channels: false, vrChannels: false, users: false };

export function groupForm(group: GroupDetail | null): GroupForm {
  if (!group) return { name: '', inventoryId: null, inventoryName: null, autoAssociation: NO_AUTO };
  return { name: group.name, inventoryId: group.inventoryId, inventoryName: group.inventoryName, autoAssociation: group.autoAssociation };
}

/** The create body (an inventory must be chosen: the schema reports it when it is not). */
export function groupCreateBody(form: GroupForm): CreateAdminGroupBody {
  return { name: form.name.trim(), inventoryId: form.inventoryId ?? '', autoAssociation: form.autoAssociation };
}

export function groupUpdateBody(form: GroupForm, version: number): UpdateAdminGroupBody {
  return { name: form.name.trim(), autoAssociation: form.autoAssociation, version };
}

export function checkGroup(isNew: boolean): (form: GroupForm) => FieldErrors {
  return (form) =>
    isNew ? checkInInventory(form, checkSchema(CreateAdminGroupBody, groupCreateBody(form))) : checkSchema(UpdateAdminGroupBody, groupUpdateBody(form, 0));
}

// ── units ────────────────────────────────────────────────────────────────────────────────────────

export interface UnitForm {
  readonly name: string;
  readonly comment: string;
  readonly ownership: Ownership | null;
  /** Only for a new unit (registration). */
  readonly typeGroup: CreateAdminUnitBody['typeGroup'];
  readonly productType: string;
  readonly serialNumber: string;
  readonly inventoryId: string | null;
}

export function unitForm(unit: UnitDetail | null): UnitForm {
  const base = { typeGroup: 'fieldUnits', productType: '', serialNumber: '', inventoryId: null } as const;
  if (!unit) return { ...base, name: '', comment: '', ownership: null };
  const ownership = OWNERSHIPS.has(unit.ownership) ? (unit.ownership as Ownership) : null;
  return { ...base, name: unit.name, comment: unit.comment, ownership };
}

const OWNERSHIPS: ReadonlySet<string> = new Set(UpdateAdminUnitBody.shape.ownership.unwrap().options);

export function unitUpdateBody(form: UnitForm, version: number): UpdateAdminUnitBody {
  return { name: form.name.trim(), comment: form.comment, ...(form.ownership ? { ownership: form.ownership } : {}), version };
}

export function unitCreateBody(form: UnitForm): CreateAdminUnitBody {
  return {
    name: form.name.trim(),
    comment: form.comment,
    typeGroup: form.typeGroup,
    productType: form.productType.trim(),
    serialNumber: form.serialNumber.trim(),
    inventoryId: form.inventoryId ?? '',
    ...(form.ownership ? { ownership: form.ownership } : {}),
  };
}

export function checkUnit(isNew: boolean): (form: UnitForm) => FieldErrors {
  return (form) =>
    isNew ? checkInInventory(form, checkSchema(CreateAdminUnitBody, unitCreateBody(form))) : checkSchema(UpdateAdminUnitBody, unitUpdateBody(form, 0));
}
