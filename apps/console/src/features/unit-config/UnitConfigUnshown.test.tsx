/**
 * A configuration card refused by the core on a field it does not render: the refusal shows once,
 * at the card's level and named; a refusal of a field the card renders shows on that field only.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import { FakeApi, fieldErrors } from '../../test-utils/fakeApi';
import { makeDetail, makeUnitAlertsConfiguration, makeUnitConfiguration } from '../../test-utils/fixtures';
import { fill, renderWithApp } from '../../test-utils/render';
import UnitConfigModal from './UnitConfigModal';

const UNIT = 'LU800-0001';

function core(): FakeApi {
  return new FakeApi()
    .on('getUnitConfigurationV2', makeUnitConfiguration())
    .on('getUnit', makeDetail({ uniqueId: UNIT }))
    .on('getUnitAlertsConfiguration', makeUnitAlertsConfiguration())
    .on('getUnitGroups', []);
}

async function openNetwork(api: FakeApi) {
  const rendered = await renderWithApp(<UnitConfigModal unitId={UNIT} opened onClose={() => undefined} />, {
    roles: ['luc_regular'],
    route: `/list?unit=${UNIT}&config=network`,
    api,
  });
  expect(await screen.findByTestId('config-panel-network')).toBeVisible();
  await fill(rendered.user, screen.getByTestId('config-fixedDelay-delayMs'), '500');
  await rendered.user.click(screen.getByTestId('config-apply-fixedDelay'));
  await waitFor(() => expect(api.calls('updateUnitFixedInternetDelay')).toHaveLength(1));
  return rendered;
}

describe('unit configuration: a refusal on a field the card does not show', () => {
  it('shows at the card’s level, named, once', async () => {
    const api = core().on('updateUnitFixedInternetDelay', fieldErrors([{ path: 'body.interfaceId', message: VALIDATION.required }]));
    await openNetwork(api);
    const card = screen.getByTestId('config-form-fixedDelay');
    const unshown = await within(card).findByTestId('config-unshown-fixedDelay');
    expect(unshown).toHaveTextContent('interface id: This field is required');
    expect(within(card).getAllByText(/This field is required/)).toHaveLength(1);
    // Not also as the card's failure (the one message is the field's).
    expect(within(card).queryByTestId('config-failure-fixedDelay')).not.toBeInTheDocument();
  });

  it('a refusal of the field it shows stays on that field, not at the card’s level', async () => {
    const api = core().on('updateUnitFixedInternetDelay', fieldErrors([{ path: 'body.delayMs', message: VALIDATION.required }]));
    await openNetwork(api);
    const card = screen.getByTestId('config-form-fixedDelay');
    expect(await within(card).findByTestId('config-error-fixedDelay.delayMs')).toHaveTextContent('This field is required');
    expect(within(card).queryByTestId('config-unshown-fixedDelay')).not.toBeInTheDocument();
    expect(within(card).getAllByText(/This field is required/)).toHaveLength(1);
  });
});
