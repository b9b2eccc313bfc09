import { useDeferredValue, useEffect } from 'react';
import { useMantineColorScheme } from '@mantine/core';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { RoutedFrameLoader } from '../components/FrameLoader';
import { FullPageLoader } from '../components/FullPageLoader';
import { changeLanguage, isLanguage } from '../i18n';
import { ERROR_PATH } from '../routing/routes';
import { useCurrentUserQuery, usePreferencesQuery } from './hooks';
import { initialRedirect } from './initialRoute';
import { useSessionControl } from './SessionProvider';

/**
 * Spec 000 §2: on the first load the current user and the preferences load before any page; the
 * user is then sent to the saved route (unless `ignoreRouteDefault`), and a failed preferences load
 * goes to /error. Wraps every route that needs a user (not /login, /error, /unauthorized_user).
 */
export default function SessionGate() {
  const location = useLocation();
  const navigate = useNavigate();
  const { i18n } = useTranslation();
  const { initialRouteApplied, redirectingFrom, markInitialRouteApplied } = useSessionControl();
  const user = useCurrentUserQuery();
  const prefs = usePreferencesQuery();
  const prefsSettled = prefs.isSuccess || prefs.isError;
  const language = prefs.data?.language;
  const scheme = prefs.data?.colorScheme;
  const { setColorScheme } = useMantineColorScheme();

  useEffect(() => {
    if (initialRouteApplied || !user.isSuccess || !prefsSettled) return;
    const target = initialRedirect({
      pathname: location.pathname,
      search: location.search,
      currentRoute: prefs.data?.currentRoute,
      preferencesFailed: prefs.isError,
    });
    if (target === null) {
      markInitialRouteApplied();
      return;
    }
    // The router commits the saved route in a transition, after this update renders: the page of the
    // location left is not shown meanwhile (`/` would redirect to the list, and win whenever the
    // shell's chunk is already loaded).
    markInitialRouteApplied(location.key);
    void navigate(target, { replace: true });
  }, [initialRouteApplied, user.isSuccess, prefsSettled, prefs.data, prefs.isError, location, navigate, markInitialRouteApplied]);

  // The preferences' language wins over the browser's once signed in.
  useEffect(() => {
    if (isLanguage(language) && language !== i18n.language) void changeLanguage(i18n, language);
  }, [language, i18n]);

  // So does their colour scheme (absent: as this browser last had it); only a change of the
  // preference applies it, so a switch applied here before its save answers is not undone.
  useEffect(() => {
    if (scheme !== undefined) setColorScheme(scheme);
  }, [scheme, setColorScheme]);

  // The pages mount in a deferred render (it yields to the browser between components) once the
  // session is there: the loader stays until that render is done (and comes back at once).
  const readyNow = user.isSuccess && initialRouteApplied && location.key !== redirectingFrom;
  const ready = useDeferredValue(readyNow) && readyNow;
  if (user.isError) {
    // 401: the client is already on its way to the login page.
    if (user.error.status === 401) return <FullPageLoader />;
    return <Navigate to={ERROR_PATH} replace />;
  }
  if (!ready) return <RoutedFrameLoader />;
  return <Outlet />;
}
