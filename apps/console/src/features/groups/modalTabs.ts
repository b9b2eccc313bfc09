/** The group modal's tabs and their place in the address (`/groups?group=<id>&tab=<tab>`), kept out of the lazy modal chunk. */
export const TAB_PARAM = 'tab';
export const GROUP_TABS = ['general', 'alerts', 'defaultConfiguration', 'invitations'] as const;
export type GroupTab = (typeof GROUP_TABS)[number];

/** The tab an address names; the general tab for none or an unknown one. */
export function tabOf(value: string | null): GroupTab {
  return GROUP_TABS.find((tab) => tab === value) ?? 'general';
}
