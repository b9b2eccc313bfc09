/**
 * The unit dialog the unit detail's URL names (`dialog`, see detailParams.ts), when the user's roles
 * may open it (permissions.ts); closing it takes the param out of the URL, the others stay.
 */
import { Suspense } from 'react';
import { lazy } from '../../lib/lazy';
import type { ComponentType, LazyExoticComponent } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { UnitDialogProps } from '../../kit/DialogParts';
import { useUserRoles } from '../../kit/access';
import { DETAIL_PARAMS, readDialog, withParam } from './detailParams';
import type { DetailDialog } from './detailParams';
import { canOpenDialog } from './permissions';

const DIALOG_COMPONENTS: Record<DetailDialog, LazyExoticComponent<ComponentType<UnitDialogProps>>> = {
  speedTest: lazy(() => import('../dialogs/SpeedTestDialog')),
  uploadProgress: lazy(() => import('../dialogs/UploadProgressDialog')),
  sendLogs: lazy(() => import('../dialogs/SendLogsDialog')),
  aiSession: lazy(() => import('../dialogs/AiSessionDialog')),
  guestInvite: lazy(() => import('../dialogs/GuestInviteDialog')),
};

export function UnitDialogOutlet({ unitId }: { readonly unitId: string }) {
  const [params, setParams] = useSearchParams();
  const roles = useUserRoles();
  const dialog = readDialog(params);
  if (dialog === null || !canOpenDialog(roles, dialog)) return null;
  const Dialog = DIALOG_COMPONENTS[dialog];
  return (
    <Suspense fallback={null}>
      <Dialog unitId={unitId} opened onClose={() => setParams((prev) => withParam(prev, DETAIL_PARAMS.dialog, null))} />
    </Suspense>
  );
}
