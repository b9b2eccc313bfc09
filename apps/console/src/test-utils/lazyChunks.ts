/**
 * The console's lazy chunks that component tests open (React.lazy modals, dialogs and tabs), loaded
 * before a test file runs (setup.ts). A test waits for what it opens a short while; on a loaded
 * machine, transforming and evaluating a chunk's module graph the first time it is opened took
 * longer than that wait, and the wait is for the component, not for the test environment.
 */
const chunks = import.meta.glob([
  '../features/unit-actions/*Modal.tsx',
  '../features/dialogs/*Dialog.tsx',
  '../features/unit-config/UnitConfigModal.tsx',
  '../features/unit-detail/{UnitDetailPanel,BitrateChart}.tsx',
  '../features/units/{UnitExpanded,UnitFilters}.tsx',
  '../features/devices/Upgrade*Modal.tsx',
  '../features/groups/{GroupModal,GroupNameModal,AlertsTab,DefaultConfigurationTab}.tsx',
  '../features/groups/invitations/{InvitationsTab,AddLuSmartModal,GroupGuestInvite}.tsx',
  '../features/users/UserModal.tsx',
  '../features/channels/{ChannelModal,ChannelPanels}.tsx',
  '../features/video-return/VrChannelModal.tsx',
  '../features/files/FileDetails.tsx',
  '../features/map/UnitMap.tsx',
  // The app's own route table (renderRoutes with routeObjects): the shell, the sections and their pages.
  '../session/SessionGate.tsx',
  '../shell/AppLayout.tsx',
  '../pages/Section.page.tsx',
  '../features/auth/Login.page.tsx',
  '../features/groups/Groups.page.tsx',
  '../features/units/UnitList.page.tsx',
  '../features/system-entities/*Entity.tsx',
  '../features/system-settings/*Setting.tsx',
]);

let loaded: Promise<unknown> | null = null;

/** Loads every chunk once per worker (the files of a worker share their module cache). */
export function preloadLazyChunks(): Promise<unknown> {
  // The live table too (what realtime events change, loaded with a console's first event): a test
  // waiting for an event's effect waits for the effect, not for the table's module graph.
  loaded ??= Promise.all([...Object.values(chunks).map((load) => load()), import('../live/load').then((m) => m.loadLiveTable())]);
  return loaded;
}
