/**
 * The console never falls whole: every region of the screen (a part of the frame, the page, a
 * panel, tab, table, chart, dialog, a cell) renders inside a `RegionBoundary`. When what a region
 * draws throws (an answer of the core without a value the screen reads, a value of an unexpected
 * kind), the region alone shows, in its place, what failed: the calls whose answers it was
 * rendering (api/regionCalls.ts: the read hooks note them), the reason in words, and Retry, which
 * reads those calls again and draws the region anew (so does any new answer of those calls: another
 * region's Retry, a live read). The frame, the menu and every other region stay as they are.
 *
 * `compact`: one line for a small region (a cell, a chart, a control of the header). Test ids:
 * `region-error` with `data-region` (the region's kind), `data-call-ids` (the calls, space
 * separated), `data-reason` (`missing`, `shape`, `call`, `other`); `region-retry`.
 */
import { Component, Suspense } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { Loader, Stack } from '@mantine/core';
import { RegionCalls, RegionCallsContext } from '../api/regionCalls';
import { preloadableLazy } from '../lib/preloadableLazy';
import { afterFirstPage } from '../lib/afterFirstPage';
import type { RegionErrorProps } from './RegionError';

/**
 * What a failed region shows is a file of its own (./RegionError.tsx), loaded once the first page is there:
 * a first page that fails nowhere does not load it, and a region that fails later finds it at hand.
 */
const lazyRegionError = preloadableLazy(() => import('./RegionError').then((m) => ({ default: m.RegionError })));
void afterFirstPage().then(() => lazyRegionError.preload().catch(() => undefined));

/** A failed region's place: what failed, why, and Retry (./RegionError.tsx). */
export function RegionError(props: RegionErrorProps) {
  return (
    <Suspense fallback={<Loader size="xs" type="dots" />}>
      <lazyRegionError.Component {...props} />
    </Suspense>
  );
}

/** What kind of region it is: its error's title says so. */
export type RegionKind = 'page' | 'header' | 'menu' | 'panel' | 'table' | 'chart' | 'tab' | 'dialog' | 'cell';

export interface RegionBoundaryProps {
  readonly kind?: RegionKind;
  /** One line instead of a block (a cell, a chart, a control of the header); a cell is always compact. */
  readonly compact?: boolean;
  /** A region of its own (a page, a part of the frame): its error does not name the calls of the regions around it. */
  readonly standalone?: boolean;
  /** Values that, when one changes, draw a failed region anew (e.g. the address). */
  readonly resetKeys?: readonly unknown[];
  /** Shown above the error (a page's title: the page keeps its heading when it fails). */
  readonly heading?: ReactNode;
  readonly children?: ReactNode;
}

interface State {
  readonly error: unknown;
  readonly failed: boolean;
}

const sameKeys = (a: readonly unknown[] = [], b: readonly unknown[] = []) => a.length === b.length && a.every((value, i) => Object.is(value, b[i]));

export class RegionBoundary extends Component<RegionBoundaryProps, State> {
  static override contextType = RegionCallsContext;
  declare context: RegionCalls | null;
  override state: State = { error: null, failed: false };
  private region: RegionCalls | null = null;

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  /** A cell notes nothing of its own: its calls are those of the table around it. */
  private calls(): RegionCalls {
    if (this.props.kind === 'cell') return this.context ?? new RegionCalls(null);
    this.region ??= new RegionCalls(this.props.standalone ? null : this.context);
    return this.region;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // React reports the error itself; this says which calls the region was rendering.
    console.warn(`region ${this.props.kind ?? 'panel'} failed (calls: ${this.calls().ids().join(', ') || 'none'})`, error, info.componentStack);
  }

  override componentDidUpdate(previous: RegionBoundaryProps): void {
    if (this.state.failed && !sameKeys(previous.resetKeys, this.props.resetKeys)) this.reset();
  }

  private readonly reset = () => {
    if (this.props.kind !== 'cell') this.region?.clear();
    this.setState({ error: null, failed: false });
  };

  override render(): ReactNode {
    const { kind = 'panel', compact = kind === 'cell', children } = this.props;
    const calls = this.calls();
    if (this.state.failed) {
      const shown = <RegionError error={this.state.error} kind={kind} compact={compact} calls={calls.ids()} prefixes={calls.prefixes()} onReset={this.reset} />;
      if (this.props.heading === undefined) return shown;
      return (
        <Stack gap="sm">
          {this.props.heading}
          {shown}
        </Stack>
      );
    }
    if (kind === 'cell') return children;
    return <RegionCallsContext.Provider value={calls}>{children}</RegionCallsContext.Provider>;
  }
}

/**
 * A cell of a table as a region of its own: its content is drawn inside the boundary (a render
 * function called outside it would fail the table around it). A new row (a new answer) draws a failed
 * cell anew.
 */
export function RegionCell<Row>({ render, row }: { readonly render: (row: Row) => ReactNode; readonly row: Row }) {
  return (
    <RegionBoundary kind="cell" resetKeys={[row]}>
      <CellContent render={render} row={row} />
    </RegionBoundary>
  );
}

function CellContent<Row>({ render, row }: { readonly render: (row: Row) => ReactNode; readonly row: Row }) {
  return render(row);
}

/**
 * What `draw` returns, drawn as a component of its own: inside a region, a render function of a
 * declaration (a tab's, a modal's body) then fails that region, not the one around it.
 */
export function Drawn({ draw }: { readonly draw: () => ReactNode }) {
  return draw();
}
