/**
 * Stories of an inventory and their integration settings (spec 000 §2 Stories, §3 Story, §5; spec 001 §7 Inventories: stories with count).
 *
 * The spec does not show these paths ("Paths for files, stories and dialogs are not shown"); ours
 * sit under the inventory, spec 001 §7 "Inventories ... stories with count":
 *
 * | id | method | path |
 * |---|---|---|
 * | listInventoryStories | GET | /v2/inventories/{inventoryId}/stories |
 * | countInventoryStories | GET | /v2/inventories/{inventoryId}/stories/count |
 * | getStory | GET | /v2/inventories/{inventoryId}/stories/{storyId} |
 * | createStory | POST | /v2/inventories/{inventoryId}/stories |
 * | updateStory | PUT | /v2/inventories/{inventoryId}/stories/{storyId} |
 * | deleteStory | DELETE | /v2/inventories/{inventoryId}/stories/{storyId} |
 * | assignStoryUnit | PUT | /v2/inventories/{inventoryId}/stories/{storyId}/units/{unitId} |
 * | unassignStoryUnit | DELETE | /v2/inventories/{inventoryId}/stories/{storyId}/units/{unitId} |
 * | getStoryIntegration | GET | /v2/inventories/{inventoryId}/stories/integration |
 * | updateStoryIntegration | PUT | /v2/inventories/{inventoryId}/stories/integration |
 * | testStoryMapping | POST | /v2/inventories/{inventoryId}/stories/integration/test |
 *
 * Roles (spec 000 §6 "stories may not be added, deleted or configured for some user types"; the
 * full matrix is not shown): reading for every console user (CONSOLE_ROLES); adding, editing,
 * deleting and assigning units for the broader set (BROADER_ROLES, which includes luc_regular;
 * never luc_read); the integration settings (NRCS sync, test mapping) for the manage set
 * (MANAGE_ROLES).
 *
 * Scope (checked by the service): the inventory must be one of the caller's inventories or hold
 * one of the caller's groups (super user and staff: every inventory); otherwise, and for unknown
 * inventories or stories, the answer is 404. Unit assignment takes only units the caller can see
 * that belong to the story's inventory (404 otherwise). Every change is published on /ws as
 * `story.changed` / `story.removed` to the inventory's topic and its groups' topics.
 */
import { BROADER_ROLES, CONSOLE_ROLES, MANAGE_ROLES } from '../roles.js';
import {
  CreateStoryBody,
  Story,
  StoryCount,
  StoryDeleted,
  StoryIntegration,
  StoryInventoryParams,
  StoryListQuery,
  StoryMappingResult,
  StoryPage,
  StoryParams,
  StoryUnitParams,
  TestStoryMappingBody,
  UpdateStoryBody,
  UpdateStoryIntegrationBody,
} from '../entities/stories.js';
import { endpoint, type EndpointDef } from './define.js';

const read = { roles: CONSOLE_ROLES, scope: 'none' } as const;
const write = { roles: BROADER_ROLES, scope: 'none' } as const;
const configure = { roles: MANAGE_ROLES, scope: 'none' } as const;
const base = '/v2/inventories/{inventoryId}/stories';

export const storyEndpoints = {
  listInventoryStories: endpoint({
    method: 'GET',
    path: base,
    summary: 'One page of the stories of an inventory with the count of all matching ones (search, sort, paging)',
    spec: '001 §7 Inventories: stories with count; 000 §2 Stories: list; 000 §3 Story',
    ...read,
    params: StoryInventoryParams,
    query: StoryListQuery,
    response: StoryPage,
  }),
  countInventoryStories: endpoint({
    method: 'GET',
    path: `${base}/count`,
    summary: 'The number of stories of an inventory',
    spec: '001 §7 Inventories: stories with count',
    ...read,
    params: StoryInventoryParams,
    response: StoryCount,
  }),
  getStory: endpoint({
    method: 'GET',
    path: `${base}/{storyId}`,
    summary: 'One story: its fields, last modified and assigned units',
    spec: '000 §2 Stories: details; 000 §3 Story',
    ...read,
    params: StoryParams,
    response: Story,
  }),
  createStory: endpoint({
    method: 'POST',
    path: base,
    summary: 'Add a story to an inventory',
    spec: "000 §2 Stories: add; 000 §5 'Story fields: at most 1024 characters; slugline required (message: Slugline is missing)'",
    ...write,
    params: StoryInventoryParams,
    body: CreateStoryBody,
    response: Story,
    successStatus: 201,
  }),
  updateStory: endpoint({
    method: 'PUT',
    path: `${base}/{storyId}`,
    summary: 'Edit a story (version-checked: a stale version answers 409)',
    spec: "000 §2 Stories: edit; 000 §5 'Story fields: at most 1024 characters; slugline required (message: Slugline is missing)'",
    ...write,
    params: StoryParams,
    body: UpdateStoryBody,
    response: Story,
  }),
  deleteStory: endpoint({
    method: 'DELETE',
    path: `${base}/{storyId}`,
    summary: 'Delete a story',
    spec: '000 §6 stories may not be added, deleted or configured for some user types',
    ...write,
    params: StoryParams,
    response: StoryDeleted,
  }),
  assignStoryUnit: endpoint({
    method: 'PUT',
    path: `${base}/{storyId}/units/{unitId}`,
    summary: "Assign a unit of the story's inventory to the story (idempotent)",
    spec: '000 §3 Story: assigned units',
    ...write,
    params: StoryUnitParams,
    response: Story,
  }),
  unassignStoryUnit: endpoint({
    method: 'DELETE',
    path: `${base}/{storyId}/units/{unitId}`,
    summary: 'Remove a unit from the story (idempotent)',
    spec: '000 §3 Story: assigned units',
    ...write,
    params: StoryUnitParams,
    response: Story,
  }),
  getStoryIntegration: endpoint({
    method: 'GET',
    path: `${base}/integration`,
    summary: 'The story integration settings of an inventory (NRCS sync, field mapping)',
    spec: '000 §2 Stories: integration settings modal (NRCS sync, test mapping); 000 §9 NRCS sync interval 5 minutes',
    ...configure,
    params: StoryInventoryParams,
    response: StoryIntegration,
  }),
  updateStoryIntegration: endpoint({
    method: 'PUT',
    path: `${base}/integration`,
    summary: 'Change the story integration settings (version-checked); enabling needs an endpoint and a slugline mapping',
    spec: '000 §2 Stories: integration settings modal (NRCS sync); 000 §6 stories may not be configured for some user types',
    ...configure,
    params: StoryInventoryParams,
    body: UpdateStoryIntegrationBody,
    response: StoryIntegration,
  }),
  testStoryMapping: endpoint({
    method: 'POST',
    path: `${base}/integration/test`,
    summary: 'Dry run: map a sample NRCS story to story fields and check them (nothing stored, no network)',
    spec: '000 §2 Stories: integration settings modal (test mapping); 000 §5 story field rules',
    ...configure,
    params: StoryInventoryParams,
    body: TestStoryMappingBody,
    response: StoryMappingResult,
  }),
} as const satisfies Record<string, EndpointDef>;
