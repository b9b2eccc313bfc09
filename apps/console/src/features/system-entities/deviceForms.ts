/**
 * The forms of the server and databridge gateway modals of /system_entities: values from the
 * entity, the request body the admin call takes, and the form's own check before sending — the
 * call's body schema in the spec's words (spec 001 §5 names, genlock offset -511..511, webrtc port
 * 1-65353, port 1-65535). The core checks the same again and its 400 field messages show in the
 * same places. Numbers are typed as text: an empty one is "not set".
 */
import { CreateAdminServerBody, CreateDbGatewayBody, UpdateAdminServerBody, UpdateDbGatewayBody } from '@fleet/contracts';
import type { AdminDbGateway, ServerDetail, ServerType } from '@fleet/contracts';
import { checkSchema, type FieldErrors } from '../../lib/forms/fieldErrors';
import { schemaCheck, type Field } from '../../kit/formRules';
import type { SystemEntitiesKind } from './entityPage';

/** The server type each server kind of /system_entities lists. */
export const SERVER_KIND_TYPES = {
  mmh_servers: 'mmh_server',
  vr_servers: 'vr_server',
  ingest_servers: 'ingest_server',
  transceiver_servers: 'transceiver_server',
} as const satisfies Partial<Record<SystemEntitiesKind, ServerType>>;

export type ServerKind = keyof typeof SERVER_KIND_TYPES;

export function isServerKind(kind: string): kind is ServerKind {
  return Object.hasOwn(SERVER_KIND_TYPES, kind);
}

/** Text of a number field → the number, null when empty; not a number stays NaN (the schema names it). */
export function numberOrNull(text: string): number | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : Number(trimmed);
}

const textOf = (n: number | null) => (n === null ? '' : String(n));
const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

// ── servers ──────────────────────────────────────────────────────────────────────────────────────

export type ServerForm = ReturnType<typeof serverForm>;

export function serverForm(server: ServerDetail | null) {
  return {
    name: server?.name ?? '',
    serial: server?.serial ?? '',
    alias: server?.alias ?? '',
    productType: server?.productType ?? '',
    swVersion: server?.swVersion ?? '',
    inventoryId: server?.inventoryId ?? null,
    ifbMode: server?.ifbMode ?? null,
    maxChannels: String(server?.maxChannels ?? 0),
    webrtcPort: textOf(server?.webrtcPort ?? null),
    publishingMode: server?.publishingMode ?? 'automatic',
    genlockOffset: textOf(server?.genlockOffset ?? null),
    cloudRegion: server?.cloudRegion ?? '',
    cloudInstance: server?.cloudInstance ?? '',
    cloudProvider: server?.cloudProvider ?? '',
  };
}

/** The fields both calls take (the IFB mode only on multimedia hubs). */
function serverFields(form: ServerForm, serverType: ServerType) {
  return {
    name: form.name.trim(),
    serial: form.serial.trim(),
    alias: form.alias.trim(),
    productType: form.productType.trim(),
    swVersion: form.swVersion.trim(),
    inventoryId: form.inventoryId,
    ifbMode: serverType === 'mmh_server' ? form.ifbMode : null,
    maxChannels: numberOrNull(form.maxChannels) ?? 0,
    webrtcPort: numberOrNull(form.webrtcPort),
    publishingMode: form.publishingMode,
    genlockOffset: numberOrNull(form.genlockOffset),
    cloudRegion: orNull(form.cloudRegion),
    cloudInstance: orNull(form.cloudInstance),
    cloudProvider: orNull(form.cloudProvider),
  };
}

export function serverCreateBody(form: ServerForm, serverType: ServerType): CreateAdminServerBody {
  return { serverType, ...serverFields(form, serverType) };
}

export function serverUpdateBody(form: ServerForm, serverType: ServerType, version: number): UpdateAdminServerBody {
  return { ...serverFields(form, serverType), version };
}

export function checkServer(isNew: boolean, serverType: ServerType): (form: ServerForm) => FieldErrors {
  return (form) =>
    isNew ? checkSchema(CreateAdminServerBody, serverCreateBody(form, serverType)) : checkSchema(UpdateAdminServerBody, serverUpdateBody(form, serverType, 0));
}

// ── databridge gateways ──────────────────────────────────────────────────────────────────────────

export type DbGatewayForm = ReturnType<typeof dbGatewayForm>;

export function dbGatewayForm(gateway: AdminDbGateway | null) {
  return { name: gateway?.name ?? '', host: gateway?.host ?? '', port: textOf(gateway?.port ?? null), inventoryId: gateway?.inventoryId ?? null };
}

export function dbGatewayCreateBody(form: DbGatewayForm): CreateDbGatewayBody {
  // An empty port is not a number: the schema words it "Numeric value is required".
  return { name: form.name.trim(), host: form.host.trim(), port: numberOrNull(form.port) ?? Number.NaN, inventoryId: form.inventoryId };
}

export function dbGatewayUpdateBody(form: DbGatewayForm, version: number): UpdateDbGatewayBody {
  return { ...dbGatewayCreateBody(form), version };
}

export const DB_GATEWAY_FIELDS: readonly Field<DbGatewayForm>[] = [
  { name: 'name', kind: 'text', label: 'systemDevices.dbGateways.name', required: true },
  { name: 'host', kind: 'text', label: 'systemDevices.dbGateways.host', required: true },
  { name: 'port', kind: 'number', label: 'systemDevices.dbGateways.port', required: true },
  { name: 'inventoryId', kind: 'inventory', label: 'systemDevices.dbGateways.inventory', clearable: true },
];

/** The gateway form's rules: the required fields, then the create call's schema (the spec's messages). */
export const checkDbGateway = schemaCheck(DB_GATEWAY_FIELDS, CreateDbGatewayBody, dbGatewayCreateBody);
