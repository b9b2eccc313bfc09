/**
 * The forms of the inventory's tabs, declared as fields (kit/formRules.ts): the properties (spec 001
 * §3 Inventory: map view, reboot, vsim, social media, MJPEG preview), the ingest account's
 * configuration, its password (001 §5 new password, entered twice) and its XSLT document (any file but
 * .xsl / .xslt: "File type not supported"). Each form's rules are its call's body schema, so its messages are the
 * core's; the core checks the same again (and the XSLT's content for what may not run on an ingest
 * server) and its field messages show in the same places. Pure; no React here.
 */
import { IngestPasswordBody, IngestXsltBody, UpdateIngestAccountBody, UpdateInventoryPropertiesBody } from '@fleet/contracts';
import type { IngestAccount, InventoryProperties } from '@fleet/contracts';
import { numberOf, schemaCheck, type Field } from '../../kit/formRules';

// ── properties ───────────────────────────────────────────────────────────────────────────────────

export type PropertiesForm = ReturnType<typeof propertiesForm>;

export const PROPERTY_FIELDS = (['mapView', 'reboot', 'vsim', 'socialMedia', 'mjpegPreview'] as const).map(
  (name): Field<PropertiesForm> => ({ name, kind: 'switch', label: `systemEntities.inventoryTabs.properties.${name}` }),
);

export function propertiesForm(p: InventoryProperties) {
  return { mapView: p.mapView, reboot: p.reboot, vsim: p.vsim, socialMedia: p.socialMedia, mjpegPreview: p.mjpegPreview };
}

/** Every flag, with the version read (the core refuses the save when the inventory changed since). */
export function propertiesBody(form: PropertiesForm, version: number): UpdateInventoryPropertiesBody {
  return { ...form, version };
}

export const checkProperties = schemaCheck(PROPERTY_FIELDS, UpdateInventoryPropertiesBody, (form: PropertiesForm) => propertiesBody(form, 0));

// ── ingest account: configuration ────────────────────────────────────────────────────────────────

export type IngestConfigForm = ReturnType<typeof ingestConfigForm>;

export const INGEST_CONFIG_FIELDS: readonly Field<IngestConfigForm>[] = [
  { name: 'username', kind: 'text', label: 'systemEntities.inventoryTabs.ingest.username', required: true },
  { name: 'enabled', kind: 'switch', label: 'systemEntities.inventoryTabs.ingest.enabled' },
  { name: 'host', kind: 'text', label: 'systemEntities.inventoryTabs.ingest.host' },
  { name: 'port', kind: 'number', label: 'systemEntities.inventoryTabs.ingest.port' },
  { name: 'path', kind: 'text', label: 'systemEntities.inventoryTabs.ingest.path' },
];

export function ingestConfigForm(account: IngestAccount) {
  const c = account.configuration;
  return { username: account.username, enabled: c.enabled, host: c.host ?? '', port: c.port == null ? '' : String(c.port), path: c.path };
}

/** The configuration as the call takes it: an empty host or port is "not set"; `version` 0 while there is no account (the save creates it). */
export function ingestConfigBody(form: IngestConfigForm, version: number): UpdateIngestAccountBody {
  const host = form.host.trim();
  return {
    username: form.username.trim(),
    enabled: form.enabled,
    host: host === '' ? null : host,
    port: form.port.trim() === '' ? null : numberOf(form.port),
    path: form.path.trim(),
    version,
  };
}

export const checkIngestConfig = schemaCheck(INGEST_CONFIG_FIELDS, UpdateIngestAccountBody, (form: IngestConfigForm) => ingestConfigBody(form, 0));

// ── ingest account: password ─────────────────────────────────────────────────────────────────────

export type IngestPasswordForm = typeof EMPTY_PASSWORD;

export const EMPTY_PASSWORD = { password: '', passwordConfirmation: '' };

export const INGEST_PASSWORD_FIELDS: readonly Field<IngestPasswordForm>[] = [
  { name: 'password', kind: 'password', label: 'systemEntities.inventoryTabs.ingest.password', required: true },
  { name: 'passwordConfirmation', kind: 'password', label: 'systemEntities.inventoryTabs.ingest.passwordConfirmation', required: true },
];

export function ingestPasswordBody(form: IngestPasswordForm): IngestPasswordBody {
  return { password: form.password, passwordConfirmation: form.passwordConfirmation };
}

export const checkIngestPassword = schemaCheck(INGEST_PASSWORD_FIELDS, IngestPasswordBody, ingestPasswordBody);

// ── ingest account: XSLT document ────────────────────────────────────────────────────────────────

export type XsltForm = typeof NO_XSLT;

/** The chosen file's name and text (empty until a file is chosen and read), and the account's password (the XSLT security check). */
export const NO_XSLT = { fileName: '', content: '', password: '' };

/** The file types the picker offers (the check does not rely on it: any file may be chosen). */
export const XSLT_ACCEPT = '.xsl,.xslt,application/xslt+xml,application/xml,text/xml';

export function xsltBody(form: XsltForm): IngestXsltBody {
  return { fileName: form.fileName, content: form.content, ...(form.password === '' ? {} : { password: form.password }) };
}

/** A file that is not .xsl / .xslt: "File type not supported" (VALIDATION.xsltOnly) on the file name, before its content is sent. */
export const checkXslt = schemaCheck<XsltForm>(
  [{ name: 'fileName', kind: 'text', label: 'systemEntities.inventoryTabs.ingest.xsltFile', required: true }],
  IngestXsltBody,
  xsltBody,
);
