/**
 * The unit configuration tabs of spec 000 §2 and who may apply what. The active tab lives in the
 * URL (`/list?unit=<id>&config=<tab>`), so these are the values of the `config` parameter.
 */

export const CONFIG_TABS = ['connections', 'videoAudio', 'network', 'advanced', 'ipPipe', 'alerts', 'metadata', 'ipInput'] as const;
export type ConfigTab = (typeof CONFIG_TABS)[number];

/** The URL parameter that holds the open tab. */
export const CONFIG_PARAM = 'config';

export function isConfigTab(value: string | null | undefined): value is ConfigTab {
  return typeof value === 'string' && (CONFIG_TABS as readonly string[]).includes(value);
}

/** The tab to show: the URL's, else the one the modal was opened on, else the first. */
export function resolveTab(param: string | null | undefined, initialTab?: string | null): ConfigTab {
  if (isConfigTab(param)) return param;
  if (isConfigTab(initialTab)) return initialTab;
  return CONFIG_TABS[0];
}

/** URL parameters with the tab set, the others kept. */
export function withTab(params: URLSearchParams, tab: ConfigTab): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set(CONFIG_PARAM, tab);
  return next;
}
