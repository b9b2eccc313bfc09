/**
 * Role-matrix examples of the stream providers calls (see ../catalogue-examples.ts for what an example is).
 * The rows are the role's own, made by the matrix's set-up (`streamSettingIds`): one edited, one only the delete acts on.
 */
import type { streamProviderEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';
import { streamSettingIds } from './stream-setting-ids.js';

export const STREAM_PROVIDERS_EXAMPLES: { [K in keyof typeof streamProviderEndpoints]: Example<K> } = {
  listStreamProviders: { input: () => ({ query: {} }) },
  getStreamProvider: { input: (_r, w) => ({ params: { id: streamSettingIds(w.role).provider } }) },
  createStreamProvider: {
    input: (_r, w) => ({ body: { name: `Matrix-Provider-${w.role}-new`, kind: 'rtmp', configuration: { url: 'rtmp://matrix.test/live' } } }),
  },
  updateStreamProvider: { input: (_r, w) => ({ params: { id: streamSettingIds(w.role).provider }, body: { kind: 'srt' } }) },
  deleteStreamProvider: { input: (_r, w) => ({ params: { id: streamSettingIds(w.role).deleteProvider } }) },
  listStreamProfiles: { input: (_r, w) => ({ query: { providerId: streamSettingIds(w.role).provider } }) },
  getStreamProfile: { input: (_r, w) => ({ params: { id: streamSettingIds(w.role).profile } }) },
  createStreamProfile: {
    input: (_r, w) => ({ body: { providerId: streamSettingIds(w.role).provider, name: `Matrix-Profile-${w.role}-new`, settings: { bitrate: 4000 } } }),
  },
  updateStreamProfile: { input: (_r, w) => ({ params: { id: streamSettingIds(w.role).profile }, body: { settings: { bitrate: 5000 } } }) },
  deleteStreamProfile: { input: (_r, w) => ({ params: { id: streamSettingIds(w.role).deleteProfile } }) },
};
