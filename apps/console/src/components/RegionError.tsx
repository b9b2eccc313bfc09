/**
 * What a failed region shows in its place (components/RegionBoundary.tsx): what failed (the calls whose
 * answers it was rendering), the reason in words, and Retry. A file of its own, loaded when first needed
 * or once the page is idle, so a first page that fails nowhere does not carry it.
 */
import { useContext, useEffect, useState } from 'react';
import { Alert, Button, Code, Group, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { QueryClientContext } from '@tanstack/react-query';
import type { QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useApiErrorMessage } from '../api/errorMessage';
import { isApiError } from '../api/ApiError';
import type { RegionKind } from './RegionBoundary';

/** What the language itself calls on a value (a text's, a list's, a number's): no field of an answer, so not named as one. */
const BUILT_INS = new Set(
  'length map filter find some every forEach reduce flatMap includes indexOf join slice sort keys values entries toLowerCase toUpperCase trim split replace startsWith endsWith localeCompare toFixed toString'.split(
    ' ',
  ),
);

/** The field an error names, unless it names what the language calls on a value. */
function fieldName(name: string | undefined): string | undefined {
  return name === undefined || name === '' || BUILT_INS.has(name) ? undefined : name;
}

/** Why a region failed, as its error says it (the kind, for `data-reason`, and the words). */
export function regionErrorReason(
  t: TFunction,
  apiMessage: (error: unknown) => string,
  error: unknown,
): { readonly kind: 'missing' | 'shape' | 'call' | 'other'; readonly text: string } {
  if (isApiError(error)) return { kind: 'call', text: t('regions.reason.call', { message: apiMessage(error) }) };
  const message = error instanceof Error ? error.message : String(error);
  // Chromium: "Cannot read properties of undefined (reading 'length')"; Firefox: "can't access property "length", x is undefined".
  const missing =
    /Cannot read propert(?:y|ies) of (?:undefined|null)(?: \(reading '([^']*)'\))?/.exec(message) ?? /can't access property "([^"]*)"/.exec(message);
  if (missing) {
    const field = fieldName(missing[1]);
    return { kind: 'missing', text: field ? t('regions.reason.missing', { field }) : t('regions.reason.missingUnnamed') };
  }
  // "x.map is not a function", "x is not iterable", "Cannot convert undefined or null to object", "Invalid time value".
  const shape = /(?:^|\.)(\w+) is not (?:a function|iterable)/.exec(message) ?? /Cannot convert undefined or null|Invalid time value/.exec(message);
  if (shape) {
    const field = fieldName(shape[1]);
    return { kind: 'shape', text: field ? t('regions.reason.shape', { field }) : t('regions.reason.shapeUnnamed') };
  }
  return { kind: 'other', text: t('regions.reason.other') };
}

export interface RegionErrorProps {
  readonly error: unknown;
  readonly kind: RegionKind;
  readonly compact: boolean;
  /** The calls whose answers the region was rendering. */
  readonly calls: readonly string[];
  /** Their cached answers' key prefixes: what Retry reads again. */
  readonly prefixes: readonly QueryKey[];
  /** Draws the region anew (after its calls are read again). */
  readonly onReset: () => void;
}

/** A failed region's place: what failed, why, and Retry. */
export function RegionError({ error, kind, compact, calls, prefixes, onReset }: RegionErrorProps) {
  const { t } = useTranslation();
  const apiMessage = useApiErrorMessage();
  // Outside React Query's provider (a route's error page before the app's providers) Retry only draws again.
  const queryClient = useContext(QueryClientContext);
  const [retrying, setRetrying] = useState(false);
  const reason = regionErrorReason(t, apiMessage, error);
  const callText = calls.length === 0 ? t('regions.noCall') : t('regions.calls', { count: calls.length, calls: calls.join(', ') });
  const raw = error instanceof Error ? error.message : String(error);
  const retry = () => {
    if (retrying) return;
    setRetrying(true);
    const reads = queryClient ? prefixes.map((queryKey) => queryClient.invalidateQueries({ queryKey, refetchType: 'all' })) : [];
    void Promise.allSettled(reads).then(() => {
      setRetrying(false);
      onReset();
    });
  };
  // A new answer of one of its calls (another region's Retry, a live read) draws the region anew.
  const callKey = calls.join(' ');
  useEffect(() => {
    if (!queryClient || callKey === '') return undefined;
    const ids = new Set(callKey.split(' '));
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success' && ids.has(String(event.query.queryKey[0]))) onReset();
    });
  }, [queryClient, callKey, onReset]);
  const marker = { 'data-testid': 'region-error', 'data-region': kind, 'data-call-ids': calls.join(' '), 'data-reason': reason.kind } as const;

  if (compact) {
    const label = t('regions.cellLabel', { reason: reason.text, calls: callText });
    return (
      <Group gap={6} wrap="nowrap" miw={0} maw="100%" role="alert" aria-label={label} {...marker}>
        <Tooltip label={`${reason.text} ${callText}`} multiline w={280} withinPortal events={{ hover: true, focus: true, touch: true }}>
          {/* A cell is narrow (a count, a date): its sign alone, what failed in the tooltip and the label. */}
          <Text span size="xs" c="red" fw={500} truncate="end" miw={0} tabIndex={0} style={{ flexShrink: kind === 'cell' ? 0 : 1 }}>
            {kind === 'cell' ? '⚠' : `⚠ ${t('regions.title.cell')} · ${calls.join(', ') || reason.text}`}
          </Text>
        </Tooltip>
        <UnstyledButton
          onClick={(event) => {
            // A cell sits in a row that opens on click: Retry is not a click on the row.
            event.stopPropagation();
            retry();
          }}
          aria-label={t('regions.retry')}
          aria-busy={retrying}
          data-testid="region-retry"
          fz="xs"
          c="blue"
          td={kind === 'cell' ? undefined : 'underline'}
          title={kind === 'cell' ? t('regions.retry') : undefined}
          style={{ whiteSpace: 'nowrap', flexShrink: 0 }}
        >
          {kind === 'cell' ? '↻' : retrying ? t('regions.retrying') : t('regions.retry')}
        </UnstyledButton>
      </Group>
    );
  }

  return (
    <Alert color="red" variant="light" title={t(`regions.title.${kind}`)} role="alert" {...marker}>
      <Stack gap={6}>
        <Text size="sm">{reason.text}</Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {callText}
        </Text>
        {raw !== '' && reason.kind !== 'call' && (
          <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 96, overflow: 'auto' }} fz="xs">
            {raw}
          </Code>
        )}
        {kind === 'page' && (
          <Text size="sm" c="dimmed">
            {t('regions.rest')}
          </Text>
        )}
        <Group>
          <Button size="xs" variant="default" onClick={retry} loading={retrying} data-testid="region-retry">
            {t('regions.retry')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
