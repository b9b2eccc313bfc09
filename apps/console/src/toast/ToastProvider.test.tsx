import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from '@mantine/core';
import { renderWithApp } from '../test-utils/render';
import type { ToastInput } from './toastQueue';
import { useToast } from './useToast';

/** A screen that raises toasts the way features do (useToast). */
function Raiser({ inputs }: { inputs: readonly ToastInput[] }) {
  const toast = useToast();
  return (
    <Button data-testid="raise" onClick={() => inputs.forEach((input) => toast.show(input))}>
      raise
    </Button>
  );
}

const numbered = (n: number): ToastInput[] => Array.from({ length: n }, (_, i) => ({ message: `Toast ${i + 1}`, variant: i === 0 ? 'error' : 'success' }));

function shown(): string[] {
  return screen.queryAllByTestId('toast').map((toast) => toast.textContent ?? '');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts (spec 000 §2, at most 3 at once at fleet scale: the rest queued, 3000 ms)', () => {
  it('shows three and queues the rest in order; closing one brings the next', async () => {
    const { user } = await renderWithApp(<Raiser inputs={numbered(5)} />, { realtime: false });

    await user.click(screen.getByTestId('raise'));
    expect(shown()).toEqual(['Toast 1', 'Toast 2', 'Toast 3']);
    expect(screen.getByTestId('toasts')).toHaveAttribute('data-queued', '2');
    // Errors are announced as alerts, the others as status.
    expect(screen.getAllByTestId('toast')[0]).toHaveAttribute('role', 'alert');
    expect(screen.getAllByTestId('toast')[1]).toHaveAttribute('role', 'status');

    await user.click(within(screen.getAllByTestId('toast')[0]!).getByRole('button', { name: 'Close' }));
    expect(shown()).toEqual(['Toast 2', 'Toast 3', 'Toast 4']);
    expect(screen.getByTestId('toasts')).toHaveAttribute('data-queued', '1');
  });

  it('closes a toast by itself after 3000 ms, and keeps one with no timeout', async () => {
    await renderWithApp(<Raiser inputs={[{ message: 'Saved' }, { message: 'Connection lost', timeoutMs: 0 }]} />, { realtime: false });
    vi.useFakeTimers();

    fireEvent.click(screen.getByTestId('raise'));
    expect(shown()).toEqual(['Saved', 'Connection lost']);
    act(() => vi.advanceTimersByTime(2999));
    expect(shown()).toEqual(['Saved', 'Connection lost']);
    act(() => vi.advanceTimersByTime(1));
    expect(shown()).toEqual(['Connection lost']);
    act(() => vi.advanceTimersByTime(60_000));
    expect(shown()).toEqual(['Connection lost']);
  });

  it('moves clear of a control that came under it with no change of the page seen, within a second', async () => {
    await renderWithApp(<Raiser inputs={[{ message: 'Kept', timeoutMs: 0 }]} />, { realtime: false });
    vi.useFakeTimers();
    const control = screen.getByTestId('raise');
    const box = (left: number, top: number, right: number, bottom: number) =>
      ({ left, top, right, bottom, width: right - left, height: bottom - top, x: left, y: top, toJSON: () => ({}) }) as DOMRect;
    // The control far from the corner: the stack takes the top right.
    const rect = vi.spyOn(control, 'getBoundingClientRect').mockReturnValue(box(10, 300, 60, 330));
    fireEvent.click(control);
    const stack = screen.getByTestId('toasts');
    const top = Number(stack.getAttribute('data-top'));
    const right = window.innerWidth - 16;
    // It comes right under the stack (a container settling, a scrollbar showing): nothing in the page's markup changed.
    rect.mockReturnValue(box(right - 200, top, right, top + 40));
    act(() => vi.advanceTimersByTime(1000));
    expect(Number(stack.getAttribute('data-top'))).toBeGreaterThanOrEqual(top + 40);
  });

  it('plays a sound for a toast that asks for one only, and shows a toast without its close button', async () => {
    const started: number[] = [];
    /** The few Web Audio calls toast/sound.ts makes, counted. */
    class FakeAudioContext {
      readonly currentTime = 0;
      readonly destination = {};
      createOscillator() {
        return { frequency: { value: 0 }, connect: (node: unknown) => node, start: () => started.push(1), stop: () => undefined };
      }
      createGain() {
        return { gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined }, connect: (node: unknown) => node };
      }
    }
    vi.stubGlobal('AudioContext', FakeAudioContext);
    try {
      await renderWithApp(
        <Raiser
          inputs={[{ message: 'Quiet' }, { message: 'Critical alert', variant: 'error', sound: true }, { message: 'Stays', closable: false, timeoutMs: 0 }]}
        />,
        {
          realtime: false,
        },
      );
      fireEvent.click(screen.getByTestId('raise'));
      const toasts = screen.getAllByTestId('toast');
      expect(toasts.map((toast) => toast.getAttribute('data-sound'))).toEqual(['false', 'true', 'false']);
      expect(started).toHaveLength(1);
      expect(within(toasts[0]!).getByRole('button', { name: 'Close' })).toBeVisible();
      expect(within(toasts[2]!).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('shows the user’s confirmations and errors above the fleet notices, in place of the oldest fleet notice when three are shown', async () => {
    const fleet = Array.from({ length: 4 }, (_, i): ToastInput => ({ message: `Fleet ${i + 1}`, source: 'fleet' }));
    const { user } = await renderWithApp(<Raiser inputs={[...fleet, { message: 'Stream stopped', variant: 'success' }]} />, { realtime: false });
    await user.click(screen.getByTestId('raise'));
    expect(shown()).toEqual(['Stream stopped', 'Fleet 2', 'Fleet 3']);
    expect(screen.getAllByTestId('toast')[0]).toHaveAttribute('data-source', 'user');
    expect(screen.getByTestId('toasts')).toHaveAttribute('data-queued', '1');
  });

  it('joins an equal toast to the one shown, with its count, instead of stacking it', async () => {
    const { user } = await renderWithApp(<Raiser inputs={[{ message: 'Saved' }, { message: 'Saved' }, { message: 'Saved' }]} />, { realtime: false });
    await user.click(screen.getByTestId('raise'));
    expect(shown()).toEqual(['Saved×3']);
    expect(screen.getByTestId('toast')).toHaveAttribute('data-count', '3');
    expect(screen.getByTestId('toast-count')).toHaveAccessibleName('shown 3 times');
  });

  it('never takes the focus, and comes after the page’s controls in the Tab order (its close buttons still reachable)', async () => {
    const { user } = await renderWithApp(
      <>
        <Raiser inputs={numbered(2)} />
        <Button data-testid="after">after</Button>
      </>,
      { realtime: false },
    );
    await user.click(screen.getByTestId('raise'));
    expect(shown()).toHaveLength(2);
    // The click left the focus on the button: no toast took it.
    expect(screen.getByTestId('raise')).toHaveFocus();
    await user.tab();
    expect(screen.getByTestId('after')).toHaveFocus();
    await user.tab();
    expect(screen.getByTestId('toasts')).toContainElement(document.activeElement as HTMLElement);
    expect(document.activeElement).toHaveAccessibleName('Close');
  });
});
