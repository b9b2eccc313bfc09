import type { PageRoute } from '../routing/routes';

/** What Router.tsx hands every page. */
export interface PageProps {
  readonly route: PageRoute;
}
