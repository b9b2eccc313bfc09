/** The notification centre hears every event as it arrives (registered in src/live/ as an observer: never replayed onto a read). */
import type { LiveResource } from '../../realtime/liveRegistry';
import { centreOf } from './centreStore';

export const notificationCentreLive: LiveResource = {
  resource: 'notificationCentre',
  events: {},
  observe: ({ queryClient }, events) => centreOf(queryClient).take(events),
};
