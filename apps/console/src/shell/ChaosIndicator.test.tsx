import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChaosRule } from '@fleet/contracts';
import { mockTrpcUrl } from '../features/simulator/trpc';
import { FakeApi } from '../test-utils/fakeApi';
import { answered } from '../test-utils/controlPlane';
import { renderWithApp } from '../test-utils/render';
import { ChaosIndicator } from './ChaosIndicator';

const rule = (id: string, active: boolean) =>
  ({ id, surface: 'ws', match: {}, effect: { kind: 'cut' }, seed: 1, hits: 0, createdAt: 0, createdBy: 'qa', endsAt: null, active }) as ChaosRule;

function mockWithRules(rules: ChaosRule[]): FakeApi {
  return new FakeApi()
    .onRaw('GET', `${mockTrpcUrl()}/capabilities`, () => answered({ mock: true, controlPlane: ['chaos.list'] }))
    .onRaw('GET', `${mockTrpcUrl()}/chaos.list`, () => answered(rules));
}

describe('the header’s chaos warning', () => {
  it('counts the rules still applying and links staff to the panel’s Chaos section', async () => {
    await renderWithApp(<ChaosIndicator roles={['super_user']} />, { api: mockWithRules([rule('r1', true), rule('r2', true), rule('r3', false)]) });
    const pill = await screen.findByTestId('chaos-indicator');
    expect(pill).toHaveAttribute('data-count', '2');
    expect(pill).toHaveTextContent('Chaos: 2 rules');
    expect(pill).toHaveAttribute('href', '/simulator#chaos');
  });

  it('warns an operator too, without a link to a panel they cannot open', async () => {
    await renderWithApp(<ChaosIndicator roles={['luc_regular']} />, { api: mockWithRules([rule('r1', true)]), language: 'zh' });
    const pill = await screen.findByTestId('chaos-indicator');
    expect(pill).toHaveTextContent('混沌：1 条规则');
    expect(pill).not.toHaveAttribute('href');
  });

  it('shows nothing without an active rule, nor against a real core', async () => {
    const spent = await renderWithApp(<ChaosIndicator roles={['super_user']} />, { api: mockWithRules([rule('r1', false)]) });
    await spent.settled();
    expect(screen.queryByTestId('chaos-indicator')).toBeNull();
    spent.unmount();
    const real = await renderWithApp(<ChaosIndicator roles={['super_user']} />, { api: new FakeApi() });
    await real.settled();
    expect(screen.queryByTestId('chaos-indicator')).toBeNull();
  });
});
