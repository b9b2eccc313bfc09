import { NavLink } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@fleet/contracts';
import { useMockCapabilities } from '../features/simulator/useMockCapabilities';
import { canOpen } from '../routing/decideRoute';
import { toRouteUser } from '../session/hooks';
import { SIMULATOR_PATH, visibleMenu } from './menu';
import type { MenuEntry } from './menu';
import { useServiceGates } from './useServiceGates';

function isActive(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

function containsActive(entry: MenuEntry, pathname: string): boolean {
  if (entry.type === 'link') return isActive(pathname, entry.to);
  return entry.items.some((item) => containsActive(item, pathname));
}

function Entry({ entry, pathname, onNavigate }: { entry: MenuEntry; pathname: string; onNavigate: () => void }) {
  const { t } = useTranslation();
  const label = t(`menu.${entry.id}`);
  switch (entry.type) {
    case 'link':
      return (
        <NavLink component={Link} to={entry.to} label={label} active={isActive(pathname, entry.to)} onClick={onNavigate} data-testid={`nav-${entry.id}`} />
      );
    case 'group':
      return (
        <NavLink label={label} defaultOpened={containsActive(entry, pathname) || entry.id === 'units'} childrenOffset="md" data-testid={`nav-${entry.id}`}>
          {entry.items.map((item) => (
            <Entry key={item.id} entry={item} pathname={pathname} onNavigate={onNavigate} />
          ))}
        </NavLink>
      );
  }
}

/**
 * The menu of spec 000 §2 without the entries this user's roles cannot open or whose managed
 * service is off for the current inventory (followed live), and with the mock's Simulator when the probe answered.
 */
export function NavMenu({ user, onNavigate }: { user: CurrentUser; onNavigate: () => void }) {
  const { pathname } = useLocation();
  const routeUser = toRouteUser(user);
  // Only users the route table lets into the panel probe for it.
  const { mock } = useMockCapabilities(canOpen(routeUser, SIMULATOR_PATH));
  const featureOff = useServiceGates();
  const entries = visibleMenu(routeUser, undefined, { mock, featureOff });
  return (
    // AppShell.Navbar is the page's one <nav>.
    <div data-testid="nav-menu">
      {entries.map((entry) => (
        <Entry key={entry.id} entry={entry} pathname={pathname} onNavigate={onNavigate} />
      ))}
    </div>
  );
}
