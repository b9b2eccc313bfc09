/** Software versions are read again on their events (registered in src/live/). */
import { onEach, reread } from '../../realtime/liveRegistry';
import type { LiveResource } from '../../realtime/liveRegistry';

const SOFTWARE_VERSION_READS = ['listSoftwareVersionProducts', 'listSoftwareVersions', 'getSoftwareVersion'] as const;

export const softwareVersionsLive: LiveResource = {
  resource: 'softwareVersions',
  events: onEach(['softwareVersion.changed', 'softwareVersion.removed'] as const, { rereads: SOFTWARE_VERSION_READS, apply: reread(SOFTWARE_VERSION_READS) }),
};
