/**
 * The header's notification centre: a bell with the count of unread entries, and the list it opens
 * (a drawer at the right): what the fleet did, newest first, filtered by unit, kind and severity or
 * to the unread, each entry read on its own or all at once. Entries name units by the name the unit
 * list shows (looked up as the list is shown, so a unit renamed since reads by its new name; the
 * name it had when the entry came, else "a unit not in your lists", where the lists do not hold it).
 *
 * Besides, the centre gives a toast for a critical alert of the unit the person is looking at
 * (`unitInView`), and only for that: every other fleet event waits in the list.
 */
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { lazy } from '../../lib/lazy';
import { ActionIcon, Indicator, Loader, Title } from '@mantine/core';
import { Drawer } from '../../components/Overlays';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useToast } from '../../toast/useToast';
import { entryText, namesFrom, useCentre } from './centreNames';
import { unreadCount } from './centreState';

export { entryText } from './centreNames';

/** The list: its code comes when the bell is first pointed at or opened. */
const loadList = () => import('./CentreList');
const CentreList = lazy(loadList);

/**
 * The unit the person is looking at: the one the address names — `unit` (the unit detail on /list,
 * the map's focused unit, a unit's files on /file_upload) or Multiview's full-screen `tile` — while
 * the console's tab is visible. Null when none.
 */
export function unitInView(search: string, visible: boolean): string | null {
  if (!visible) return null;
  const params = new URLSearchParams(search);
  return params.get('unit') ?? params.get('tile');
}

/** Toasts the critical alerts of the unit in view (the centre lists them too). */
function useCriticalToastsInView(): void {
  const { store, queryClient } = useCentre();
  const toast = useToast();
  const { t } = useTranslation();
  const location = useLocation();
  const latest = useRef({ toast, t, search: location.search });
  useEffect(() => {
    latest.current = { toast, t, search: location.search };
  }, [toast, t, location.search]);
  useEffect(
    () =>
      store.onAdded((entries) => {
        const { toast: show, t: tr, search } = latest.current;
        const inView = unitInView(search, document.visibilityState !== 'hidden');
        if (inView === null) return;
        const names = namesFrom(queryClient, tr);
        for (const entry of entries) {
          const notice = entry.notice;
          if (notice.kind !== 'alert' || notice.level !== 'critical' || notice.unitId !== inView) continue;
          show.show({
            title: tr('toasts.alertCritical'),
            message: entryText(entry, tr, names),
            variant: 'error',
            sound: notice.sound,
            source: 'fleet',
            key: entry.key,
            timeoutMs: CRITICAL_TOAST_MS,
          });
        }
      }),
    [store, queryClient],
  );
}

/** A critical alert's toast stays this long (the spec's 3 s is too short to read a unit's alert). */
const CRITICAL_TOAST_MS = 8000;

function BellIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

/** The bell in the header and the list it opens. */
export function NotificationCentre() {
  const { t } = useTranslation();
  const { state } = useCentre();
  const [opened, setOpened] = useState(false);
  useCriticalToastsInView();
  const unread = unreadCount(state);
  const close = useCallback(() => setOpened(false), []);
  return (
    <>
      <Indicator label={unread > 99 ? '99+' : unread} size={18} disabled={unread === 0} color="red" offset={4} data-testid="centre-badge" data-unread={unread}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          onClick={() => setOpened((o) => !o)}
          onPointerEnter={() => void loadList()}
          onFocus={() => void loadList()}
          aria-label={t('notificationCentre.open', { count: unread })}
          aria-expanded={opened}
          aria-haspopup="dialog"
          data-testid="centre-bell"
        >
          <BellIcon />
        </ActionIcon>
      </Indicator>
      <Drawer
        opened={opened}
        onClose={close}
        position="right"
        size="md"
        title={
          <Title order={2} size="h4">
            {t('notificationCentre.title')}
          </Title>
        }
        closeButtonProps={{ 'aria-label': t('common.close') }}
        data-testid="centre-drawer"
      >
        <Suspense fallback={<Loader size="sm" m="md" />}>
          <CentreList onClose={close} />
        </Suspense>
      </Drawer>
    </>
  );
}
