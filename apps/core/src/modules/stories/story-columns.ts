/** The codecs of the story tables' JSON columns. */
import { z } from 'zod';
import { DEFAULT_STORY_MAPPING, StoryFieldMapping } from '@fleet/contracts';
import { jsonColumn } from '../../platform/storage/json-column.js';

const StoredStoryIntegration = z.looseObject({
  endpoint: z.string().catch(''),
  queue: z.string().catch(''),
  username: z.string().catch(''),
  mapping: StoryFieldMapping.catch(() => ({ ...DEFAULT_STORY_MAPPING })),
});
export type StoryIntegrationSettings = z.output<typeof StoredStoryIntegration>;

/** StoryIntegration.settings: the NRCS endpoint, queue, user and field mapping (a mapping that does not read is the default one). */
export const storyIntegrationSettings = jsonColumn(StoredStoryIntegration, () => ({
  endpoint: '',
  queue: '',
  username: '',
  mapping: { ...DEFAULT_STORY_MAPPING },
}));
