/**
 * Role-matrix examples of the stories (see ../catalogue-examples.ts for what an example is).
 */
import type { storyEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

export const STORIES_EXAMPLES: { [K in keyof typeof storyEndpoints]: Example<K> } = {
  listInventoryStories: { input: (r) => ({ params: { inventoryId: r.inventory }, query: { search: 'Matrix' } }) },
  countInventoryStories: { input: (r) => ({ params: { inventoryId: r.inventory } }) },
  getStory: { input: (r) => ({ params: { inventoryId: r.inventory, storyId: r.story } }) },
  createStory: { input: (_r, w) => ({ params: { inventoryId: _r.inventory }, body: { slugline: `Matrix new ${w.role}`, reporter: 'R. Matrix' } }) },
  updateStory: {
    input: async (r, w) => ({
      params: { inventoryId: r.inventory, storyId: r.story },
      body: { version: await w.storyVersion(r.story), comments: `Edited by ${w.role}` },
    }),
  },
  deleteStory: { input: (r) => ({ params: { inventoryId: r.inventory, storyId: r.deleteStory } }) },
  // Assigning needs the unit off the story, unassigning needs it on.
  assignStoryUnit: {
    input: (r) => ({ params: { inventoryId: r.inventory, storyId: r.story, unitId: r.unit } }),
    setup: (w) => w.storyHasUnit(w.refs.story, w.refs.unit, false),
  },
  unassignStoryUnit: {
    input: (r) => ({ params: { inventoryId: r.inventory, storyId: r.story, unitId: r.unit } }),
    setup: (w) => w.storyHasUnit(w.refs.story, w.refs.unit, true),
  },
  getStoryIntegration: { input: (r) => ({ params: { inventoryId: r.inventory } }) },
  // One integration per inventory, shared by every role: read its version and write in turn.
  updateStoryIntegration: {
    input: async (r, w) => ({
      params: { inventoryId: r.inventory },
      body: { version: await w.storyIntegrationVersion(r.inventory), queue: `MATRIX.${w.role.toUpperCase()}` },
    }),
    exclusive: true,
  },
  testStoryMapping: { input: (r) => ({ params: { inventoryId: r.inventory }, body: { sample: { slug: 'Election night', id: 1 } } }) },
};
