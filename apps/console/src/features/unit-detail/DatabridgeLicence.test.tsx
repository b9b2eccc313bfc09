/**
 * Spec 000 §8 "Databridge license not enabled": the Databridge tab of a unit whose databridge
 * service is not enabled says so and offers no start; with the service enabled it offers the start.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UnitDetail } from '@fleet/contracts';
import { FakeApi } from '../../test-utils/fakeApi';
import { makeDetail, makeUnitConfiguration } from '../../test-utils/fixtures';
import { renderWithApp } from '../../test-utils/render';
import UnitDetailPanel from './UnitDetailPanel';

const UNIT = 'LU800-0001';

async function openDatabridge(services: UnitDetail['services']) {
  const unit = makeDetail({ uniqueId: UNIT, status: 'online', services, capabilities: { databridge: true } });
  const api = new FakeApi()
    .on('getUnit', unit)
    .on('getUnitEnhanced', { ...unit, configuration: makeUnitConfiguration({ unitUniqueId: UNIT }), refreshIntervalMs: 60_000 })
    .on('getUnitCapabilities', { capabilities: { databridge: true } })
    .on('getDeviceLocation', { uniqueId: UNIT, location: null, live: false });
  await renderWithApp(<UnitDetailPanel unitId={UNIT} onClose={() => undefined} />, { roles: ['luc_regular'], route: `/list?unit=${UNIT}&tab=databridge`, api });
  return screen.findByTestId('unit-detail-databridge');
}

describe('Unit detail, Databridge tab: the licence', () => {
  it('says the databridge licence is not enabled and blocks the start without the service', async () => {
    await openDatabridge([{ serviceName: 'databridge', serviceStatus: 'DISABLED' }]);
    expect(screen.getByTestId('unit-detail-databridge-licence')).toHaveTextContent('Databridge license not enabled');
    expect(screen.getByTestId('unit-detail-databridge-start')).toBeDisabled();
  });

  it('offers the start with the service enabled', async () => {
    await openDatabridge([{ serviceName: 'databridge', serviceStatus: 'ENABLED' }]);
    expect(screen.queryByTestId('unit-detail-databridge-licence')).not.toBeInTheDocument();
    expect(screen.getByTestId('unit-detail-databridge-start')).toBeEnabled();
  });
});
