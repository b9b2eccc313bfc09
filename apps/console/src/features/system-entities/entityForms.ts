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
  return mergeErrors(form.inventoryId == null ? { inventoryId: VALIDATION.required } : {}, schema);
}

// ── inventories ──────────────────────────────────────────────────────────────────────────────────

export type InventoryForm = ReturnType<typeof inventoryForm>;

export function inventoryForm(inventory: AdminInventory | null) {
  return {
    name: inventory?.name ?? '',
    region: inventory?.region ?? '',
    parentId: inventory?.parentId ?? null,
    /** The parent's name as read (shown before the inventory search answers; not sent). */
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

export type GroupForm = ReturnType<typeof groupForm>;

const NO_AUTO: GroupAutoAssociation = { units: false, channels: false, vrChannels: false, users: false };

export function groupForm(group: GroupDetail | null) {
  return {
    name: group?.name ?? '',
    inventoryId: group?.inventoryId ?? null,
    /** The inventory's name as read (shown before the inventory search answers; not sent). */
    inventoryName: group?.inventoryName ?? null,
    autoAssociation: group?.autoAssociation ?? NO_AUTO,
  };
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

export type UnitForm = ReturnType<typeof unitForm>;

export function unitForm(unit: UnitDetail | null) {
  const ownership = unit && OWNERSHIPS.has(unit.ownership) ? (unit.ownership as Ownership) : null;
  /** The type group, product type, serial number and inventory: only for a new unit (registration). */
  const registration = { typeGroup: 'fieldUnits' as CreateAdminUnitBody['typeGroup'], productType: '', serialNumber: '', inventoryId: null as string | null };
  return { ...registration, name: unit?.name ?? '', comment: unit?.comment ?? '', ownership };
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
