import { describe, expect, it } from 'vitest';
import { CONFIG_PARAM, resolveTab, withTab } from './tabs';
import { settingRefetches } from './live';
import { canApply } from '../../kit/access';

describe('configuration tabs', () => {
  it('opens the URL tab, else the initial tab, else Connections', () => {
    expect(resolveTab('network', 'alerts')).toBe('network');
    expect(resolveTab('nonsense', 'alerts')).toBe('alerts');
    expect(resolveTab(null, undefined)).toBe('connections');
  });

  it('keeps the other URL parameters when the tab changes', () => {
    const next = withTab(new URLSearchParams('unit=LU800-0001&config=network'), 'ipInput');
    expect(next.get('unit')).toBe('LU800-0001');
    expect(next.get(CONFIG_PARAM)).toBe('ipInput');
  });
});

describe('who may apply', () => {
  it('shows Apply to regular users, not to read-only users', () => {
    expect(canApply(['luc_regular'], 'updateUnitDelay')).toBe(true);
    expect(canApply(['luc_read'], 'updateUnitDelay')).toBe(false);
  });

  it('keeps the admin-level bandwidth limits for administrators', () => {
    expect(canApply(['luc_regular'], 'updateUnitBwLimitation')).toBe(false);
    expect(canApply(['luc_admin'], 'updateUnitBwLimitation')).toBe(true);
    expect(canApply(['luc_admin'], 'updateUnitNetworkCapping')).toBe(true);
  });
});

describe('live configuration', () => {
  it('refetches the reads a setting feeds', () => {
    expect(settingRefetches('alerts')).toEqual(['getUnitAlertsConfiguration']);
    expect(settingRefetches('interfaces')).toEqual(['getUnitModemConfig']);
    expect(settingRefetches('delay')).toEqual([]);
  });
});
