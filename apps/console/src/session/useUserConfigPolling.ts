import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { TIMINGS } from '@fleet/contracts';
import { endpointKey } from '../api/hooks';
import { getRuntimeConfig } from '../config/runtimeConfig';
import { initialPollDelay, schedulePolling } from '../notifications/polling';
import { fetchCurrentUser } from './hooks';

/**
 * Spec 000 §7 / 001 §7: the user configuration (GET users/current: roles, groups, inventories and
 * the user props, among them wsLibrary and wsBatchSize) is polled every TIMINGS.pollIntervalMs
 * after a random initial delay of 1-300 s (runtime config `pollInitialDelayMs` fixes it).
 *
 * A successful poll replaces the cached user, so everything reading it follows (the realtime
 * topics, the websocket library check). A failed poll changes nothing: the session keeps the user
 * it has (a 401 still goes to the log-in page through the client's handler).
 */
export function useUserConfigPolling(initialDelayMs?: number): void {
  const queryClient = useQueryClient();
  const [delay] = useState(() => initialPollDelay(initialDelayMs ?? getRuntimeConfig().pollInitialDelayMs));
  useEffect(
    () =>
      schedulePolling(
        () => {
          fetchCurrentUser()
            .then((user) => queryClient.setQueryData(endpointKey('getCurrentUser'), user))
            .catch((error: unknown) => console.warn('user configuration poll failed', error));
        },
        { initialDelayMs: delay, intervalMs: TIMINGS.pollIntervalMs },
      ),
    [queryClient, delay],
  );
}
