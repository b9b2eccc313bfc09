/** What one unit setting changes: the stored configuration and the Unit columns lists need. */
import type { StoredUnitConfiguration } from '../../platform/storage/unit-columns.js';

/** The Unit columns a setting may change besides `configuration`. */
export interface UnitColumns {
  transmissionMode?: string;
  workingMode?: string;
  storeAndForwardVideoQuality?: string;
  filenamePrefix?: string | null;
  multiCameraLabels?: string[];
  selectedChannelId?: string | null;
  alertsConfigMode?: string;
}

/** What one setting changes: the configuration (whole, merged by the caller) and columns. */
export interface SettingChange {
  configuration?: StoredUnitConfiguration;
  columns?: UnitColumns;
}
