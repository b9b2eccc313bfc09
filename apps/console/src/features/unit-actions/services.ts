/**
 * The services modal's rules (spec 001 §3 Service: serviceName, serviceStatus; spec 000 §6 "A
 * service counts as enabled when its status is ENABLED"): the list in name order and which of the
 * contracts' SERVICES can still be added.
 */
import { SERVICES } from '@fleet/contracts';
import type { UnitServiceInfo } from '@fleet/contracts';
import { isServiceEnabled } from '@fleet/domain';

export type ServiceName = (typeof SERVICES)[number];

export function isEnabled(service: Pick<UnitServiceInfo, 'serviceStatus'>): boolean {
  return isServiceEnabled(service.serviceStatus);
}

export function sortedServices<T extends Pick<UnitServiceInfo, 'serviceName'>>(services: readonly T[]): T[] {
  return [...services].sort((a, b) => a.serviceName.localeCompare(b.serviceName));
}

/**
 * The services that can be added: those of the SERVICES list the unit does not have enabled. A
 * service the unit holds in another status (disabled, expired, ...) is offered too: adding it
 * enables it again (catalogue addUnitService).
 */
export function addableServices(services: readonly Pick<UnitServiceInfo, 'serviceName' | 'serviceStatus'>[]): ServiceName[] {
  const enabled = new Set(services.filter(isEnabled).map((s) => s.serviceName));
  return SERVICES.filter((name) => !enabled.has(name));
}

export function isServiceName(value: string): value is ServiceName {
  return (SERVICES as readonly string[]).includes(value);
}
