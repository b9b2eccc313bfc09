/**
 * Role-matrix examples of the stream media profiles calls (see ../catalogue-examples.ts for what an example is).
 */
import type { streamMediaProfileEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';
import { streamSettingIds } from './stream-setting-ids.js';

export const STREAM_MEDIA_PROFILES_EXAMPLES: { [K in keyof typeof streamMediaProfileEndpoints]: Example<K> } = {
  listStreamMediaProfiles: { input: () => ({ query: {} }) },
  getStreamMediaProfile: { input: (_r, w) => ({ params: { id: streamSettingIds(w.role).mediaProfile } }) },
  createStreamMediaProfile: {
    input: (_r, w) => ({
      body: { name: `Matrix-Media-${w.role}-new`, minResolution: 480, maxResolution: 1080, fps: 30, bitrate: 4000, attributes: { codec: 'h264' } },
    }),
  },
  updateStreamMediaProfile: { input: (_r, w) => ({ params: { id: streamSettingIds(w.role).mediaProfile }, body: { fps: 25 } }) },
  deleteStreamMediaProfile: { input: (_r, w) => ({ params: { id: streamSettingIds(w.role).deleteMediaProfile } }) },
};
