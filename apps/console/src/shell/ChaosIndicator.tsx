import { Badge, Box, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { GLOBAL_SCOPE_ROLES, hasAnyRole, type Role } from '@fleet/contracts';
import { useMockChaos } from '../features/simulator/useMockChaos';

/** Where the panel's Chaos section is (its anchor). */
export const CHAOS_SECTION_PATH = '/simulator#chaos';

/**
 * The header's warning while chaos rules apply (mock only; useMockChaos asks nothing of a real
 * core): "Chaos: 2 rules" in red, a link to the Simulator panel's Chaos section for those who may
 * open it (super users and staff); a phone's header shows the count alone.
 */
export function ChaosIndicator({ roles }: { readonly roles: readonly Role[] }) {
  const { t } = useTranslation();
  const count = useMockChaos();
  if (count === 0) return null;
  const canOpen = hasAnyRole(roles, GLOBAL_SCOPE_ROLES);
  const label = t('chaos.header.pill', { count });
  const content = (
    <>
      <Box component="span" visibleFrom="sm">
        {label}
      </Box>
      <Box component="span" hiddenFrom="sm" aria-hidden>
        {t('chaos.header.short', { count })}
      </Box>
    </>
  );
  const props = { 'data-testid': 'chaos-indicator', 'data-count': count, color: 'red', variant: 'filled', size: 'lg', 'aria-label': label } as const;
  // A link to the panel for those who may open it; a plain badge for the others.
  const badge = canOpen ? (
    <Badge {...props} component={Link} to={CHAOS_SECTION_PATH} style={{ cursor: 'pointer', flexShrink: 0 }}>
      {content}
    </Badge>
  ) : (
    <Badge {...props} style={{ flexShrink: 0 }}>
      {content}
    </Badge>
  );
  return (
    <Tooltip label={t(canOpen ? 'chaos.header.tooltip' : 'chaos.header.tooltipNoPanel')} multiline w={280}>
      {badge}
    </Tooltip>
  );
}
