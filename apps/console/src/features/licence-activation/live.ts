/** A unit's licences changed with it: the licence activation views that list it are read again (registered in src/live/). */
import type { LicenceActivationView } from '@fleet/contracts';
import { endpointPrefix } from '../../api/hooks';
import type { LiveResource } from '../../realtime/liveRegistry';
import { invalidateReads } from '../../realtime/systemEntities';

export const licencesLive: LiveResource = {
  resource: 'licences',
  events: {
    'unit.updated': {
      rereads: ['getLicenceActivation'],
      apply: ({ queryClient }, event) => {
        const views = queryClient.getQueriesData<LicenceActivationView>({ queryKey: endpointPrefix('getLicenceActivation') });
        if (views.some(([, view]) => view?.units.some((u) => u.unitId === event.unit.uniqueId))) invalidateReads(queryClient, ['getLicenceActivation']);
      },
    },
  },
};
