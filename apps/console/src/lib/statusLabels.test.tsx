/**
 * One label per status family, in the user's language: the admin units page shows
 * `storeandforward` as "Store & Forward" (never the code), a channel's and a server's statuses by
 * their labels, and a code this console does not know as it came.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { FakeApi } from '../test-utils/fakeApi';
import { adminUnitRow, makeAdminUnit } from '../test-utils/fixtures';
import { renderWithApp } from '../test-utils/render';
import UnitsEntity from '../features/system-entities/UnitsEntity';
import { useTranslation } from 'react-i18next';
import { channelStatusLabel, modemNameLabel, serverStatusLabel, tallyLabel, unitStatusLabel, vrChannelStatusLabel } from './statusLabels';

describe('status labels', () => {
  it('take each family’s code to its own label key and leave an unknown code as it came', () => {
    // The key itself stands for the translation here; the pages below show the texts.
    const t = ((key: string) => `«${key}»`) as unknown as TFunction;
    expect(unitStatusLabel(t, 'storeandforward')).toBe('«units.status.storeandforward»');
    expect(channelStatusLabel(t, 'collecting')).toBe('«channels.status.collecting»');
    expect(serverStatusLabel(t, 'busy')).toBe('«devices.status.busy»');
    expect(vrChannelStatusLabel(t, 'inputConnected')).toBe('«videoReturn.status.inputConnected»');
    expect(unitStatusLabel(t, 'someNewCode')).toBe('someNewCode');
    expect(channelStatusLabel(t, 'storeandforward')).toBe('storeandforward');
  });

  it('translate the tally and the names units give their links by default, and leave other values as they came', async () => {
    function Labels() {
      const { t } = useTranslation();
      const values = [
        tallyLabel(t, 'program'),
        tallyLabel(t, 'Preview'),
        tallyLabel(t, 'isolated'),
        modemNameLabel(t, { name: 'Modem 3', uiType: 'cell' }),
        modemNameLabel(t, { name: 'Ethernet', uiType: 'lan' }),
        modemNameLabel(t, { name: 'Roof antenna', uiType: 'cell' }),
      ];
      return <div data-testid="labels">{values.join('|')}</div>;
    }
    await renderWithApp(<Labels />, { language: 'zh' });
    expect(screen.getByTestId('labels')).toHaveTextContent('节目（PGM）|预览（PVW）|isolated|调制解调器 3|以太网|Roof antenna');
  });

  it('show the admin units page’s statuses by label, not as codes', async () => {
    const unit = makeAdminUnit({ uniqueId: 'LU-1', name: 'Crew_1', status: 'storeandforward' });
    const api = new FakeApi().on('searchAdminUnits', ({ query }) => ({ items: [adminUnitRow(unit)], total: 1, offset: query.offset, limit: query.limit }));
    await renderWithApp(<UnitsEntity kind="units" />, { roles: ['super_user'], route: '/system_entities/units', api });
    const row = await screen.findByTestId('units-row-LU-1');
    expect(within(row).getByText('Store & Forward')).toBeVisible();
    expect(row).not.toHaveTextContent('storeandforward');
  });

  it('show them in Chinese for a Chinese user', async () => {
    const unit = makeAdminUnit({ uniqueId: 'LU-1', name: 'Crew_1', status: 'storeandforward' });
    const api = new FakeApi().on('searchAdminUnits', ({ query }) => ({ items: [adminUnitRow(unit)], total: 1, offset: query.offset, limit: query.limit }));
    await renderWithApp(<UnitsEntity kind="units" />, { roles: ['super_user'], route: '/system_entities/units', api, language: 'zh' });
    const row = await screen.findByTestId('units-row-LU-1');
    expect(row).not.toHaveTextContent('storeandforward');
    expect(row).not.toHaveTextContent('Store & Forward');
  });
});
