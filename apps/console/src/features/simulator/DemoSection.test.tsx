import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DemoPresetName } from '@fleet/contracts';
import { FakeApi } from '../../test-utils/fakeApi';
import { renderWithApp } from '../../test-utils/render';
import { answered, ControlPlane, refused } from '../../test-utils/controlPlane';
import { DemoSection } from './DemoSection';
import { mockTrpcUrl } from './trpc';

/** A fake core whose demo runs `preset` until demo.set changes it; the inputs of demo.set are kept. */
function core(preset: DemoPresetName | null) {
  const sets: unknown[] = [];
  let running = preset;
  const api = new FakeApi()
    .onRaw('GET', `${mockTrpcUrl()}/demo.status`, () => answered({ preset: running }))
    .onRaw('POST', `${mockTrpcUrl()}/demo.set`, ({ body }) => {
      sets.push(body);
      running = (body as { preset: DemoPresetName }).preset;
      return answered({ preset: running, shards: 1 });
    });
  return { api, sets };
}

describe('Simulator panel: demo presets', () => {
  it('shows the preset running, switches to another and resets the one running', async () => {
    const { api, sets } = core('lively');
    const { user } = await renderWithApp(
      <ControlPlane>
        <DemoSection />
      </ControlPlane>,
      { roles: ['super_user'], api },
    );
    expect(await screen.findByTestId('simulator-demo-current')).toHaveTextContent('Running: Lively');
    // Switching to what runs is no switch.
    expect(screen.getByTestId('simulator-demo-switch')).toBeDisabled();

    await user.selectOptions(screen.getByTestId('simulator-demo-preset'), 'breaking-news');
    expect(screen.getByTestId('simulator-demo-description')).toHaveTextContent('Crews converge on one place');
    await user.click(screen.getByTestId('simulator-demo-switch'));
    await waitFor(() => expect(screen.getByTestId('simulator-demo-current')).toHaveTextContent('Running: Breaking news'));
    expect(await screen.findByText('The demo runs Breaking news from its start.')).toBeInTheDocument();

    await user.click(screen.getByTestId('simulator-demo-reset'));
    await waitFor(() => expect(sets).toEqual([{ preset: 'breaking-news' }, { preset: 'breaking-news' }]));
  });

  it('has nothing to reset when no preset runs, and shows a refusal in the core’s words, in Chinese too', async () => {
    const { api } = core(null);
    api.onRaw('POST', `${mockTrpcUrl()}/demo.set`, () => refused(403, 'FORBIDDEN', 'Not available for your user type'));
    const { user } = await renderWithApp(
      <ControlPlane>
        <DemoSection />
      </ControlPlane>,
      { roles: ['super_user'], api, language: 'zh' },
    );
    expect(await screen.findByTestId('simulator-demo-current')).toHaveTextContent('没有运行演示预设');
    expect(screen.getByTestId('simulator-demo-reset')).toBeDisabled();
    await user.click(screen.getByTestId('simulator-demo-switch'));
    expect(await screen.findByTestId('simulator-demo-set-error')).toHaveTextContent('Not available for your user type');
  });
});
