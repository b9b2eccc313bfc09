/**
 * The English texts of the areas the first pages do not use (./resources.ts): a file of their own,
 * loaded once the first page is idle or before a page or part that needs them draws.
 */
import unitDetailEn from './areas/unitDetail.en.json';
import unitConfigEn from './areas/unitConfig.en.json';
import dialogsEn from './areas/dialogs.en.json';
import multiviewEn from './areas/multiview.en.json';
import fileUploadEn from './areas/fileUpload.en.json';
import filesEn from './areas/files.en.json';
import storiesEn from './areas/stories.en.json';
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
import systemDevicesEn from './areas/systemDevices.en.json';
import systemSettingsEn from './areas/systemSettings.en.json';
import streamSettingsEn from './areas/streamSettings.en.json';
import adminPagesEn from './areas/adminPages.en.json';

export const moreEnglishAreas = {
  unitDetail: unitDetailEn,
  unitConfig: unitConfigEn,
  dialogs: dialogsEn,
  multiview: multiviewEn,
  fileUpload: fileUploadEn,
  files: filesEn,
  stories: storiesEn,
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
  systemDevices: systemDevicesEn,
  systemSettings: systemSettingsEn,
  streamSettings: streamSettingsEn,
  adminPages: adminPagesEn,
};

export type MoreEnglishAreas = typeof moreEnglishAreas;
