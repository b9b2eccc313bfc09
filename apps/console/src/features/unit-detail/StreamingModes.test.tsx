/**
 * The unit detail's header shows the unit's streaming modes (spec 000 §9 / 001 §9: lrt, bonding,
 * cloud): those whose service the unit has enabled (001 §3 Services; 000 §6 "enabled when its status
 * is ENABLED"), in English and Chinese.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UnitDetail } from '@fleet/contracts';
import { FakeApi } from '../../test-utils/fakeApi';
import { makeDetail, makeUnitConfiguration } from '../../test-utils/fixtures';
import { renderWithApp } from '../../test-utils/render';
import { streamingModesOf } from './detailRules';
import UnitDetailPanel from './UnitDetailPanel';

const UNIT = 'LU800-0001';

async function openWith(services: UnitDetail['services'], language: 'en' | 'zh' = 'en') {
  const unit = makeDetail({ uniqueId: UNIT, services });
  const api = new FakeApi()
    .on('getUnit', unit)
    .on('getUnitEnhanced', { ...unit, configuration: makeUnitConfiguration({ unitUniqueId: UNIT }), refreshIntervalMs: 60_000 })
    .on('getDeviceLocation', { uniqueId: UNIT, location: null, live: false });
  await renderWithApp(<UnitDetailPanel unitId={UNIT} onClose={() => undefined} />, { roles: ['luc_read'], route: `/list?unit=${UNIT}`, api, language });
  return screen.findByTestId('unit-detail-streaming-modes');
}

describe('Unit detail: the streaming modes', () => {
  it('shows the enabled ones of lrt, bonding and cloud, not a disabled one nor other services', async () => {
    const modes = await openWith([
      { serviceName: 'cloud', serviceStatus: 'DISABLED' },
      { serviceName: 'bonding', serviceStatus: 'ENABLED' },
      { serviceName: 'video', serviceStatus: 'ENABLED' },
      { serviceName: 'lrt', serviceStatus: 'ENABLED' },
    ]);
    expect(modes).toHaveAttribute('data-modes', 'lrt bonding');
    expect(modes).toHaveTextContent('LRTBonding');
    expect(modes).not.toHaveTextContent('Cloud');
  });

  it('says when none is enabled, in Chinese too', async () => {
    const modes = await openWith([{ serviceName: 'video', serviceStatus: 'ENABLED' }], 'zh');
    expect(modes).toHaveAttribute('data-modes', '');
    expect(modes).toHaveTextContent('未启用');
  });

  it('keeps the spec order whatever the services order', () => {
    expect(
      streamingModesOf([
        { serviceName: 'cloud', serviceStatus: 'enabled' },
        { serviceName: 'lrt', serviceStatus: 'ENABLED' },
      ]),
    ).toEqual(['lrt', 'cloud']);
  });
});
