/** Video return: video return channels. */
import { bind } from '../../calls.js';
import type { ServiceDeps } from '../deps.js';
import { VideoReturnService, videoReturnCalls } from './video-return.js';

/** The video return module's services. */
export function create(deps: ServiceDeps) {
  return { videoReturn: new VideoReturnService(deps) };
}

export type VideoReturnServices = ReturnType<typeof create>;

/** Each service with the calls it answers. */
export const bindings = [bind((s: VideoReturnServices) => s.videoReturn, videoReturnCalls)] as const;
