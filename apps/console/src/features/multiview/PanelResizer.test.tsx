import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeApi } from '../../test-utils/fakeApi';
import { renderWithApp } from '../../test-utils/render';
import { LEFT_PANEL } from './multiviewState';
import { PanelResizer } from './PanelResizer';
import { useLeftPanelWidth } from './useLeftPanelWidth';

function Panel() {
  const { width, setWidth } = useLeftPanelWidth();
  return (
    <div data-testid="panel" data-width={width}>
      <PanelResizer width={width} onResize={setWidth} />
    </div>
  );
}

afterEach(() => vi.useRealTimers());

describe('the left panel width', () => {
  it('follows a drag at once and is saved once, with the width the drag ends on, however long the pointer rests on the way', async () => {
    const api = new FakeApi().on('updateUserPreferences', ({ body }) => body);
    await renderWithApp(<Panel />, { api, preferences: { leftPanelWidth: 300 } });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const handle = screen.getByTestId('multiview-resizer');
    // jsdom has no pointer capture.
    handle.setPointerCapture = () => undefined;
    handle.hasPointerCapture = () => false;
    fireEvent.pointerDown(handle, { clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientX: 115, pointerId: 1 });
    expect(screen.getByTestId('panel')).toHaveAttribute('data-width', '315');
    // The pointer rests mid-drag for longer than the save's wait: nothing is saved yet.
    await act(async () => vi.advanceTimersByTimeAsync(LEFT_PANEL.saveDebounceMs * 3));
    expect(api.calls('updateUserPreferences')).toHaveLength(0);
    fireEvent.pointerMove(handle, { clientX: 220, pointerId: 1 });
    fireEvent.pointerUp(handle, { clientX: 220, pointerId: 1 });
    expect(screen.getByTestId('panel')).toHaveAttribute('data-width', '420');
    await act(async () => vi.advanceTimersByTimeAsync(LEFT_PANEL.saveDebounceMs));
    expect(api.calls('updateUserPreferences').map((call) => call.body)).toEqual([{ leftPanelWidth: 420 }]);
  });

  it('is saved after a pause of the arrow keys, once for the last width', async () => {
    const api = new FakeApi().on('updateUserPreferences', ({ body }) => body);
    await renderWithApp(<Panel />, { api, preferences: { leftPanelWidth: 300 } });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const handle = screen.getByTestId('multiview-resizer');
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    expect(screen.getByTestId('panel')).toHaveAttribute('data-width', String(300 + 2 * LEFT_PANEL.keyboardStep));
    await act(async () => vi.advanceTimersByTimeAsync(LEFT_PANEL.saveDebounceMs));
    expect(api.calls('updateUserPreferences').map((call) => call.body)).toEqual([{ leftPanelWidth: 300 + 2 * LEFT_PANEL.keyboardStep }]);
  });
});
