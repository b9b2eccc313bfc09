/** The settings forms' logic: list paging and sort, and what each form sends and refuses (in the spec's words). */
import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import { nextListSort } from '../../components/listSort';
import { linesOf, listQuery } from './settingParts';
import { entryErrors, parseJsonValue } from './ApplicationConfigurationSetting';
import { credentialBody } from './AiSettingsSetting';
import { organisationBody } from './OrganisationsSetting';

describe('settings list', () => {
  it('pages from the view (50 a page), sends the search only when there is one and a sort key the call takes, and flips the sort of the same column', () => {
    const view = { searchKey: '', searchValue: '  quec ', sortBy: 'name', sortDir: 'asc' as const, page: 3 };
    expect(listQuery(['name', 'createdAt'])(view)).toEqual({ query: { offset: 100, limit: 50, sortBy: 'name', sortDir: 'asc', searchValue: 'quec' } });
    expect(listQuery(['key'])({ ...view, searchValue: ' ', sortBy: 'name' }).query).toEqual({ offset: 100, limit: 50, sortDir: 'asc' });
    const desc = nextListSort(view, 'name');
    expect(desc).toMatchObject({ sortBy: 'name', sortDir: 'desc', page: 1 });
    expect(nextListSort(desc, 'createdAt')).toMatchObject({ sortBy: 'createdAt', sortDir: 'asc' });
  });
});

describe('settings forms', () => {
  it('application configuration: text that is not JSON is "Invalid field" on the value; a bad key matches no pattern', () => {
    expect(parseJsonValue('{"a": 1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseJsonValue('{a: 1}')).toEqual({ ok: false });
    expect(entryErrors({ key: 'chat', value: '{a', description: '' })).toEqual({ value: VALIDATION.invalidField });
    expect(entryErrors({ key: '1bad key', value: '{}', description: '' })).toEqual({ key: VALIDATION.mustMatchPattern });
    expect(entryErrors({ key: 'good.key', value: '[1, 2]', description: '' })).toEqual({});
  });

  it('AI settings: a stored field left empty is sent without a value (the core keeps it); a typed one replaces it', () => {
    const body = credentialBody({
      name: ' Vision ',
      provider: 'openai',
      inventoryId: null,
      active: true,
      fields: [
        { name: 'apiKey', secret: true, value: '', stored: true },
        { name: 'org', secret: false, value: 'acme', stored: true },
        { name: 'token', secret: true, value: '', stored: false },
      ],
    });
    expect(body.name).toBe('Vision');
    expect(body.fields).toEqual([
      { name: 'apiKey', secret: true },
      { name: 'org', secret: false, value: 'acme' },
      { name: 'token', secret: true, value: '' },
    ]);
  });

  it('organisation: a blank external UID is none; an emptied max users is left out (the stored value stays)', () => {
    expect(organisationBody({ name: 'Org', externalUid: '  ', defaultRole: 'luc_admin', maxUsers: '7' })).toEqual({
      name: 'Org',
      externalUid: null,
      defaultRole: 'luc_admin',
      maxUsers: 7,
    });
    expect(organisationBody({ name: 'Org', externalUid: 'x', defaultRole: 'luc_admin', maxUsers: ' ' })).not.toHaveProperty('maxUsers');
  });

  it('redirect URIs are one per line, blank lines dropped', () => {
    expect(linesOf('https://a.example.com\n\n  https://b.example.com  \n')).toEqual(['https://a.example.com', 'https://b.example.com']);
  });
});
