import { describe, expect, it } from 'vitest';
import { aiCredentialFields, modemModels, stringList } from './settings-columns.js';

describe('the platform settings’ JSON columns', () => {
  it('modem models keep only named entries, by name alone', () => {
    expect(modemModels.read([{ name: 'EM7455', extra: true }, { name: '' }, {}])).toEqual([{ name: 'EM7455' }]);
    expect(modemModels.read('EM7455')).toEqual([]);
  });

  it('client applications’ lists keep their strings', () => {
    expect(stringList.read(['https://a.example/cb', 3, 'openid'])).toEqual(['https://a.example/cb', 'openid']);
  });

  it('AI credentials count a field as secret unless told otherwise', () => {
    expect(aiCredentialFields.read([{ name: 'key', value: 's3cret' }, { name: 'region', secret: false, value: 'eu' }, { value: 'x' }])).toEqual([
      { name: 'key', secret: true, value: 's3cret' },
      { name: 'region', secret: false, value: 'eu' },
    ]);
  });
});
