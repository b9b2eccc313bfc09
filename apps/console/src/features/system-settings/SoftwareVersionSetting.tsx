/**
 * Software versions (spec 001 §2 /system_settings software_version): the /sw_version screen itself
 * (its list, filters, create, edit, inventories and delete, kept current over /ws), shown in the tab.
 */
import SoftwareVersionsPage from '../software-versions/SoftwareVersions.page';
import type { SystemSettingsProps } from './SystemSettings';

export default function SoftwareVersionSetting(_props: SystemSettingsProps) {
  return <SoftwareVersionsPage />;
}
