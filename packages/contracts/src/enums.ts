/**
 * The zod enums of the spec's enumerations; the arrays themselves live in ./enum-values.ts.
 */
import { z } from 'zod';
import {
  ALERT_CONFIG_MODES,
  ALERT_LEVELS,
  ALERT_TYPES,
  APPLICATION_STATES,
  CHANNEL_STATUSES,
  CHANNEL_TYPES,
  IP_PIPE_STATES,
  LANGUAGES,
  MODEM_UI_STATES,
  MODEM_UI_TYPES,
  MULTI_CAMERA_MODES,
  OWNERSHIP_VALUES,
  ROLES,
  SERVER_TYPES,
  SIM_SLOTS,
  STORE_AND_FORWARD_PROFILES,
  TRANSMISSION_MODES,
  UNIT_APPLICATIONS,
  UNIT_COMMANDS,
  UNIT_STATUSES,
  UNIT_STATUS_CHANGE_EVENTS,
  UNIT_TYPE_GROUPS,
  UPGRADE_STATES,
  UPLOADED_FILE_STATUSES,
  VR_CHANNEL_STATUSES,
  WORKING_MODES,
} from './enum-values.js';

export * from './enum-values.js';

export const UnitStatus = z.enum(UNIT_STATUSES);
export type UnitStatus = z.infer<typeof UnitStatus>;
export const UnitApplicationKey = z.enum(UNIT_APPLICATIONS);
export type UnitApplicationKey = z.infer<typeof UnitApplicationKey>;
export const ApplicationState = z.enum(APPLICATION_STATES);
export type ApplicationState = z.infer<typeof ApplicationState>;
export const UnitTypeGroup = z.enum(UNIT_TYPE_GROUPS);
export type UnitTypeGroup = z.infer<typeof UnitTypeGroup>;
export const ServerType = z.enum(SERVER_TYPES);
export type ServerType = z.infer<typeof ServerType>;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;
export const ModemUiType = z.enum(MODEM_UI_TYPES);
export type ModemUiType = z.infer<typeof ModemUiType>;
export const ModemUiState = z.enum(MODEM_UI_STATES);
export type ModemUiState = z.infer<typeof ModemUiState>;
export const SimSlot = z.enum(SIM_SLOTS);
export type SimSlot = z.infer<typeof SimSlot>;
export const TransmissionMode = z.enum(TRANSMISSION_MODES);
export type TransmissionMode = z.infer<typeof TransmissionMode>;
export const WorkingMode = z.enum(WORKING_MODES);
export type WorkingMode = z.infer<typeof WorkingMode>;
export const MultiCameraMode = z.enum(MULTI_CAMERA_MODES);
export type MultiCameraMode = z.infer<typeof MultiCameraMode>;
export const StoreAndForwardProfile = z.enum(STORE_AND_FORWARD_PROFILES);
export type StoreAndForwardProfile = z.infer<typeof StoreAndForwardProfile>;
export const Ownership = z.enum(OWNERSHIP_VALUES);
export type Ownership = z.infer<typeof Ownership>;
export const AlertType = z.enum(ALERT_TYPES);
export type AlertType = z.infer<typeof AlertType>;
export const AlertLevel = z.enum(ALERT_LEVELS);
export type AlertLevel = z.infer<typeof AlertLevel>;
export const AlertConfigMode = z.enum(ALERT_CONFIG_MODES);
export type AlertConfigMode = z.infer<typeof AlertConfigMode>;
export const UploadedFileStatus = z.enum(UPLOADED_FILE_STATUSES);
export type UploadedFileStatus = z.infer<typeof UploadedFileStatus>;
export const ChannelStatus = z.enum(CHANNEL_STATUSES);
export type ChannelStatus = z.infer<typeof ChannelStatus>;
export const ChannelType = z.enum(CHANNEL_TYPES);
export type ChannelType = z.infer<typeof ChannelType>;
export const VrChannelStatus = z.enum(VR_CHANNEL_STATUSES);
export type VrChannelStatus = z.infer<typeof VrChannelStatus>;
export const IpPipeState = z.enum(IP_PIPE_STATES);
export type IpPipeState = z.infer<typeof IpPipeState>;
export const UpgradeState = z.enum(UPGRADE_STATES);
export type UpgradeState = z.infer<typeof UpgradeState>;
export const UnitStatusChangeEvent = z.enum(UNIT_STATUS_CHANGE_EVENTS);
export type UnitStatusChangeEvent = z.infer<typeof UnitStatusChangeEvent>;
export const UnitCommand = z.enum(UNIT_COMMANDS);
export type UnitCommand = z.infer<typeof UnitCommand>;
export const Language = z.enum(LANGUAGES);
export type Language = z.infer<typeof Language>;
