/** Stories are read again on their events (registered in src/live/). */
import { onEach, reread } from '../../realtime/liveRegistry';
import type { LiveResource } from '../../realtime/liveRegistry';
import { STORY_READS } from './storyLogic';

export const storiesLive: LiveResource = {
  resource: 'stories',
  events: onEach(['story.changed', 'story.removed'] as const, { rereads: STORY_READS, apply: reread(STORY_READS) }),
};
