import { useEffect, useState } from 'react';
import { Alert, Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TIMINGS } from '@fleet/contracts';
import { useEndpointQuery } from '../api/hooks';
import { getRuntimeConfig } from '../config/runtimeConfig';
import { useLiveEvents } from '../kit/useLiveEvents';
import { bannerColor, expiryFlag, initialPollDelay } from './polling';

/**
 * Global notification banner (spec 000 §2): polls client_notifications every 5 minutes, starting
 * after the spec's random initial delay (runtime config `pollInitialDelayMs` or the prop fixes it).
 * A system message created, changed or deleted meanwhile arrives over /ws: a pushed message is put
 * in the list (the realtime provider patches it; before the first poll it starts the poll now), a
 * removed one leaves it.
 */
export function NotificationBanner({ initialDelayMs }: { initialDelayMs?: number }) {
  const { t } = useTranslation();
  const [delay] = useState(() => initialPollDelay(initialDelayMs ?? getRuntimeConfig().pollInitialDelayMs));
  const [started, setStarted] = useState(false);
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    const timer = setTimeout(() => setStarted(true), delay);
    return () => clearTimeout(timer);
  }, [delay]);

  // Screen state: the first notification starts the banner's polling (the event table patches the list).
  useLiveEvents((_client, event) => {
    if (event.type === 'notification') setStarted(true);
  });

  const { data } = useEndpointQuery(
    'fetchClientNotifications',
    {},
    {
      enabled: started,
      refetchInterval: TIMINGS.pollIntervalMs,
      refetchIntervalInBackground: true,
      staleTime: 0,
      retry: false,
    },
  );

  const shown = (data ?? []).filter((item) => !dismissed.has(item.id));
  if (shown.length === 0) return null;
  return (
    <Stack gap="xs" mb="md" data-testid="notification-banner">
      {shown.map((item) => {
        const flag = expiryFlag(item);
        return (
          <Alert
            key={item.id}
            data-testid={`notification-${item.id}`}
            data-level={item.level}
            color={bannerColor(item)}
            withCloseButton
            closeButtonLabel={t('common.close')}
            onClose={() => setDismissed((prev) => new Set(prev).add(item.id))}
          >
            <Group gap="sm" wrap="nowrap" align="flex-start">
              {item.globalNotification && (
                <Badge color="gray" variant="light">
                  {t('notifications.global')}
                </Badge>
              )}
              {flag && (
                <Badge data-testid={`notification-expiry-${item.id}`} data-flag={flag} color={flag === '2h' ? 'red' : 'orange'}>
                  {flag === '2h' ? t('notifications.expiresWithin2h') : t('notifications.expiresWithin24h')}
                </Badge>
              )}
              <Text size="sm">{item.message}</Text>
            </Group>
          </Alert>
        );
      })}
    </Stack>
  );
}
