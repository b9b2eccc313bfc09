/**
 * The route table's error element (Router.tsx: on every route, so React Router's own error page never
 * shows): what failed in the route's own element (a guard, the frame around the pages), in its place
 * — inside the frame for a page of the console, alone on the page for the frame itself — with Retry,
 * which draws the route again. A page's own failures stop at its region (RegionBoundary) first.
 */
import { Box, Center } from '@mantine/core';
import { useLocation, useNavigate, useRouteError } from 'react-router-dom';
import { RegionError } from './RegionBoundary';

export function RouteError({ standalone = false }: { readonly standalone?: boolean }) {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  // A navigation to the same address is a new location: React Router draws the route again.
  const again = () => void navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true });
  const shown = <RegionError error={error} kind="page" compact={false} calls={[]} prefixes={[]} onReset={again} />;
  if (!standalone) return <Box data-testid="route-error">{shown}</Box>;
  return (
    <Center component="main" mih="100vh" p="md" data-testid="route-error">
      <Box w={560} maw="100%">
        {shown}
      </Box>
    </Center>
  );
}
