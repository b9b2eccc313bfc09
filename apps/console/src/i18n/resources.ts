/**
 * The translation tree: the shell's texts (en.json / zh.json) plus one file per console area
 * (areas/<area>.<lang>.json, the top-level key `<area>`), so each area's texts live beside each
 * other and areas never edit the same file. English is bundled; Chinese loads on first use.
 */
import en from './en.json';
import unitListEn from './areas/unitList.en.json';
import unitDetailEn from './areas/unitDetail.en.json';
import unitConfigEn from './areas/unitConfig.en.json';
import dialogsEn from './areas/dialogs.en.json';
import multiviewEn from './areas/multiview.en.json';
import mapEn from './areas/map.en.json';
import fileUploadEn from './areas/fileUpload.en.json';
import filesEn from './areas/files.en.json';
import storiesEn from './areas/stories.en.json';
import unitActionsEn from './areas/unitActions.en.json';
import channelsEn from './areas/channels.en.json';
import videoReturnEn from './areas/videoReturn.en.json';
import devicesEn from './areas/devices.en.json';
import usersEn from './areas/users.en.json';
import audioRoomsEn from './areas/audio-rooms.en.json';
import graphicsEn from './areas/graphics.en.json';
import groupsEn from './areas/groups.en.json';
import remoteActionsEn from './areas/remoteActions.en.json';
import contractorEntitiesEn from './areas/contractorEntities.en.json';
import sharesEn from './areas/shares.en.json';
import upgradesEn from './areas/upgrades.en.json';
import batchUpgradeEn from './areas/batchUpgrade.en.json';
import usageProfilesEn from './areas/usageProfiles.en.json';
import reportsEn from './areas/reports.en.json';
import softwareVersionsEn from './areas/softwareVersions.en.json';
import managedServicesEn from './areas/managedServices.en.json';
import licenceActivationEn from './areas/licenceActivation.en.json';
import systemEntitiesEn from './areas/systemEntities.en.json';
import systemDevicesEn from './areas/systemDevices.en.json';
import systemSettingsEn from './areas/systemSettings.en.json';
import streamSettingsEn from './areas/streamSettings.en.json';
import adminPagesEn from './areas/adminPages.en.json';
import accountEn from './areas/account.en.json';
import entryPagesEn from './areas/entryPages.en.json';
import simulatorEn from './areas/simulator.en.json';
import faultsEn from './areas/faults.en.json';
import chaosEn from './areas/chaos.en.json';
import kitEn from './areas/kit.en.json';
import notificationCentreEn from './areas/notificationCentre.en.json';
import regionsEn from './areas/regions.en.json';

/** The areas' texts, each under its area's key. */
const areas = {
  unitList: unitListEn,
  unitDetail: unitDetailEn,
  unitConfig: unitConfigEn,
  dialogs: dialogsEn,
  multiview: multiviewEn,
  map: mapEn,
  fileUpload: fileUploadEn,
  files: filesEn,
  stories: storiesEn,
  unitActions: unitActionsEn,
  channels: channelsEn,
  videoReturn: videoReturnEn,
  devices: devicesEn,
  users: usersEn,
  audioRooms: audioRoomsEn,
  graphics: graphicsEn,
  groups: groupsEn,
  remoteActions: remoteActionsEn,
  contractorEntities: contractorEntitiesEn,
  shares: sharesEn,
  upgrades: upgradesEn,
  batchUpgrade: batchUpgradeEn,
  usageProfiles: usageProfilesEn,
  reports: reportsEn,
  softwareVersions: softwareVersionsEn,
  managedServices: managedServicesEn,
  licenceActivation: licenceActivationEn,
  systemEntities: systemEntitiesEn,
  systemDevices: systemDevicesEn,
  systemSettings: systemSettingsEn,
  streamSettings: streamSettingsEn,
  adminPages: adminPagesEn,
  account: accountEn,
  entryPages: entryPagesEn,
  simulator: simulatorEn,
  faults: faultsEn,
  chaos: chaosEn,
  kit: kitEn,
  notificationCentre: notificationCentreEn,
  regions: regionsEn,
};

export const englishResources = { ...en, ...areas };

export type TranslationTree = typeof englishResources;

/** The Chinese files of the areas, each its own chunk (an area's file is named by its key, save one). */
const chineseAreas = import.meta.glob<unknown>('./areas/*.zh.json', { import: 'default' });
const FILE_OF: Partial<Record<keyof typeof areas, string>> = { audioRooms: 'audio-rooms' };

/** Chinese texts, loaded on first use. */
export async function loadChineseResources(): Promise<Record<keyof TranslationTree, unknown>> {
  const names = Object.keys(areas) as (keyof typeof areas)[];
  const [zh, ...texts] = await Promise.all([import('./zh.json'), ...names.map((area) => chineseAreas[`./areas/${FILE_OF[area] ?? area}.zh.json`]?.())]);
  // Every area has its Chinese file (i18n.test.ts checks both languages have the same keys).
  return { ...zh.default, ...(Object.fromEntries(names.map((area, i) => [area, texts[i]])) as Record<keyof typeof areas, unknown>) };
}
