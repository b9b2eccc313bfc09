/**
 * Graphics (spec 001 §7 Graphics): my graphics, singular, delete app, templates, permissions, job status; trial of §9.
 */
import { endpoint, type EndpointDef } from './define.js';

void endpoint;

export const graphicsEndpoints = {} as const satisfies Record<string, EndpointDef>;
