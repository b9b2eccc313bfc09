/**
 * Batch upgrades from a CSV of at most 500 devices (spec 001 §5, §9; /batch_upgrade).
 */
import type { CreateUpgradeBatchBody, UpgradeBatch, UpgradeBatchCreated, UpgradeBatchListQuery, UpgradeBatchPage } from '@fleet/contracts';
import { callsOf } from '../calls.js';
import { AppError } from '../errors.js';
import type { AuthUser } from './access.js';
import type { ServiceDeps } from './deps.js';

export class UpgradeBatchService {
  constructor(private readonly deps: ServiceDeps) {}

  // Contract first: the calls below are filled in next.
  async create(_user: AuthUser, _body: CreateUpgradeBatchBody): Promise<UpgradeBatchCreated> {
    void this.deps;
    throw new AppError('NOT_FOUND');
  }
  async list(_user: AuthUser, _query: UpgradeBatchListQuery): Promise<UpgradeBatchPage> {
    throw new AppError('NOT_FOUND');
  }
  async get(_user: AuthUser, _id: string): Promise<UpgradeBatch> {
    throw new AppError('NOT_FOUND');
  }
}

export const upgradeBatchCalls = callsOf<UpgradeBatchService>()({
  createUpgradeBatch: (s, { body }, user) => s.create(user, body),
  listUpgradeBatches: (s, { query }, user) => s.list(user, query),
  getUpgradeBatch: (s, { params }, user) => s.get(user, params.id),
});
