/**
 * The kit's modal of tabs: the open tab's content only, a tab click passed on, the read-only note,
 * the loading, what stands instead, a failed read with Retry, and Close.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test-utils/render';
import { TabbedModal, type TabbedModalProps } from './TabbedModal';

const TABS = ['one', 'two'] as const;
type Tab = (typeof TABS)[number];

function props(over: Partial<TabbedModalProps<Tab>> = {}): TabbedModalProps<Tab> {
  return {
    testId: 'thing-modal',
    tabTestId: 'thing',
    title: 'Thing',
    onClose: vi.fn(),
    readOnly: false,
    readOnlyText: 'Only looking',
    tabs: TABS,
    tab: 'one',
    onTab: vi.fn(),
    tabLabel: (tab) => `Tab ${tab}`,
    render: (tab) => <p>content of {tab}</p>,
    loading: false,
    ...over,
  };
}

describe('kit: a modal of tabs', () => {
  it('shows the open tab, passes a tab click on, and closes', async () => {
    const p = props({ data: { 'data-thing-id': 't-1' } });
    const { user } = await renderWithApp(<TabbedModal {...p} />);
    const modal = await screen.findByTestId('thing-modal');
    expect(modal).toHaveAttribute('data-read-only', 'false');
    expect(modal).toHaveAttribute('data-thing-id', 't-1');
    expect(screen.getByTestId('thing-panel-one')).toHaveTextContent('content of one');
    expect(screen.queryByText('content of two')).not.toBeInTheDocument();
    expect(screen.queryByTestId('thing-modal-read-only')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('thing-tab-two'));
    expect(p.onTab).toHaveBeenCalledWith('two');
    await user.click(screen.getByTestId('thing-modal-close'));
    expect(p.onClose).toHaveBeenCalled();
  });

  it('says the user may only look', async () => {
    await renderWithApp(<TabbedModal {...props({ readOnly: true })} />);
    expect(await screen.findByTestId('thing-modal-read-only')).toHaveTextContent('Only looking');
    expect(screen.getByTestId('thing-modal')).toHaveAttribute('data-read-only', 'true');
  });

  it('shows the loading instead of the tabs', async () => {
    await renderWithApp(<TabbedModal {...props({ loading: true })} />);
    expect(await screen.findByTestId('thing-modal-loading')).toBeInTheDocument();
    expect(screen.queryByTestId('thing-tab-one')).not.toBeInTheDocument();
  });

  it('shows what stands instead of the tabs', async () => {
    await renderWithApp(<TabbedModal {...props({ instead: <p>Gone</p> })} />);
    expect(await screen.findByText('Gone')).toBeInTheDocument();
    expect(screen.queryByTestId('thing-tab-one')).not.toBeInTheDocument();
  });

  it('shows a failed read with its message and reads again on Retry', async () => {
    const onRetry = vi.fn();
    const { user } = await renderWithApp(<TabbedModal {...props({ error: { title: 'Could not load', message: 'Core said no', onRetry } })} />);
    const error = await screen.findByTestId('thing-modal-error');
    expect(error).toHaveTextContent('Could not load');
    expect(error).toHaveTextContent('Core said no');
    await user.click(screen.getByTestId('thing-modal-retry'));
    expect(onRetry).toHaveBeenCalled();
  });
});
