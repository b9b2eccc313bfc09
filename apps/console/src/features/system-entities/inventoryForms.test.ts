import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import type { IngestAccount } from '@fleet/contracts';
import {
  checkIngestConfig,
  checkIngestPassword,
  checkProperties,
  checkXslt,
  ingestConfigBody,
  ingestConfigForm,
  propertiesBody,
  propertiesForm,
  xsltBody,
} from './inventoryForms';

const account = (over: Partial<IngestAccount> = {}): IngestAccount => ({
  inventoryId: 'inv-1',
  exists: true,
  username: 'ingest.news',
  hasPassword: false,
  hasXslt: false,
  xsltFileName: null,
  configuration: { enabled: true, host: 'ingest.test', port: 2121, path: '/drop' },
  version: 3,
  updatedAt: null,
  ...over,
});

describe('the properties form', () => {
  it('sends every flag with the version read', () => {
    const form = propertiesForm({ inventoryId: 'inv-1', mapView: true, reboot: false, vsim: false, socialMedia: true, mjpegPreview: false, version: 7 });
    expect(propertiesBody({ ...form, vsim: true }, 7)).toEqual({
      mapView: true,
      reboot: false,
      vsim: true,
      socialMedia: true,
      mjpegPreview: false,
      version: 7,
    });
    expect(checkProperties(form)).toEqual({});
  });
});

describe('the ingest account configuration form', () => {
  it('an empty host and port are "not set"; the port is a number', () => {
    const form = { ...ingestConfigForm(account()), host: ' ', port: '' };
    expect(ingestConfigBody(form, 3)).toEqual({ username: 'ingest.news', enabled: true, host: null, port: null, path: '/drop', version: 3 });
    expect(ingestConfigBody(ingestConfigForm(account()), 3).port).toBe(2121);
  });

  it('a username is required and follows the username rule; the port is 1-65535', () => {
    const form = ingestConfigForm(account({ exists: false, username: '' }));
    expect(checkIngestConfig(form).username).toBe(VALIDATION.required);
    expect(checkIngestConfig({ ...form, username: 'a b c' }).username).toBe(VALIDATION.mustMatchPattern);
    expect(checkIngestConfig({ ...form, username: 'ingest', port: '70000' }).port).toBe(VALIDATION.maxValue(65535));
    expect(checkIngestConfig({ ...form, username: 'ingest', port: '21' })).toEqual({});
  });
});

describe('the ingest account password form', () => {
  it("follows the users' password rule and wants the same password twice", () => {
    expect(checkIngestPassword({ password: 'short', passwordConfirmation: 'short' }).password).toBe(VALIDATION.passwordRule);
    expect(checkIngestPassword({ password: 'Ingest-2026', passwordConfirmation: 'Ingest-2025' }).passwordConfirmation).toBe(VALIDATION.passwordsMustMatch);
    expect(checkIngestPassword({ password: 'Ingest-2026', passwordConfirmation: 'Ingest-2026' })).toEqual({});
  });
});

describe('the XSLT document', () => {
  it('only an .xsl or .xslt file is accepted, by its name, before its content is sent', () => {
    expect(checkXslt({ fileName: 'metadata.xml', content: '<x/>', password: '' }).fileName).toBe(VALIDATION.xsltOnly);
    expect(checkXslt({ fileName: '', content: '', password: '' }).fileName).toBe(VALIDATION.required);
    expect(checkXslt({ fileName: 'Transform.XSLT', content: '<xsl:stylesheet/>', password: '' })).toEqual({});
  });

  it('sends the account password only when one is typed (the XSLT security check)', () => {
    expect(xsltBody({ fileName: 'a.xslt', content: '<x/>', password: '' })).toEqual({ fileName: 'a.xslt', content: '<x/>' });
    expect(xsltBody({ fileName: 'a.xslt', content: '<x/>', password: 'Ingest-2026' })).toEqual({
      fileName: 'a.xslt',
      content: '<x/>',
      password: 'Ingest-2026',
    });
  });
});
