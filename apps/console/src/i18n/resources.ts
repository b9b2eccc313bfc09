/**
 * The translation tree: the shell's texts (en.json / zh.json) plus one file per console area
 * (areas/<area>.<lang>.json, the top-level key `<area>`), so each area's texts live beside each
 * other and areas never edit the same file.
 *
 * English comes in two parts: the frame's and the first pages' areas (below) are bundled with the
 * entry; the other areas' (./moreEnglish.ts) load once the first page is idle, and before any other
 * page or lazily loaded part draws (lib/lazy.ts, Router.tsx), so the first page does not carry every
 * screen's texts. firstEnglish.test.ts checks that what the entry and the first pages import uses
 * only the bundled areas. Chinese loads whole on first use.
 */
import en from './en.json';
import unitListEn from './areas/unitList.en.json';
import mapEn from './areas/map.en.json';
import unitActionsEn from './areas/unitActions.en.json';
import channelsEn from './areas/channels.en.json';
import videoReturnEn from './areas/videoReturn.en.json';
import devicesEn from './areas/devices.en.json';
import systemEntitiesEn from './areas/systemEntities.en.json';
import accountEn from './areas/account.en.json';
import entryPagesEn from './areas/entryPages.en.json';
import simulatorEn from './areas/simulator.en.json';
import faultsEn from './areas/faults.en.json';
import chaosEn from './areas/chaos.en.json';
import kitEn from './areas/kit.en.json';
import notificationCentreEn from './areas/notificationCentre.en.json';
import regionsEn from './areas/regions.en.json';
import type { MoreEnglishAreas } from './moreEnglish';

/** The areas the frame and the first pages (sign-in, the unit list, the map) use, each under its area's key. */
const firstAreas = {
  unitList: unitListEn,
  map: mapEn,
  unitActions: unitActionsEn,
  channels: channelsEn,
  videoReturn: videoReturnEn,
  devices: devicesEn,
  systemEntities: systemEntitiesEn,
  account: accountEn,
  entryPages: entryPagesEn,
  simulator: simulatorEn,
  faults: faultsEn,
  chaos: chaosEn,
  kit: kitEn,
  notificationCentre: notificationCentreEn,
  regions: regionsEn,
};

/** The bundled English texts: the shell's and the first areas'. */
export const firstEnglish = { ...en, ...firstAreas };

/** The English texts of the other areas (./moreEnglish.ts), loaded on demand. */
export async function loadMoreEnglish(): Promise<MoreEnglishAreas> {
  return (await import('./moreEnglish')).moreEnglishAreas;
}

/** Every English text: the bundled ones and the others, loaded. */
export async function loadEnglishResources(): Promise<TranslationTree> {
  return { ...firstEnglish, ...(await loadMoreEnglish()) };
}

export type TranslationTree = typeof firstEnglish & MoreEnglishAreas;

type AreaKey = keyof typeof firstAreas | keyof MoreEnglishAreas;

/** Every area's key (both parts). */
export const AREA_KEYS: readonly AreaKey[] = [
  'unitList',
  'unitDetail',
  'unitConfig',
  'dialogs',
  'multiview',
  'map',
  'fileUpload',
  'files',
  'stories',
  'unitActions',
  'channels',
  'videoReturn',
  'devices',
  'users',
  'audioRooms',
  'graphics',
  'groups',
  'remoteActions',
  'contractorEntities',
  'shares',
  'upgrades',
  'batchUpgrade',
  'usageProfiles',
  'reports',
  'softwareVersions',
  'managedServices',
  'licenceActivation',
  'systemEntities',
  'systemDevices',
  'systemSettings',
  'streamSettings',
  'adminPages',
  'account',
  'entryPages',
  'simulator',
  'faults',
  'chaos',
  'kit',
  'notificationCentre',
  'regions',
];

/** The areas bundled with the entry. */
export const FIRST_AREA_KEYS: readonly AreaKey[] = Object.keys(firstAreas) as (keyof typeof firstAreas)[];

/** The Chinese files of the areas, each its own chunk (an area's file is named by its key, save one). */
const chineseAreas = import.meta.glob<unknown>('./areas/*.zh.json', { import: 'default' });
const FILE_OF: Partial<Record<AreaKey, string>> = { audioRooms: 'audio-rooms' };

/** Chinese texts, loaded on first use. */
export async function loadChineseResources(): Promise<Record<keyof TranslationTree, unknown>> {
  const names = AREA_KEYS;
  const [zh, ...texts] = await Promise.all([import('./zh.json'), ...names.map((area) => chineseAreas[`./areas/${FILE_OF[area] ?? area}.zh.json`]?.())]);
  // Every area has its Chinese file (i18n.test.ts checks both languages have the same keys).
  return { ...zh.default, ...(Object.fromEntries(names.map((area, i) => [area, texts[i]])) as Record<AreaKey, unknown>) };
}
