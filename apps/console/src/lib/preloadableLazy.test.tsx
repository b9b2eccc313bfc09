import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { preloadableLazy } from './preloadableLazy';

function Page({ name }: { name: string }) {
  return <p data-testid="page">{name}</p>;
}

function withLoader(node: React.ReactNode) {
  return <Suspense fallback={<p data-testid="fallback">loading</p>}>{node}</Suspense>;
}

describe('preloadableLazy', () => {
  it('renders a preloaded module in the same render: no fallback is ever shown', async () => {
    let loads = 0;
    const { Component, preload } = preloadableLazy<{ name: string }>(async () => {
      loads += 1;
      return { default: Page };
    });
    await preload();
    // render() flushes synchronously inside act: the page is there at once, with no fallback on the way.
    act(() => {
      render(withLoader(<Component name="Map" />));
    });
    expect(screen.getByTestId('page')).toHaveTextContent('Map');
    expect(screen.queryByTestId('fallback')).not.toBeInTheDocument();
    expect(loads).toBe(1);
  });

  it('suspends like React.lazy when the module is not loaded yet, then shows it', async () => {
    let resolve: (module: { default: typeof Page }) => void = () => undefined;
    const { Component } = preloadableLazy<{ name: string }>(() => new Promise((done) => (resolve = done)));
    act(() => {
      render(withLoader(<Component name="List" />));
    });
    expect(screen.getByTestId('fallback')).toBeInTheDocument();
    await act(async () => resolve({ default: Page }));
    expect(await screen.findByTestId('page')).toHaveTextContent('List');
  });
});
