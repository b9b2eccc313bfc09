import { setUnauthorizedHandler } from '../api/client';
import { getRuntimeConfig } from '../config/runtimeConfig';
import { LOGIN_PATH, normalizePath } from '../routing/routes';
import { externalLoginUrl } from './auth';
import { loginPathFor } from './initialRoute';

interface Navigator {
  navigate: (to: string, options: { replace: boolean }) => unknown;
  readonly state: { readonly location: { readonly pathname: string; readonly search: string } };
}

/**
 * Spec 000 §7: "A 401 answer redirects to the login page" — the console's /login with the route
 * the user wanted in `next`, or the external login page of the runtime configuration.
 */
export function installUnauthorizedRedirect(router: Navigator): void {
  setUnauthorizedHandler(() => {
    const { pathname, search } = router.state.location;
    if (normalizePath(pathname) === LOGIN_PATH) return;
    const { loginPageUrl } = getRuntimeConfig();
    if (loginPageUrl) {
      window.location.assign(externalLoginUrl(loginPageUrl, window.location.href));
      return;
    }
    void router.navigate(loginPathFor(pathname, search), { replace: true });
  });
}
