/**
 * Video return channel calls of spec 001 §7.
 */
import { callsOf } from '../calls.js';
import type { ServiceDeps } from './deps.js';

export class VideoReturnService {
  constructor(private readonly deps: ServiceDeps) {}
}

export const videoReturnCalls = callsOf<VideoReturnService>()({});
