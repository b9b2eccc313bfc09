import type { ServiceDeps } from './deps.js';

/** Channel files and unit files (spec 001 §7 Channel files; spec 000 §2 Files, §3 File). */
export class FileService {
  constructor(private readonly deps: ServiceDeps) {}
}
