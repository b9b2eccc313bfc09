/** Loads the live table (live/table.ts) on demand: the realtime provider asks for it with the first event; once loaded, every provider has it at once. */
import type { LiveTable } from '../realtime/liveRegistry';
import type { LiveTableLoader } from '../realtime/RealtimeProvider';

let loaded: LiveTable | null = null;

export const loadLiveTable: LiveTableLoader = Object.assign(
  (): Promise<LiveTable> =>
    import('./table').then((module) => {
      loaded = module.LIVE_TABLE;
      return loaded;
    }),
  { loaded: (): LiveTable | null => loaded },
);
