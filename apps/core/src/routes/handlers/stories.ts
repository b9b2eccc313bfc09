/**
 * Handlers of the stories calls (spec 000 §2 Stories, §3 Story, §5; spec 001 §7 Inventories:
 * stories with count). Thin: input is parsed by the catalogue; the StoryService checks the
 * inventory scope and the rules, and builds the answers field by field.
 */
import type { storyEndpoints } from '@fleet/contracts';
import type { HandlersFor } from './types.js';

export const storyHandlers: HandlersFor<keyof typeof storyEndpoints> = {
  listInventoryStories: ({ params, query }, { user, services }) => services.stories.listStories(user, params.inventoryId, query),
  countInventoryStories: ({ params }, { user, services }) => services.stories.countStories(user, params.inventoryId),
  getStory: ({ params }, { user, services }) => services.stories.getStory(user, params.inventoryId, params.storyId),
  createStory: ({ params, body }, { user, services }) => services.stories.createStory(user, params.inventoryId, body),
  updateStory: ({ params, body }, { user, services }) => services.stories.updateStory(user, params.inventoryId, params.storyId, body),
  deleteStory: ({ params }, { user, services }) => services.stories.deleteStory(user, params.inventoryId, params.storyId),
  assignStoryUnit: ({ params }, { user, services }) => services.stories.assignUnit(user, params.inventoryId, params.storyId, params.unitId),
  unassignStoryUnit: ({ params }, { user, services }) => services.stories.unassignUnit(user, params.inventoryId, params.storyId, params.unitId),
  getStoryIntegration: ({ params }, { user, services }) => services.stories.getIntegration(user, params.inventoryId),
  updateStoryIntegration: ({ params, body }, { user, services }) => services.stories.updateIntegration(user, params.inventoryId, body),
  testStoryMapping: ({ params, body }, { user, services }) => services.stories.testMapping(user, params.inventoryId, body),
};
