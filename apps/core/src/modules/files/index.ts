/** Files: the files units upload and channels record, and their download links. */
import { bind } from '../../calls.js';
import type { ServiceDeps } from '../deps.js';
import { FileService, fileCalls } from './files.js';

/** The files module's services. */
export function create(deps: ServiceDeps) {
  return { files: new FileService(deps) };
}

export type FilesServices = ReturnType<typeof create>;

/** Each service with the calls it answers. */
export const bindings = [bind((s: FilesServices) => s.files, fileCalls)] as const;
