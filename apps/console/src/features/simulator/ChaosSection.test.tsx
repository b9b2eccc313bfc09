import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChaosCall, ChaosRule } from '@fleet/contracts';
import { FakeApi } from '../../test-utils/fakeApi';
import { renderWithApp } from '../../test-utils/render';
import { answered, ControlPlane } from '../../test-utils/controlPlane';
import { ChaosSection } from './ChaosSection';
import { mockTrpcUrl } from './trpc';

const CALLS: ChaosCall[] = [
  { id: 'fetchDevices', method: 'GET', path: '/devices/fetch', statuses: [400, 401, 403, 429, 431, 500] },
  { id: 'getUnit', method: 'GET', path: '/v2/units/{id}', statuses: [400, 401, 403, 404, 429, 431, 500] },
];

/** A fake mock holding chaos rules: add, remove and clear change them, as the core would. */
function core(initial: ChaosRule[] = []) {
  let rules = [...initial];
  const added: unknown[] = [];
  const api = new FakeApi()
    .onRaw('GET', `${mockTrpcUrl()}/chaos.list`, () => answered(rules))
    .onRaw('GET', `${mockTrpcUrl()}/chaos.calls`, () => answered(CALLS))
    .onRaw('POST', `${mockTrpcUrl()}/chaos.add`, ({ body }) => {
      added.push(body);
      const rule = {
        ...(body as object),
        id: `r${rules.length + 1}`,
        seed: 7,
        hits: 0,
        createdAt: 0,
        createdBy: 'super_user',
        endsAt: null,
        active: true,
      } as ChaosRule;
      rules = [...rules, rule];
      return answered(rule);
    })
    .onRaw('POST', `${mockTrpcUrl()}/chaos.remove`, ({ body }) => {
      rules = rules.filter((r) => r.id !== (body as { id: string }).id);
      return answered({ removed: true });
    })
    .onRaw('POST', `${mockTrpcUrl()}/chaos.clear`, () => {
      const removed = rules.length;
      rules = [];
      return answered({ removed });
    });
  return { api, added };
}

const spent: ChaosRule = {
  id: 'r1',
  surface: 'http',
  match: { callId: 'fetchDevices' },
  effect: { kind: 'error', status: 500 },
  times: 2,
  seed: 11,
  hits: 2,
  createdAt: 0,
  createdBy: 'qa',
  endsAt: null,
  active: false,
};

describe('Simulator panel: chaos rules', () => {
  it('adds an error rule on a path for a count of hits, and lists it with its hits', async () => {
    const { api, added } = core();
    const { user } = await renderWithApp(
      <ControlPlane>
        <ChaosSection />
      </ControlPlane>,
      { roles: ['super_user'], api },
    );
    await screen.findByTestId('chaos-empty');
    await user.click(screen.getByTestId('chaos-form-path'));
    await user.paste('/devices/*');
    await user.click(screen.getByRole('radio', { name: 'Answer an error' }));
    await user.selectOptions(screen.getByTestId('chaos-form-status'), '429');
    await user.selectOptions(screen.getByTestId('chaos-form-limit'), 'times');
    await user.click(screen.getByTestId('chaos-form-add'));
    await waitFor(() => expect(added).toEqual([{ surface: 'http', match: { path: '/devices/*' }, effect: { kind: 'error', status: 429 }, times: 3 }]));
    const row = await screen.findByTestId('chaos-rule-r1');
    expect(row).toHaveTextContent('/devices/*');
    expect(row).toHaveTextContent('Error 429');
    expect(row).toHaveTextContent('First 3');
    expect(screen.getByTestId('chaos-rule-hits-r1')).toHaveTextContent('0');
  });

  it('refuses on the field what the contract refuses, before sending', async () => {
    const { api, added } = core();
    const { user } = await renderWithApp(
      <ControlPlane>
        <ChaosSection />
      </ControlPlane>,
      { roles: ['super_user'], api },
    );
    await screen.findByTestId('chaos-empty');
    await user.selectOptions(screen.getByTestId('chaos-form-distribution'), 'uniform');
    // From 500 ms to 1 ms: upside down.
    await user.clear(screen.getByTestId('chaos-form-maxMs'));
    await user.type(screen.getByTestId('chaos-form-maxMs'), '1');
    await user.click(screen.getByTestId('chaos-form-add'));
    expect(await screen.findByText('Not a valid value here')).toBeInTheDocument();
    expect(added).toEqual([]);
  });

  it('adds a contract drift rule on every call with its modes, strict switch and rate, and lists it in words', async () => {
    const { api, added } = core();
    const { user } = await renderWithApp(
      <ControlPlane>
        <ChaosSection />
      </ControlPlane>,
      { roles: ['super_user'], api },
    );
    await screen.findByTestId('chaos-empty');
    await user.click(screen.getByRole('radio', { name: 'Every call' }));
    expect(screen.queryByTestId('chaos-form-path')).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Contract drift' }));
    // No mode: refused on the modes, nothing sent.
    await user.click(screen.getByRole('checkbox', { name: /Unknown fields/ }));
    await user.click(screen.getByRole('checkbox', { name: /Unknown enum values/ }));
    await user.click(screen.getByTestId('chaos-form-add'));
    expect(await screen.findByText('Choose at least one mode')).toBeInTheDocument();
    expect(added).toEqual([]);
    await user.click(screen.getByRole('checkbox', { name: /Long text/ }));
    await user.click(screen.getByRole('checkbox', { name: /Empty lists/ }));
    await user.click(screen.getByRole('switch', { name: /Break required fields too/ }));
    await user.clear(screen.getByTestId('chaos-form-driftRate'));
    await user.paste('0.5');
    await user.click(screen.getByTestId('chaos-form-add'));
    await waitFor(() =>
      expect(added).toEqual([{ surface: 'http', match: {}, effect: { kind: 'drift', modes: ['longStrings', 'emptyLists'], strict: true, rate: 0.5 } }]),
    );
    const row = await screen.findByTestId('chaos-rule-r1');
    expect(row).toHaveTextContent('Every call');
    expect(row).toHaveTextContent('Drift: Long text, Empty lists (50 % of places) · breaks required fields');
    // Many steps: room for a busy machine.
  }, 20_000);

  it('adds a /ws stall, shows spent rules as such, removes one and clears all (in Chinese too)', async () => {
    const { api, added } = core([spent]);
    const { user } = await renderWithApp(
      <ControlPlane>
        <ChaosSection />
      </ControlPlane>,
      { roles: ['super_user'], api, language: 'zh' },
    );
    const row = await screen.findByTestId('chaos-rule-r1');
    expect(row).toHaveAttribute('data-state', 'spent');
    expect(row).toHaveTextContent('已用完');
    await user.click(screen.getByRole('radio', { name: '实时连接 (/ws)' }));
    await user.click(screen.getByTestId('chaos-form-user'));
    await user.paste('luc_regular');
    await user.click(screen.getByTestId('chaos-form-add'));
    await waitFor(() => expect(added).toEqual([{ surface: 'ws', match: { user: 'luc_regular' }, effect: { kind: 'stall', ms: 30000 } }]));
    expect(await screen.findByTestId('chaos-rule-r2')).toHaveTextContent('暂停 30000 毫秒');
    await user.click(screen.getByTestId('chaos-rule-remove-r1'));
    await waitFor(() => expect(screen.queryByTestId('chaos-rule-r1')).toBeNull());
    await user.click(screen.getByTestId('chaos-clear'));
    expect(await screen.findByTestId('chaos-empty')).toBeInTheDocument();
  });
});
