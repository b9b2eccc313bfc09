import { Badge, Box, Tooltip, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SandboxInfo } from '../config/runtimeConfig';
import { getRuntimeConfig } from '../config/runtimeConfig';
import { dateTimeFormat, dateText } from '../lib/dateFormat';
import { ENDING_SOON_MINUTES, spanText, useMinutesLeft } from '../lib/timeLeft';

const END_FORMAT: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' };

/** The badge's look by what is left: calm, ending soon (orange, under ten minutes), ended (red). */
function stateOf(minutes: number): { state: 'running' | 'ending' | 'expired'; color: string; variant: 'light' | 'filled' } {
  if (minutes === 0) return { state: 'expired', color: 'red', variant: 'filled' };
  if (minutes < ENDING_SOON_MINUTES) return { state: 'ending', color: 'orange', variant: 'filled' };
  return { state: 'running', color: 'violet', variant: 'light' };
}

function SandboxBadgeOf({ sandbox }: { readonly sandbox: SandboxInfo }) {
  const { t, i18n } = useTranslation();
  const minutes = useMinutesLeft(sandbox.expiresAt);
  const { state, color, variant } = stateOf(minutes);
  const expired = state === 'expired';
  const name = sandbox.name;
  const end = dateText(sandbox.expiresAt, (d) => dateTimeFormat(i18n.language, END_FORMAT).format(d));
  const time = spanText(t, minutes);
  const badge = { color, variant, size: 'md' } as const;
  const tooltip = t(expired ? 'sandbox.header.tooltipExpired' : 'sandbox.header.tooltip', { name, end });
  return (
    <>
      {/* Wide: "Sandbox · QA run 42 · 42 min left"; a long name gives way (ellipsis), the time left never does. */}
      <Tooltip label={tooltip} multiline w={300}>
        <Box data-testid="sandbox-badge" data-state={state} data-minutes={minutes} miw={0} maw={340} visibleFrom="sm" style={{ flexShrink: 1 }}>
          <Badge
            {...badge}
            tt="none"
            maw="100%"
            rightSection={<span data-testid="sandbox-badge-left">{expired ? t('sandbox.header.expired') : t('sandbox.header.left', { time })}</span>}
            data-testid="sandbox-badge-wide"
          >
            {t('sandbox.header.name', { name })}
          </Badge>
        </Box>
      </Tooltip>
      {/* A phone's header has room for the time left alone, never cut; the name is read out and in the tooltip. */}
      <Tooltip label={tooltip} multiline w={260}>
        <Badge {...badge} tt="none" hiddenFrom="sm" data-testid="sandbox-badge-short" data-state={state} style={{ flexShrink: 0, overflow: 'visible' }}>
          <span aria-hidden>{expired ? t('sandbox.header.shortExpired') : spanText(t, minutes, true)}</span>
          <VisuallyHidden>{expired ? t('sandbox.header.spokenExpired', { name }) : t('sandbox.header.spoken', { name, time })}</VisuallyHidden>
        </Badge>
      </Tooltip>
    </>
  );
}

/**
 * The header's sign of a sandbox (runtime-config.json `sandbox`): its name and the time left, updated
 * as each minute runs out, orange under ten minutes, "expired" after. Nothing at the stack's root or
 * on a real core.
 */
export function SandboxBadge() {
  const sandbox = getRuntimeConfig().sandbox;
  return sandbox === null ? null : <SandboxBadgeOf sandbox={sandbox} />;
}
