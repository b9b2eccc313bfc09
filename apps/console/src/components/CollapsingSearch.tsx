/**
 * A search box that folds away to its button (spec 000 §9 "Search box collapse: 500 ms after mouse
 * leaves", TIMINGS.searchBoxCollapseMs): the pointer over it, a click or the keyboard opens it; it
 * folds TIMINGS.searchBoxCollapseMs after the pointer leaves, unless it holds a search or the
 * keyboard is in it (then it folds when both are gone and the pointer is away).
 */
import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Box, CloseButton, TextInput } from '@mantine/core';
import { TIMINGS } from '@fleet/contracts';

export interface CollapsingSearchProps {
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** The accessible name of the box and of its button. */
  readonly label: string;
  readonly placeholder?: string;
  readonly clearLabel: string;
  readonly testId: string;
}

export function CollapsingSearch({ value, onChange, label, placeholder, clearLabel, testId }: CollapsingSearchProps) {
  const [open, setOpen] = useState(false);
  const [focused, setFocused] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const hovering = useRef(false);
  /** Opened from its button (click or keyboard): the box takes the focus once shown. */
  const focusOnOpen = useRef(false);
  const expanded = open || focused || value !== '';

  useEffect(() => {
    if (expanded && focusOnOpen.current) input.current?.focus();
    focusOnOpen.current = false;
  }, [expanded]);

  const cancelCollapse = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  };
  const collapseLater = () => {
    cancelCollapse();
    timer.current = setTimeout(() => {
      timer.current = null;
      setOpen(false);
    }, TIMINGS.searchBoxCollapseMs);
  };
  useEffect(() => cancelCollapse, []);
  const openFromButton = () => {
    focusOnOpen.current = true;
    setOpen(true);
  };

  return (
    <Box
      data-testid={testId}
      data-expanded={expanded}
      onMouseEnter={() => {
        hovering.current = true;
        cancelCollapse();
        setOpen(true);
      }}
      onMouseLeave={() => {
        hovering.current = false;
        collapseLater();
      }}
    >
      {expanded ? (
        <TextInput
          ref={input}
          size="xs"
          w={220}
          aria-label={label}
          placeholder={placeholder}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          onFocus={() => setFocused(true)}
          onBlur={() => {
            setFocused(false);
            if (!hovering.current) collapseLater();
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onChange('');
          }}
          rightSection={value === '' ? null : <CloseButton size="sm" aria-label={clearLabel} onClick={() => onChange('')} data-testid={`${testId}-clear`} />}
          data-testid={`${testId}-input`}
        />
      ) : (
        <ActionIcon variant="default" size="md" aria-label={label} onClick={openFromButton} onFocus={openFromButton} data-testid={`${testId}-open`}>
          <span aria-hidden>⌕</span>
        </ActionIcon>
      )}
    </Box>
  );
}
