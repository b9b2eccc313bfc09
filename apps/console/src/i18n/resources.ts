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
import kitEn from './areas/kit.en.json';

export const englishResources = {
  ...en,
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
  kit: kitEn,
};

export type TranslationTree = typeof englishResources;

/** Chinese texts, loaded as one chunk on first use. */
export async function loadChineseResources(): Promise<Record<keyof TranslationTree, unknown>> {
  const [zh, unitList, unitDetail, unitConfig, dialogs, multiview, map, fileUpload, files, stories, unitActions, channels, videoReturn, devices, users] =
    await Promise.all([
      import('./zh.json'),
      import('./areas/unitList.zh.json'),
      import('./areas/unitDetail.zh.json'),
      import('./areas/unitConfig.zh.json'),
      import('./areas/dialogs.zh.json'),
      import('./areas/multiview.zh.json'),
      import('./areas/map.zh.json'),
      import('./areas/fileUpload.zh.json'),
      import('./areas/files.zh.json'),
      import('./areas/stories.zh.json'),
      import('./areas/unitActions.zh.json'),
      import('./areas/channels.zh.json'),
      import('./areas/videoReturn.zh.json'),
      import('./areas/devices.zh.json'),
      import('./areas/users.zh.json'),
    ]);
  return {
    ...zh.default,
    unitList: unitList.default,
    unitDetail: unitDetail.default,
    unitConfig: unitConfig.default,
    dialogs: dialogs.default,
    multiview: multiview.default,
    map: map.default,
    fileUpload: fileUpload.default,
    files: files.default,
    stories: stories.default,
    unitActions: unitActions.default,
    channels: channels.default,
    videoReturn: videoReturn.default,
    devices: devices.default,
    users: users.default,
    // Loaded beside the others' chunk (kept out of the list above so areas do not edit the same line).
    audioRooms: (await import('./areas/audio-rooms.zh.json')).default,
    graphics: (await import('./areas/graphics.zh.json')).default,
    // Loaded beside the others' chunk (kept out of the list above so areas do not edit the same line).
    groups: (await import('./areas/groups.zh.json')).default,
    // Loaded beside the others' chunk (kept out of the list above so areas do not edit the same line).
    remoteActions: (await import('./areas/remoteActions.zh.json')).default,
    contractorEntities: (await import('./areas/contractorEntities.zh.json')).default,
    shares: (await import('./areas/shares.zh.json')).default,
    upgrades: (await import('./areas/upgrades.zh.json')).default,
    batchUpgrade: (await import('./areas/batchUpgrade.zh.json')).default,
    usageProfiles: (await import('./areas/usageProfiles.zh.json')).default,
    reports: (await import('./areas/reports.zh.json')).default,
    softwareVersions: (await import('./areas/softwareVersions.zh.json')).default,
    managedServices: (await import('./areas/managedServices.zh.json')).default,
    licenceActivation: (await import('./areas/licenceActivation.zh.json')).default,
    systemEntities: (await import('./areas/systemEntities.zh.json')).default,
    systemDevices: (await import('./areas/systemDevices.zh.json')).default,
    systemSettings: (await import('./areas/systemSettings.zh.json')).default,
    streamSettings: (await import('./areas/streamSettings.zh.json')).default,
    adminPages: (await import('./areas/adminPages.zh.json')).default,
    account: (await import('./areas/account.zh.json')).default,
    entryPages: (await import('./areas/entryPages.zh.json')).default,
    simulator: (await import('./areas/simulator.zh.json')).default,
    kit: (await import('./areas/kit.zh.json')).default,
  };
}
