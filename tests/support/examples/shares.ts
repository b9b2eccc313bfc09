/**
 * Role-matrix examples of the shares calls (see ../catalogue-examples.ts for what an example is).
 */
import type { shareEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

const slug = (role: string) => role.replace(/_/g, '-');
/** A start well in the future whenever the row runs. */
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();

export const SHARES_EXAMPLES: { [K in keyof typeof shareEndpoints]: Example<K> } = {
  listPublishers: { input: (r) => ({ query: { groupId: r.group } }) },
  createPublisher: { input: (r, w) => ({ body: { groupId: r.group, name: `Matrix-Pub-${slug(w.role)}`.slice(0, 32), description: 'matrix' } }) },
  listShareSources: { input: (r) => ({ params: { id: r.group } }) },
  updatePublisher: { input: (r) => ({ params: { id: r.publisher }, body: { description: 'matrix edited' } }) },
  regeneratePublisherShareKey: { input: (r) => ({ params: { id: r.publisher }, body: {} }) },
  deletePublisher: { input: (r) => ({ params: { id: r.deletePublisher } }) },
  createShareLink: { input: (r) => ({ params: { id: r.publisher }, body: { description: 'Matrix link', startTime: tomorrow(), durationMinutes: 60 } }) },
  deleteShareLink: { input: (r) => ({ params: { id: r.publisher, linkId: r.shareLink } }) },
  listSubscriberFolders: { input: (r) => ({ params: { id: r.inventory } }) },
  createSubscriberFolder: { input: (r, w) => ({ params: { id: r.inventory }, body: { name: `Matrix-Folder-${slug(w.role)}`.slice(0, 32) } }) },
  updateSubscriberFolder: { input: (r) => ({ params: { id: r.subscriberFolder }, body: { name: 'Matrix-Renamed' } }) },
  deleteSubscriberFolder: { input: (r) => ({ params: { id: r.deleteSubscriberFolder } }) },
  listSubscribers: { input: (r) => ({ params: { id: r.inventory }, query: {} }) },
  createSubscriber: {
    input: (r, w) => ({ params: { id: r.inventory }, body: { name: `Matrix-Sub-${slug(w.role)}`.slice(0, 32), shareKey: 'MATRIXSHAREKEY' } }),
  },
  updateSubscriber: { input: (r) => ({ params: { id: r.subscriber }, body: { name: 'Matrix-Sub-Renamed' } }) },
  deleteSubscriber: { input: (r) => ({ params: { id: r.deleteSubscriber } }) },
};
