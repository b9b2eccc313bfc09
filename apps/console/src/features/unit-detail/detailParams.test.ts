import { describe, expect, it } from 'vitest';
import { readConfig, readDialog, readTab, withParam } from './detailParams';

describe('unit detail URL params', () => {
  it('reads the tab, defaulting to Camera for a missing or unknown value', () => {
    expect(readTab(new URLSearchParams('unit=LU800-0001'))).toBe('camera');
    expect(readTab(new URLSearchParams('tab=intercom'))).toBe('intercom');
    expect(readTab(new URLSearchParams('tab=nonsense'))).toBe('camera');
  });

  it('reads the dialog only when it names one of the unit dialogs', () => {
    expect(readDialog(new URLSearchParams('dialog=speedTest'))).toBe('speedTest');
    expect(readDialog(new URLSearchParams('dialog=other'))).toBeNull();
    expect(readDialog(new URLSearchParams(''))).toBeNull();
  });

  it('treats any config value, even empty, as an open configuration modal', () => {
    expect(readConfig(new URLSearchParams('config=network'))).toBe('network');
    expect(readConfig(new URLSearchParams('config='))).toBe('');
    expect(readConfig(new URLSearchParams('unit=x'))).toBeNull();
  });

  it('sets and clears one param and keeps the others', () => {
    const params = new URLSearchParams('unit=LU800-0001&status=idle');
    const opened = withParam(params, 'tab', 'xtend');
    expect(opened.toString()).toBe('unit=LU800-0001&status=idle&tab=xtend');
    expect(withParam(opened, 'tab', null).toString()).toBe('unit=LU800-0001&status=idle');
    expect(params.toString()).toBe('unit=LU800-0001&status=idle');
  });
});
