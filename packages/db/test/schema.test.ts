/**
 * The model: one source, provider-neutral, every entity of both spec documents, and the exact
 * names the core relies on.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIRS, SCHEMA_PATHS } from '../src/paths.js';
import { derivePostgresSchema, readSourceSchema } from '../src/schema-source.js';
import { fixSqliteJsonDefaults, lockfileContent } from '../src/migrate.js';

interface Field {
  name: string;
  type: string;
  attrs: string;
}

function parseModels(schema: string): Map<string, { fields: Field[]; block: string }> {
  const models = new Map<string, { fields: Field[]; block: string }>();
  for (const m of schema.matchAll(/^model (\w+) \{\n([\s\S]*?)^\}/gm)) {
    const body = m[2] ?? '';
    const fields: Field[] = [];
    for (const line of body.split('\n')) {
      const t = line.trim();
      if (!t || t.startsWith('//') || t.startsWith('@@')) continue;
      const f = /^(\w+)\s+(\S+)\s*(.*)$/.exec(t);
      if (f) fields.push({ name: f[1]!, type: f[2]!, attrs: f[3] ?? '' });
    }
    models.set(m[1]!, { fields, block: body });
  }
  return models;
}

const source = readSourceSchema();
const models = parseModels(source);

describe('prisma/schema.prisma', () => {
  it('the committed PostgreSQL schema does not drift from the source (run `pnpm db:generate`)', () => {
    expect(readFileSync(SCHEMA_PATHS.postgresql, 'utf8')).toBe(derivePostgresSchema(source));
  });

  it('differs from the PostgreSQL schema only in the datasource and the client output', () => {
    const pg = derivePostgresSchema(source);
    const strip = (s: string): string =>
      s
        .replace(/^\/\/ GENERATED.*\n\/\/ Only.*\n/, '')
        .replace(/provider = "(sqlite|postgresql)"/, 'provider = "X"')
        .replace(/output(\s*)= ".*generated\/(sqlite|postgresql)"/, 'output$1= "X"');
    expect(strip(pg)).toBe(strip(source));
  });

  it('is provider-neutral: no scalar lists, no native types, no enums', () => {
    const code = source.replace(/\/\/.*$/gm, '');
    expect(code).not.toMatch(/@db\./);
    expect(code).not.toMatch(/^enum /m);
    for (const [model, { fields }] of models) {
      for (const f of fields) {
        if (f.type.endsWith('[]')) {
          expect(models.has(f.type.slice(0, -2)), `${model}.${f.name}: scalar list ${f.type}`).toBe(true);
        }
      }
    }
  });

  it('has every entity of both spec documents', () => {
    const required = [
      'Unit',
      'UnitInventory',
      'UnitGroup',
      'Alert',
      'AlertConfiguration',
      'AlertEmailRecipient',
      'Story',
      'StoryUnit',
      'File',
      'ChannelFile',
      'UserPreference',
      'User',
      'UserInventory',
      'UserGroup',
      'Session',
      'Group',
      'Inventory',
      'Publisher',
      'Subscriber',
      'SubscriberFolder',
      'ShareLink',
      'UsageProfile',
      'GraphicsComposition',
      'SoftwareVersion',
      'Channel',
      'VideoReturnChannel',
      'AudioRoom',
      'Server',
      'Organisation',
      'GeocodingProfile',
      'StreamMediaProfile',
      'StreamingDestination',
      'ModemVendor',
      'StreamProvider',
      'AiCredential',
      'ClientApplication',
      'DatabridgeGateway',
      'ApplicationConfiguration',
      'Service',
      'Notification',
      'AccessApproval',
      'UnitStatusChange',
      'UpgradeJob',
      'WhatsNew',
      'P2pLink',
    ];
    for (const name of required) expect(models.has(name), name).toBe(true);
  });

  it('every mutable main entity has version Int @default(0), createdAt and updatedAt', () => {
    const exempt = new Set(['UnitStatusChange', 'Session']); // append-only log, immutable token
    for (const [name, { fields, block }] of models) {
      if (/@@id\(/.test(block) || exempt.has(name)) continue; // join tables
      const byName = new Map(fields.map((f) => [f.name, f]));
      expect(byName.get('version')?.type, `${name}.version`).toBe('Int');
      expect(byName.get('version')?.attrs, `${name}.version`).toContain('@default(0)');
      expect(byName.get('createdAt')?.type, `${name}.createdAt`).toBe('DateTime');
      expect(byName.get('updatedAt')?.attrs, `${name}.updatedAt`).toContain('@updatedAt');
    }
  });

  it('keeps the names and types the core relies on', () => {
    const expectFields = (model: string, spec: Record<string, string>): void => {
      const fields = new Map((models.get(model)?.fields ?? []).map((f) => [f.name, f]));
      for (const [name, type] of Object.entries(spec)) expect(fields.get(name)?.type, `${model}.${name}`).toBe(type);
    };
    expectFields('Unit', {
      id: 'String',
      name: 'String',
      comment: 'String',
      productType: 'String',
      typeGroup: 'String',
      status: 'String',
      applications: 'Json',
      swVersion: 'String',
      serialNumber: 'String',
      sharing: 'Boolean',
      tally: 'String?',
      latitude: 'Float?',
      longitude: 'Float?',
      address: 'String?',
      license: 'Json',
      usageProfileId: 'String?',
      capabilities: 'Json',
      services: 'Json',
      targetSwVersion: 'String?',
      workingMode: 'String',
      transmissionMode: 'String',
      storeAndForwardVideoQuality: 'String',
      filenamePrefix: 'String?',
      multiCameraLabels: 'Json',
      hasExtender: 'Boolean',
      selectedChannelId: 'String?',
      ownership: 'String',
      configuration: 'Json',
      alertsConfigMode: 'String',
      lastReboot: 'DateTime?',
      telemetry: 'Json',
      version: 'Int',
      createdAt: 'DateTime',
      updatedAt: 'DateTime',
      inventories: 'UnitInventory[]',
      groups: 'UnitGroup[]',
    });
    expectFields('UnitInventory', { unitId: 'String', inventoryId: 'String' });
    expectFields('UnitGroup', { unitId: 'String', groupId: 'String' });
    expectFields('Inventory', {
      id: 'String',
      name: 'String',
      region: 'String',
      parentId: 'String?',
      properties: 'Json',
      managedServices: 'Json',
      sipServer: 'String?',
    });
    expectFields('Group', { id: 'String', name: 'String', inventoryId: 'String' });
    expectFields('User', {
      id: 'String',
      username: 'String',
      passwordHash: 'String',
      email: 'String?',
      firstName: 'String',
      lastName: 'String',
      userType: 'String',
      roles: 'Json',
      userLabel: 'String?',
      active: 'Boolean',
      sso: 'Boolean',
      passwordExpiresAt: 'DateTime?',
      passwordExpiryPolicy: 'String',
      inventories: 'UserInventory[]',
      groups: 'UserGroup[]',
    });
    expectFields('UserInventory', { userId: 'String', inventoryId: 'String' });
    expectFields('UserGroup', { userId: 'String', groupId: 'String' });
    expectFields('Session', { id: 'String', userId: 'String', expiresAt: 'DateTime', createdAt: 'DateTime' });
    expectFields('UserPreference', { userId: 'String', data: 'Json', version: 'Int', updatedAt: 'DateTime' });
    expectFields('Notification', {
      id: 'String',
      message: 'String',
      expireDate: 'DateTime?',
      globalNotification: 'Boolean',
      inventoryId: 'String?',
      createdAt: 'DateTime',
    });
    expectFields('Server', {
      id: 'String',
      name: 'String',
      serverType: 'String',
      serial: 'String',
      alias: 'String',
      status: 'String',
      swVersion: 'String',
      inventoryId: 'String?',
      configuration: 'Json',
    });
    expectFields('Channel', { id: 'String', name: 'String', serverId: 'String', status: 'String', type: 'String' });
    expectFields('VideoReturnChannel', { id: 'String', name: 'String', status: 'String' });
    expectFields('UnitStatusChange', { unitId: 'String', from: 'String', to: 'String', event: 'String', at: 'DateTime' });
    expectFields('UpgradeJob', { deviceId: 'String', targetVersion: 'String', state: 'String', failureCode: 'Int?' });
    expectFields('Service', { serviceName: 'String', serviceStatus: 'String', unitId: 'String?', inventoryId: 'String?' });
    // unique and composite keys
    expect(models.get('Unit')?.fields.find((f) => f.name === 'name')?.attrs).toContain('@unique');
    expect(models.get('Unit')?.fields.find((f) => f.name === 'serialNumber')?.attrs).toContain('@unique');
    expect(models.get('Inventory')?.fields.find((f) => f.name === 'name')?.attrs).toContain('@unique');
    expect(models.get('User')?.fields.find((f) => f.name === 'username')?.attrs).toContain('@unique');
    expect(models.get('Group')?.block).toContain('@@unique([inventoryId, name])');
    expect(models.get('UnitInventory')?.block).toContain('@@id([unitId, inventoryId])');
    expect(models.get('UnitGroup')?.block).toContain('@@id([unitId, groupId])');
    expect(models.get('UserPreference')?.fields.find((f) => f.name === 'userId')?.attrs).toContain('@id');
  });

  it('commits migrations for both providers with their lock files', () => {
    expect(readFileSync(`${MIGRATIONS_DIRS.sqlite}/migration_lock.toml`, 'utf8')).toBe(lockfileContent('sqlite'));
    expect(readFileSync(`${MIGRATIONS_DIRS.postgresql}/migration_lock.toml`, 'utf8')).toBe(lockfileContent('postgresql'));
  });
});

describe('fixSqliteJsonDefaults (prisma/orm#26571)', () => {
  it('quotes Json defaults in CREATE TABLE and ALTER TABLE', () => {
    const sql = [
      'CREATE TABLE "A" (',
      '    "a" JSONB NOT NULL DEFAULT {},',
      '    "b" JSONB NOT NULL DEFAULT [],',
      `    "c" JSONB DEFAULT {"k":"it's"},`,
      '    "d" TEXT NOT NULL DEFAULT \'{}\'',
      ');',
      'ALTER TABLE "A" ADD COLUMN "e" JSONB NOT NULL DEFAULT [1,2];',
    ].join('\n');
    const fixed = fixSqliteJsonDefaults(sql);
    expect(fixed).toContain(`"a" JSONB NOT NULL DEFAULT '{}',`);
    expect(fixed).toContain(`"b" JSONB NOT NULL DEFAULT '[]',`);
    expect(fixed).toContain(`"c" JSONB DEFAULT '{"k":"it''s"}',`);
    expect(fixed).toContain(`"d" TEXT NOT NULL DEFAULT '{}'`);
    expect(fixed).toContain(`"e" JSONB NOT NULL DEFAULT '[1,2]';`);
  });

  it('leaves nothing unquoted in the committed SQLite migrations', () => {
    const init = readFileSync(`${MIGRATIONS_DIRS.sqlite}/${latestMigration()}/migration.sql`, 'utf8');
    expect(init).not.toMatch(/JSONB(?: NOT NULL)? DEFAULT [{[]/);
  });
});

function latestMigration(): string {
  const dirs = readdirSyncDirs(MIGRATIONS_DIRS.sqlite);
  return dirs[dirs.length - 1] ?? '';
}

function readdirSyncDirs(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}
