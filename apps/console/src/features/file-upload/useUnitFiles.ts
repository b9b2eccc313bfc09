import type { UnitStorageFiles } from '@fleet/contracts';
import { useEndpointQuery } from '../../api/hooks';

/** While an upload runs, its progress is read again this often (no event carries it). */
export const PROGRESS_REFRESH_MS = 2000;

/** The query key prefix of every file listing of one unit (all storages or one path). */
export function unitFilesKey(unitId: string): readonly unknown[] {
  return ['getUnitStorageFiles', { params: { id: unitId } }];
}

/** A transfer is running (a waiting upload starts with file.transferStarted, which refreshes the listing). */
function hasRunningUploads(data: UnitStorageFiles | undefined): boolean {
  return data?.files.some((f) => f.isTransferring || f.status === 'uploading') ?? false;
}

/**
 * A unit's files (GET v2/units/{id}/storages/files, optionally ?path=), kept live: a file transfer
 * event of the unit (file.transferStarted / file.transferCompleted, spec 000 §4) is applied to the
 * cached listings at once and the listings are read again for the progress (both by the realtime
 * event table); while an upload runs
 * the listing is refreshed every PROGRESS_REFRESH_MS.
 */
export function useUnitFiles(unitId: string, path: string | undefined) {
  /** Every file of the unit (uploads and pending uploads come from here). */
  const all = useEndpointQuery(
    'getUnitStorageFiles',
    { params: { id: unitId } },
    { enabled: unitId !== '', refetchInterval: (query) => (hasRunningUploads(query.state.data) ? PROGRESS_REFRESH_MS : false) },
  );
  const byPath = useEndpointQuery('getUnitStorageFiles', { params: { id: unitId }, query: { path } }, { enabled: unitId !== '' && path !== undefined });

  // `storage`: the files of the chosen storage (storages/files?path=), or every file when none is chosen.
  return { all, storage: path === undefined ? all : byPath };
}
