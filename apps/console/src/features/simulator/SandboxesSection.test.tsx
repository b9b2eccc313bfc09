import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SandboxView } from '@fleet/contracts';
import { FakeApi } from '../../test-utils/fakeApi';
import { fill, renderWithApp, type AppRenderOptions } from '../../test-utils/render';
import { answered, ControlPlane, refused } from '../../test-utils/controlPlane';
import { SANDBOX_LIST_REFRESH_MS, SandboxesSection } from './SandboxesSection';
import { mockTrpcUrl } from './trpc';

const MIN = 60_000;

function sandbox(id: string, name: string, minutesLeft: number, more: Partial<SandboxView> = {}): SandboxView {
  const now = Date.now();
  return {
    id,
    name,
    base: `/sandboxes/${id}`,
    seed: 42,
    fleet: 'small',
    demo: 'off',
    clock: 'realtime',
    createdAt: new Date(now - 5 * MIN).toISOString(),
    expiresAt: new Date(now + minutesLeft * MIN - 5_000).toISOString(),
    ...more,
  };
}

const qa = sandbox('ab12cd34ef', 'QA run 42', 42, { seed: 7, fleet: 'medium', demo: 'breaking-news' });

/** A fake stack holding sandboxes: create and remove change them, as the stack would. */
function stack(initial: SandboxView[] = [qa]) {
  let sandboxes = [...initial];
  const created: unknown[] = [];
  const removed: unknown[] = [];
  let reads = 0;
  const api = new FakeApi()
    .onRaw('GET', `${mockTrpcUrl()}/sandbox.list`, () => {
      reads += 1;
      return answered(sandboxes);
    })
    .onRaw('POST', `${mockTrpcUrl()}/sandbox.create`, ({ body }) => {
      created.push(body);
      const input = body as { name?: string; ttlMinutes?: number; clock?: 'realtime' | 'stepped' };
      const made = sandbox('zz98yy76xx', input.name ?? 'Sandbox zz98yy76xx', input.ttlMinutes ?? 60, input.clock ? { clock: input.clock } : {});
      sandboxes = [...sandboxes, made];
      return answered(made);
    })
    .onRaw('POST', `${mockTrpcUrl()}/sandbox.remove`, ({ body }) => {
      removed.push(body);
      sandboxes = sandboxes.filter((s) => s.id !== (body as { id: string }).id);
      return answered({ removed: (body as { id: string }).id });
    });
  return { api, created, removed, reads: () => reads };
}

function renderSection(api: FakeApi, options: AppRenderOptions = {}) {
  return renderWithApp(
    <ControlPlane>
      <SandboxesSection />
    </ControlPlane>,
    { roles: ['staff'], api, realtime: false, ...options },
  );
}

describe('Simulator panel: sandboxes', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists each sandbox with its seed, fleet, preset, time left and age; Open is a link to its console in a new tab', async () => {
    const { api } = stack([qa, sandbox('ee55ff66gg', 'Demo Friday', 4)]);
    await renderSection(api);
    const row = await screen.findByTestId(`sandbox-row-${qa.id}`);
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 5)).toEqual([`QA run 42${qa.id}`, '7', 'Medium', 'Breaking news', '42 min']);
    expect(screen.getByTestId('sandbox-left-ee55ff66gg')).toHaveTextContent('4 min');
    const open = screen.getByTestId(`sandbox-open-${qa.id}`);
    expect(open).toHaveAttribute('href', '/sandboxes/ab12cd34ef/');
    expect(open).toHaveAttribute('target', '_blank');
    expect(open.getAttribute('rel')).toContain('noopener');
    expect(open).toHaveAccessibleName('Open the sandbox QA run 42 in a new tab');
  });

  it('copies the absolute link of a sandbox and says so', async () => {
    const { api } = stack();
    const { user } = await renderSection(api);
    await user.click(await screen.findByTestId(`sandbox-copy-${qa.id}`));
    const url = `${window.location.origin}/sandboxes/ab12cd34ef/`;
    expect(await navigator.clipboard.readText()).toBe(url);
    expect(await screen.findByTestId('toasts')).toHaveTextContent(`Link of “QA run 42” copied: ${url}`);
  });

  it('creates a sandbox on a stepped clock, and its row says so', async () => {
    const { api, created } = stack([]);
    const { user } = await renderSection(api);
    await screen.findByTestId('sandbox-empty');
    await user.selectOptions(screen.getByTestId('sandbox-create-clock'), 'stepped');
    await user.click(screen.getByTestId('sandbox-create-submit'));
    await waitFor(() => expect(created).toEqual([{ fleet: 'small', demo: 'off', clock: 'stepped', ttlMinutes: 60 }]));
    expect(await screen.findByTestId('sandbox-clock-zz98yy76xx')).toHaveTextContent('Stepped clock');
    // The clock is kept for the next one, as the size and the preset are.
    expect(screen.getByTestId('sandbox-create-clock')).toHaveValue('stepped');
  });

  it('creates a sandbox from the form and lists it at once', async () => {
    const { api, created } = stack([]);
    const { user } = await renderSection(api);
    await screen.findByTestId('sandbox-empty');
    // The defaults: a small fleet standing still, for an hour.
    expect(screen.getByTestId('sandbox-create-fleet')).toHaveValue('small');
    expect(screen.getByTestId('sandbox-create-preset')).toHaveValue('off');
    expect(screen.getByTestId('sandbox-create-ttl')).toHaveValue('60');
    expect(screen.getByTestId('sandbox-create-clock')).toHaveValue('realtime');
    await fill(user, screen.getByTestId('sandbox-create-name'), 'Customer demo');
    await fill(user, screen.getByTestId('sandbox-create-seed'), '1234');
    await user.selectOptions(screen.getByTestId('sandbox-create-fleet'), 'large');
    await user.selectOptions(screen.getByTestId('sandbox-create-preset'), 'lively');
    await fill(user, screen.getByTestId('sandbox-create-ttl'), '90');
    await user.click(screen.getByTestId('sandbox-create-submit'));

    await waitFor(() => expect(created).toEqual([{ name: 'Customer demo', seed: 1234, fleet: 'large', demo: 'lively', ttlMinutes: 90 }]));
    expect(await screen.findByTestId('sandbox-row-zz98yy76xx')).toHaveTextContent('Customer demo');
    // Real time is the core's default: not sent, and the row says nothing of it.
    expect(screen.queryByTestId('sandbox-clock-zz98yy76xx')).toBeNull();
    expect(screen.getByTestId('toasts')).toHaveTextContent('Sandbox “Customer demo” created');
    // The name and seed empty for the next one.
    expect(screen.getByTestId('sandbox-create-name')).toHaveValue('');
  });

  it("shows the stack's refusal in its words (the limit), and keeps what was typed", async () => {
    const message = 'This stack runs 3 sandboxes already (the limit): remove one first';
    const { api } = stack();
    api.onRaw('POST', `${mockTrpcUrl()}/sandbox.create`, () => refused(409, 'CONFLICT', message));
    const { user } = await renderSection(api);
    await screen.findByTestId(`sandbox-row-${qa.id}`);
    await fill(user, screen.getByTestId('sandbox-create-name'), 'One more');
    await user.click(screen.getByTestId('sandbox-create-submit'));
    expect(await screen.findByTestId('sandbox-create-error')).toHaveTextContent(message);
    expect(screen.getByTestId('sandbox-create-name')).toHaveValue('One more');
  });

  it('refuses on the field a time to live beyond a day, before sending', async () => {
    const { api, created } = stack();
    const { user } = await renderSection(api, { language: 'zh' });
    await screen.findByTestId(`sandbox-row-${qa.id}`);
    // NumberInput clamps on blur; typed and sent at once, the value is still out of range.
    const ttl = screen.getByTestId('sandbox-create-ttl');
    await user.clear(ttl);
    await user.type(ttl, '2000{Enter}');
    expect(await screen.findByText('1 到 1440 之间的整数分钟数')).toBeInTheDocument();
    expect(created).toEqual([]);
  });

  it('removes a sandbox once confirmed', async () => {
    const { api, removed } = stack();
    const { user } = await renderSection(api);
    await user.click(await screen.findByTestId(`sandbox-remove-${qa.id}`));
    expect(screen.getByTestId('sandbox-delete-question')).toHaveTextContent('Remove the sandbox “QA run 42”?');
    expect(removed).toEqual([]);
    await user.click(screen.getByTestId('sandbox-delete-confirm'));
    await waitFor(() => expect(screen.queryByTestId(`sandbox-row-${qa.id}`)).toBeNull());
    expect(removed).toEqual([{ id: qa.id }]);
    expect(screen.getByTestId('sandbox-empty')).toBeInTheDocument();
  });

  it('reads the list again every 30 s (sandboxes others make, those that end)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'], shouldAdvanceTime: true });
    const { api, reads } = stack();
    await renderSection(api);
    await screen.findByTestId(`sandbox-row-${qa.id}`);
    const before = reads();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SANDBOX_LIST_REFRESH_MS);
    });
    await waitFor(() => expect(reads()).toBe(before + 1));
  });

  it('is not there inside a sandbox (which makes none), nor for an operator, and asks nothing', async () => {
    const inside = stack();
    const sandboxed = await renderSection(inside.api, { config: { sandbox: { id: qa.id, name: qa.name, expiresAt: qa.expiresAt } } });
    await sandboxed.settled();
    expect(screen.queryByTestId('simulator-sandboxes')).toBeNull();
    expect(inside.reads()).toBe(0);
    sandboxed.unmount();
    const operator = stack();
    const regular = await renderSection(operator.api, { roles: ['luc_regular'] });
    await regular.settled();
    expect(screen.queryByTestId('simulator-sandboxes')).toBeNull();
    expect(operator.reads()).toBe(0);
  });
});
