/**
 * Software versions by product (spec 001 §2 /system_settings software_version_product; §3 Software
 * version: supported devices).
 *
 * A product is one of a version's supported devices (unit type groups and server types). The tab
 * lists each product with the versions supporting it (newest first), and adds or removes a product
 * on a version. Both go through the software versions service's own update (the supported devices
 * list, over the row version given: 409 when it changed), so the rules, storage and the
 * `softwareVersion.changed` announcement are the /sw_version screen's.
 */
import {
  SOFTWARE_VERSION_DEVICES,
  type SoftwareVersion,
  type SoftwareVersionDevice,
  type SoftwareVersionProductChange,
  type SoftwareVersionProducts,
  LIMITS,
} from '@fleet/contracts';
import { callsOf } from '../../calls.js';
import { AppError } from '../../errors.js';
import type { AuthUser } from '../../platform/access.js';
import type { SoftwareVersionService } from './software-versions.js';

export class SoftwareVersionProductService {
  constructor(private readonly versions: SoftwareVersionService) {}

  /** Every product with the versions supporting it, and every version, newest first (as the /sw_version list orders them). */
  async list(user: AuthUser): Promise<SoftwareVersionProducts> {
    const all: SoftwareVersion[] = [];
    for (let offset = 0; ; offset += LIMITS.pageSizeMax) {
      const page = await this.versions.list(user, { offset, limit: LIMITS.pageSizeMax, searchKey: 'number', sortBy: 'number', sortDir: 'desc' });
      all.push(...page.items);
      if (all.length >= page.total || page.items.length === 0) break;
    }
    const brief = (v: SoftwareVersion) => ({ id: v.id, number: v.number, deprecated: v.deprecated, version: v.version });
    return {
      products: SOFTWARE_VERSION_DEVICES.map((product) => ({ product, versions: all.filter((v) => v.supportedDevices.includes(product)).map(brief) })),
      versions: all.map((v) => ({ ...brief(v), supportedDevices: v.supportedDevices })),
    };
  }

  /** PUT v2/admin/softwareVersions/{id}/products/{product}: already supported → unchanged (after the version check). */
  async add(user: AuthUser, id: string, product: SoftwareVersionDevice, version: number | undefined): Promise<SoftwareVersionProductChange> {
    return this.change(user, id, version, (devices) => (devices.includes(product) ? null : [...devices, product]));
  }

  /** DELETE v2/admin/softwareVersions/{id}/products/{product}: not supported → unchanged (after the version check). */
  async remove(user: AuthUser, id: string, product: SoftwareVersionDevice, version: number | undefined): Promise<SoftwareVersionProductChange> {
    return this.change(user, id, version, (devices) => (devices.includes(product) ? devices.filter((d) => d !== product) : null));
  }

  private async change(
    user: AuthUser,
    id: string,
    version: number | undefined,
    next: (devices: readonly SoftwareVersionDevice[]) => SoftwareVersionDevice[] | null,
  ): Promise<SoftwareVersionProductChange> {
    const current = await this.versions.get(user, id);
    const devices = next(current.supportedDevices);
    if (version !== undefined && version !== current.version) throw new AppError('CONFLICT');
    // Nothing to change: answered as it is, nothing written or announced.
    const result =
      devices === null ? current : await this.versions.update(user, id, { supportedDevices: devices, ...(version !== undefined ? { version } : {}) });
    return { id: result.id, number: result.number, supportedDevices: result.supportedDevices, version: result.version };
  }
}

export const softwareVersionProductCalls = callsOf<SoftwareVersionProductService>()({
  listSoftwareVersionProducts: (svc, _input, user) => svc.list(user),
  addSoftwareVersionProduct: (svc, { params, body }, user) => svc.add(user, params.id, params.product, body.version),
  removeSoftwareVersionProduct: (svc, { params, query }, user) => svc.remove(user, params.id, params.product, query.version),
});
