/**
 * The unit detail panel's URL search params (the panel lives in /list?unit=<id>): `tab` (the
 * detail tab of spec 000 §2), `config` (the unit configuration modal is open; its value is the
 * configuration tab to open on) and `dialog` (one of the unit dialogs of spec 000 §2). Every other
 * param (`unit`, the list's filters ...) is kept as it is.
 */

/** Spec 000 §2 "Unit detail tabs: Camera, Multi Camera, Intercom, Databridge, Video Return, Xtend mode". */
export const DETAIL_TABS = ['camera', 'multiCamera', 'intercom', 'databridge', 'videoReturn', 'xtend'] as const;
export type DetailTab = (typeof DETAIL_TABS)[number];

/** Spec 000 §2 "speed test dialog, upload progress, send-logs dialog, AI session dialog, guest interview invite". */
export const DETAIL_DIALOGS = ['speedTest', 'uploadProgress', 'sendLogs', 'aiSession', 'guestInvite'] as const;
export type DetailDialog = (typeof DETAIL_DIALOGS)[number];

export const DETAIL_PARAMS = { tab: 'tab', config: 'config', dialog: 'dialog' } as const;
export type DetailParam = (typeof DETAIL_PARAMS)[keyof typeof DETAIL_PARAMS];

/** The configuration tab the Configure button opens on (spec 000 §2: Connections comes first). */
export const DEFAULT_CONFIG_TAB = 'connections';

export const DEFAULT_TAB: DetailTab = 'camera';

function isOneOf<T extends string>(values: readonly T[], value: string | null): value is T {
  return value !== null && (values as readonly string[]).includes(value);
}

/** The tab to show: the param when it names a tab, else Camera. */
export function readTab(params: URLSearchParams): DetailTab {
  const value = params.get(DETAIL_PARAMS.tab);
  return isOneOf(DETAIL_TABS, value) ? value : DEFAULT_TAB;
}

/** The open dialog, or null (an unknown name opens nothing). */
export function readDialog(params: URLSearchParams): DetailDialog | null {
  const value = params.get(DETAIL_PARAMS.dialog);
  return isOneOf(DETAIL_DIALOGS, value) ? value : null;
}

/** The configuration modal's tab when the modal is open (any value, even empty, opens it), else null. */
export function readConfig(params: URLSearchParams): string | null {
  return params.get(DETAIL_PARAMS.config);
}

/** A copy of `params` with one param set (or removed with null); the others stay in their order. */
export function withParam(params: URLSearchParams, name: DetailParam, value: string | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === null) next.delete(name);
  else next.set(name, value);
  return next;
}
