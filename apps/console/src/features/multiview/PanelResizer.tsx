import { useRef } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LEFT_PANEL } from './multiviewState';

interface PanelResizerProps {
  readonly width: number;
  /** A new width; `held` while a drag goes on (the width it ends on comes again, not held, when it is let go). */
  readonly onResize: (width: number, held?: boolean) => void;
}

/** The drag handle between the left panel and the wall: pointer drag, or arrow keys. */
export function PanelResizer({ width, onResize }: PanelResizerProps) {
  const { t } = useTranslation();
  const drag = useRef<{ x: number; width: number } | null>(null);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, width };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (drag.current) onResize(drag.current.width + e.clientX - drag.current.x, true);
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    if (e.currentTarget.hasPointerCapture(e.pointerId)) e.currentTarget.releasePointerCapture(e.pointerId);
    if (drag.current && e.clientX !== drag.current.x) onResize(drag.current.width + e.clientX - drag.current.x);
    drag.current = null;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'ArrowLeft') onResize(width - LEFT_PANEL.keyboardStep);
    else if (e.key === 'ArrowRight') onResize(width + LEFT_PANEL.keyboardStep);
    else return;
    e.preventDefault();
  };

  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={t('multiview.panel.resize')}
      aria-valuenow={width}
      aria-valuemin={LEFT_PANEL.min}
      aria-valuemax={LEFT_PANEL.max}
      tabIndex={0}
      data-testid="multiview-resizer"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
      style={{
        flex: '0 0 8px',
        cursor: 'col-resize',
        touchAction: 'none',
        alignSelf: 'stretch',
        borderLeft: '1px solid var(--mantine-color-default-border)',
        borderRight: '1px solid var(--mantine-color-default-border)',
        background: 'var(--mantine-color-default-hover)',
      }}
    />
  );
}
