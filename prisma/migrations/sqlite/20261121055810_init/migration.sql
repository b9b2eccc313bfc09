-- CreateTable
CREATE TABLE "Organisation" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "externalUid" TEXT,
    "defaultRole" TEXT NOT NULL DEFAULT 'luc_regular',
    "maxUsers" INTEGER NOT NULL DEFAULT 0,
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "OrganisationInventory" (
    "organisationId" TEXT NOT NULL,
    "inventoryId" TEXT NOT NULL,

    PRIMARY KEY ("organisationId", "inventoryId"),
    CONSTRAINT "OrganisationInventory_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "OrganisationInventory_inventoryId_fkey" FOREIGN KEY ("inventoryId") REFERENCES "Inventory" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Inventory" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "region" TEXT NOT NULL DEFAULT '',
    "parentId" TEXT,
    "sipServer" TEXT,
    "properties" JSONB NOT NULL DEFAULT '{}',
    "managedServices" JSONB NOT NULL DEFAULT '{}',
    "settings" JSONB NOT NULL DEFAULT '{}',
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Inventory_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "Inventory" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Group" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "inventoryId" TEXT NOT NULL,
    "autoAssociation" JSONB NOT NULL DEFAULT '{}',
    "alertThresholds" JSONB NOT NULL DEFAULT '{}',
    "defaultConfiguration" JSONB NOT NULL DEFAULT '{}',
    "invitation" JSONB NOT NULL DEFAULT '{}',
    "features" JSONB NOT NULL DEFAULT '{}',
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Group_inventoryId_fkey" FOREIGN KEY ("inventoryId") REFERENCES "Inventory" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Unit" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "comment" TEXT NOT NULL DEFAULT '',
    "productType" TEXT NOT NULL,
    "typeGroup" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'offline',
    "applications" JSONB NOT NULL DEFAULT '{}',
    "swVersion" TEXT NOT NULL,
    "serialNumber" TEXT NOT NULL,
    "sharing" BOOLEAN NOT NULL DEFAULT false,
    "tally" TEXT,
    "latitude" REAL,
    "longitude" REAL,
    "address" TEXT,
    "license" JSONB NOT NULL DEFAULT '{}',
    "usageProfileId" TEXT,
    "capabilities" JSONB NOT NULL DEFAULT '{}',
    "services" JSONB NOT NULL DEFAULT '[]',
    "targetSwVersion" TEXT,
    "workingMode" TEXT NOT NULL DEFAULT 'video',
    "transmissionMode" TEXT NOT NULL DEFAULT 'live',
    "storeAndForwardVideoQuality" TEXT NOT NULL DEFAULT 'standard_h264',
    "filenamePrefix" TEXT,
    "multiCameraLabels" JSONB NOT NULL DEFAULT '[]',
    "hasExtender" BOOLEAN NOT NULL DEFAULT false,
    "selectedChannelId" TEXT,
    "ownership" TEXT NOT NULL DEFAULT 'inventory',
    "configuration" JSONB NOT NULL DEFAULT '{}',
    "alertsConfigMode" TEXT NOT NULL DEFAULT 'automatic',
    "lastReboot" DATETIME,
    "telemetry" JSONB NOT NULL DEFAULT '{}',
    "databridgeGatewayId" TEXT,
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Unit_usageProfileId_fkey" FOREIGN KEY ("usageProfileId") REFERENCES "UsageProfile" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Unit_databridgeGatewayId_fkey" FOREIGN KEY ("databridgeGatewayId") REFERENCES "DatabridgeGateway" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "UnitInventory" (
    "unitId" TEXT NOT NULL,
    "inventoryId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("unitId", "inventoryId"),
    CONSTRAINT "UnitInventory_unitId_fkey" FOREIGN KEY ("unitId") REFERENCES "Unit" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "UnitInventory_inventoryId_fkey" FOREIGN KEY ("inventoryId") REFERENCES "Inventory" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "UnitGroup" (
    "unitId" TEXT NOT NULL,
    "groupId" TEXT NOT NULL,
    "expiresAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("unitId", "groupId"),
    CONSTRAINT "UnitGroup_unitId_fkey" FOREIGN KEY ("unitId") REFERENCES "Unit" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "UnitGroup_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "Group" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "UnitStatusChange" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "unitId" TEXT NOT NULL,
    "from" TEXT NOT NULL,
    "to" TEXT NOT NULL,
    "event" TEXT NOT NULL,
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "UsageRecord" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "unitId" TEXT NOT NULL,
    "periodStart" DATETIME NOT NULL,
    "periodEnd" DATETIME NOT NULL,
    "dataBytes" BIGINT NOT NULL DEFAULT 0,
    "seconds" INTEGER NOT NULL DEFAULT 0,
    "details" JSONB NOT NULL DEFAULT '{}',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "UsageRecord_unitId_fkey" FOREIGN KEY ("unitId") REFERENCES "Unit" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "P2pLink" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "masterUnitId" TEXT,
    "machines" JSONB NOT NULL DEFAULT '[]',
    "status" TEXT NOT NULL DEFAULT 'idle',
    "streaming" BOOLEAN NOT NULL DEFAULT false,
    "configuration" JSONB NOT NULL DEFAULT '{}',
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "P2pLink_masterUnitId_fkey" FOREIGN KEY ("masterUnitId") REFERENCES "Unit" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "P2pLinkGroup" (
    "p2pLinkId" TEXT NOT NULL,
    "groupId" TEXT NOT NULL,
    "selected" BOOLEAN NOT NULL DEFAULT false,

    PRIMARY KEY ("p2pLinkId", "groupId"),
    CONSTRAINT "P2pLinkGroup_p2pLinkId_fkey" FOREIGN KEY ("p2pLinkId") REFERENCES "P2pLink" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "P2pLinkGroup_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "Group" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Alert" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "type" TEXT NOT NULL,
    "level" TEXT NOT NULL,
    "message" TEXT NOT NULL DEFAULT '',
    "unitId" TEXT,
    "serverId" TEXT,
    "channelId" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "acknowledged" BOOLEAN NOT NULL DEFAULT false,
    "value" REAL,
    "details" JSONB NOT NULL DEFAULT '{}',
    "raisedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "clearedAt" DATETIME,
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Alert_unitId_fkey" FOREIGN KEY ("unitId") REFERENCES "Unit" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Alert_serverId_fkey" FOREIGN KEY ("serverId") REFERENCES "Server" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AlertConfiguration" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "scope" TEXT NOT NULL,
    "unitId" TEXT,
    "groupId" TEXT,
    "inventoryId" TEXT,
    "sourceGroupId" TEXT,
    "alerts" JSONB NOT NULL DEFAULT '{}',
    "settings" JSONB NOT NULL DEFAULT '{}',
    "soundSettings" JSONB NOT NULL DEFAULT '{}',
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "AlertConfiguration_unitId_fkey" FOREIGN KEY ("unitId") REFERENCES "Unit" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "AlertConfiguration_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "Group" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "AlertConfiguration_inventoryId_fkey" FOREIGN KEY ("inventoryId") REFERENCES "Inventory" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "AlertConfiguration_sourceGroupId_fkey" FOREIGN KEY ("sourceGroupId") REFERENCES "Group" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AlertEmailRecipient" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "alertConfigurationId" TEXT NOT NULL,
    "alertType" TEXT NOT NULL DEFAULT 'all',
    "email" TEXT NOT NULL,
    "verified" BOOLEAN NOT NULL DEFAULT false,
    "verificationToken" TEXT,
    "verificationExpiresAt" DATETIME,
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "AlertEmailRecipient_alertConfigurationId_fkey" FOREIGN KEY ("alertConfigurationId") REFERENCES "AlertConfiguration" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Story" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "inventoryId" TEXT,
    "slugline" TEXT NOT NULL,
    "crewName" TEXT NOT NULL DEFAULT '',
    "storyId" TEXT NOT NULL DEFAULT '',
    "usageTerms" TEXT NOT NULL DEFAULT '',
    "provider" TEXT NOT NULL DEFAULT '',
    "reporter" TEXT NOT NULL DEFAULT '',
    "keywords" TEXT NOT NULL DEFAULT '',
    "comments" TEXT NOT NULL DEFAULT '',
    "createdById" TEXT,
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Story_inventoryId_fkey" FOREIGN KEY ("inventoryId") REFERENCES "Inventory" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "StoryUnit" (
    "storyId" TEXT NOT NULL,
    "unitId" TEXT NOT NULL,

    PRIMARY KEY ("storyId", "unitId"),
    CONSTRAINT "StoryUnit_storyId_fkey" FOREIGN KEY ("storyId") REFERENCES "Story" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "StoryUnit_unitId_fkey" FOREIGN KEY ("unitId") REFERENCES "Unit" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "StoryIntegration" (
    "inventoryId" TEXT NOT NULL PRIMARY KEY,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "settings" JSONB NOT NULL DEFAULT '{}',
    "lastSyncAt" DATETIME,
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "StoryIntegration_inventoryId_fkey" FOREIGN KEY ("inventoryId") REFERENCES "Inventory" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "File" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "unitId" TEXT NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'recorded',
    "fileName" TEXT NOT NULL,
    "path" TEXT NOT NULL DEFAULT '',
    "rootDirectory" TEXT NOT NULL DEFAULT '',
    "channelId" TEXT,
    "luName" TEXT NOT NULL DEFAULT '',
    "luAlias" TEXT NOT NULL DEFAULT '',
    "mmhId" TEXT,
    "mmhName" TEXT NOT NULL DEFAULT '',
    "sizeBytes" BIGINT NOT NULL DEFAULT 0,
    "lastModified" DATETIME,
    "chunkIndex" INTEGER,
    "chunks" JSONB NOT NULL DEFAULT '[]',
    "isTransferring" BOOLEAN NOT NULL DEFAULT false,
    "status" TEXT,
    "progress" REAL NOT NULL DEFAULT 0,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "storyId" TEXT,
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "File_unitId_fkey" FOREIGN KEY ("unitId") REFERENCES "Unit" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "File_storyId_fkey" FOREIGN KEY ("storyId") REFERENCES "Story" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ChannelFile" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "channelId" TEXT NOT NULL,
    "unitId" TEXT,
    "fileName" TEXT NOT NULL,
    "luName" TEXT NOT NULL DEFAULT '',
    "luAlias" TEXT NOT NULL DEFAULT '',
    "mmhId" TEXT,
    "mmhName" TEXT NOT NULL DEFAULT '',
    "sizeBytes" BIGINT NOT NULL DEFAULT 0,
    "lastModified" DATETIME,
    "chunkIndex" INTEGER,
    "chunks" JSONB NOT NULL DEFAULT '[]',
    "isTransferring" BOOLEAN NOT NULL DEFAULT false,
    "rootDirectory" TEXT NOT NULL DEFAULT '',
    "broadcasting" BOOLEAN NOT NULL DEFAULT false,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "storyId" TEXT,
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "ChannelFile_channelId_fkey" FOREIGN KEY ("channelId") REFERENCES "Channel" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ChannelFile_storyId_fkey" FOREIGN KEY ("storyId") REFERENCES "Story" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "username" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "email" TEXT,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "userType" TEXT NOT NULL,
    "roles" JSONB NOT NULL DEFAULT '[]',
    "userLabel" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "sso" BOOLEAN NOT NULL DEFAULT false,
    "onDemandActivation" BOOLEAN NOT NULL DEFAULT false,
    "enterprise" BOOLEAN NOT NULL DEFAULT false,
    "passwordExpiresAt" DATETIME,
    "passwordExpiryPolicy" TEXT NOT NULL DEFAULT 'never',
    "receiveUpdates" BOOLEAN NOT NULL DEFAULT false,
    "contact" JSONB NOT NULL DEFAULT '{}',
    "props" JSONB NOT NULL DEFAULT '{}',
    "permissions" JSONB NOT NULL DEFAULT '{}',
    "groupId" TEXT,
    "organisationId" TEXT,
    "lastLoginAt" DATETIME,
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "User_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "UserInventory" (
    "userId" TEXT NOT NULL,
    "inventoryId" TEXT NOT NULL,

    PRIMARY KEY ("userId", "inventoryId"),
    CONSTRAINT "UserInventory_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "UserInventory_inventoryId_fkey" FOREIGN KEY ("inventoryId") REFERENCES "Inventory" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "UserGroup" (
    "userId" TEXT NOT NULL,
    "groupId" TEXT NOT NULL,

    PRIMARY KEY ("userId", "groupId"),
    CONSTRAINT "UserGroup_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "UserGroup_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "Group" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Session_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "UserPreference" (
    "userId" TEXT NOT NULL PRIMARY KEY,
    "data" JSONB NOT NULL DEFAULT '{}',
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "UserPreference_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Invitation" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "groupId" TEXT NOT NULL,
    "planType" TEXT NOT NULL,
    "period" TEXT,
    "code" TEXT NOT NULL,
    "email" TEXT,
    "phone" TEXT,
    "deviceName" TEXT,
    "unitId" TEXT,
    "expiresAt" DATETIME,
    "usedAt" DATETIME,
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Invitation_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "Group" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AccessApproval" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "deviceType" TEXT NOT NULL,
    "deviceId" TEXT NOT NULL,
    "requestedById" TEXT,
    "approvedById" TEXT,
    "status" TEXT NOT NULL DEFAULT 'active',
    "reason" TEXT NOT NULL DEFAULT '',
    "expiresAt" DATETIME NOT NULL,
    "usedAt" DATETIME,
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "RemoteAction" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "deviceType" TEXT NOT NULL,
    "deviceId" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "params" JSONB NOT NULL DEFAULT '{}',
    "status" TEXT NOT NULL DEFAULT 'pending',
    "result" JSONB NOT NULL DEFAULT '{}',
    "requestedById" TEXT,
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Notification" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "message" TEXT NOT NULL,
    "expireDate" DATETIME,
    "globalNotification" BOOLEAN NOT NULL DEFAULT false,
    "inventoryId" TEXT,
    "level" TEXT NOT NULL DEFAULT 'info',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "Notification_inventoryId_fkey" FOREIGN KEY ("inventoryId") REFERENCES "Inventory" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "WhatsNew" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL DEFAULT '',
    "releaseVersion" TEXT,
    "link" TEXT,
    "publishedAt" DATETIME,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Publisher" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "shareKey" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "groupId" TEXT,
    "inventoryId" TEXT,
    "sources" JSONB NOT NULL DEFAULT '{}',
    "createdById" TEXT,
    "createdByName" TEXT NOT NULL DEFAULT '',
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Publisher_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "Group" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Publisher_inventoryId_fkey" FOREIGN KEY ("inventoryId") REFERENCES "Inventory" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SubscriberFolder" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "parentId" TEXT,
    "isRoot" BOOLEAN NOT NULL DEFAULT false,
    "inventoryId" TEXT,
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "SubscriberFolder_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "SubscriberFolder" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "SubscriberFolder_inventoryId_fkey" FOREIGN KEY ("inventoryId") REFERENCES "Inventory" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Subscriber" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "shareKey" TEXT NOT NULL,
    "folderId" TEXT,
    "groupId" TEXT,
    "inventoryId" TEXT,
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Subscriber_folderId_fkey" FOREIGN KEY ("folderId") REFERENCES "SubscriberFolder" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Subscriber_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "Group" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Subscriber_inventoryId_fkey" FOREIGN KEY ("inventoryId") REFERENCES "Inventory" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ShareLink" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "token" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "startTime" DATETIME NOT NULL,
    "durationMinutes" INTEGER NOT NULL,
    "endTime" DATETIME NOT NULL,
    "publisherId" TEXT,
    "subscriberId" TEXT,
    "vrChannelId" TEXT,
    "channelId" TEXT,
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "ShareLink_publisherId_fkey" FOREIGN KEY ("publisherId") REFERENCES "Publisher" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ShareLink_subscriberId_fkey" FOREIGN KEY ("subscriberId") REFERENCES "Subscriber" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "UsageProfile" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "quotaPerMonth" REAL NOT NULL,
    "resetDay" INTEGER NOT NULL,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "inventoryId" TEXT,
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "UsageProfile_inventoryId_fkey" FOREIGN KEY ("inventoryId") REFERENCES "Inventory" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Service" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "unitId" TEXT,
    "inventoryId" TEXT,
    "serviceName" TEXT NOT NULL,
    "serviceStatus" TEXT NOT NULL,
    "tier" TEXT,
    "lifecycle" TEXT,
    "trialState" TEXT,
    "trialEndsAt" DATETIME,
    "expiresAt" DATETIME,
    "usageKind" TEXT NOT NULL DEFAULT 'na',
    "usage" JSONB NOT NULL DEFAULT '{}',
    "details" JSONB NOT NULL DEFAULT '{}',
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Service_unitId_fkey" FOREIGN KEY ("unitId") REFERENCES "Unit" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Service_inventoryId_fkey" FOREIGN KEY ("inventoryId") REFERENCES "Inventory" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SoftwareVersion" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "number" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "releaseNotesUrl" TEXT,
    "supportedDevices" JSONB NOT NULL DEFAULT '[]',
    "products" JSONB NOT NULL DEFAULT '{}',
    "deprecated" BOOLEAN NOT NULL DEFAULT false,
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "SoftwareVersionInventory" (
    "softwareVersionId" TEXT NOT NULL,
    "inventoryId" TEXT NOT NULL,

    PRIMARY KEY ("softwareVersionId", "inventoryId"),
    CONSTRAINT "SoftwareVersionInventory_softwareVersionId_fkey" FOREIGN KEY ("softwareVersionId") REFERENCES "SoftwareVersion" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "SoftwareVersionInventory_inventoryId_fkey" FOREIGN KEY ("inventoryId") REFERENCES "Inventory" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "UpgradeBatch" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL DEFAULT '',
    "targetVersion" TEXT NOT NULL,
    "requestedById" TEXT,
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "UpgradeJob" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "deviceType" TEXT NOT NULL,
    "deviceId" TEXT NOT NULL,
    "fromVersion" TEXT NOT NULL,
    "targetVersion" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'pending',
    "failureCode" INTEGER,
    "progress" INTEGER NOT NULL DEFAULT 0,
    "batchId" TEXT,
    "requestedById" TEXT,
    "startedAt" DATETIME,
    "finishedAt" DATETIME,
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "UpgradeJob_batchId_fkey" FOREIGN KEY ("batchId") REFERENCES "UpgradeBatch" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Server" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "serverType" TEXT NOT NULL,
    "productType" TEXT NOT NULL DEFAULT '',
    "serial" TEXT NOT NULL,
    "alias" TEXT NOT NULL DEFAULT '',
    "comment" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'offline',
    "swVersion" TEXT NOT NULL,
    "targetSwVersion" TEXT,
    "inventoryId" TEXT,
    "ifbMode" TEXT,
    "maxChannels" INTEGER NOT NULL DEFAULT 0,
    "webrtcPort" INTEGER,
    "publishingMode" TEXT NOT NULL DEFAULT 'automatic',
    "cloudRegion" TEXT,
    "cloudInstance" TEXT,
    "cloudProvider" TEXT,
    "genlockOffset" INTEGER,
    "deviceId" TEXT,
    "tallyHwStatus" TEXT,
    "audioHwStatus" TEXT,
    "applications" JSONB NOT NULL DEFAULT '{}',
    "state" TEXT,
    "serverUsage" JSONB NOT NULL DEFAULT '{}',
    "upTime" INTEGER,
    "servicesData" JSONB NOT NULL DEFAULT '{}',
    "capabilities" JSONB NOT NULL DEFAULT '{}',
    "specifications" JSONB NOT NULL DEFAULT '{}',
    "ips" JSONB NOT NULL DEFAULT '[]',
    "configuration" JSONB NOT NULL DEFAULT '{}',
    "telemetry" JSONB NOT NULL DEFAULT '{}',
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Server_inventoryId_fkey" FOREIGN KEY ("inventoryId") REFERENCES "Inventory" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Channel" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "serverId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'offline',
    "type" TEXT NOT NULL DEFAULT 'preview',
    "inputKind" TEXT,
    "mode" TEXT,
    "port" INTEGER,
    "recording" BOOLEAN NOT NULL DEFAULT false,
    "output" BOOLEAN NOT NULL DEFAULT false,
    "preview" BOOLEAN NOT NULL DEFAULT true,
    "sharing" BOOLEAN NOT NULL DEFAULT false,
    "distributor" BOOLEAN NOT NULL DEFAULT false,
    "forceOutput" BOOLEAN NOT NULL DEFAULT false,
    "forwardRtmp" BOOLEAN NOT NULL DEFAULT false,
    "ndi" BOOLEAN NOT NULL DEFAULT false,
    "sdiNo" INTEGER,
    "studio" BOOLEAN NOT NULL DEFAULT false,
    "flavor" TEXT,
    "cdnName" TEXT,
    "protocol" TEXT,
    "broadcasterName" TEXT,
    "tally" TEXT,
    "ifb" BOOLEAN NOT NULL DEFAULT false,
    "onAir" BOOLEAN NOT NULL DEFAULT false,
    "supportedByUnit" BOOLEAN NOT NULL DEFAULT true,
    "tallyHwStatus" TEXT,
    "audioHwStatus" TEXT,
    "bandwidthLimit" INTEGER,
    "privateSession" BOOLEAN NOT NULL DEFAULT false,
    "swVersion" TEXT NOT NULL DEFAULT '',
    "liveuVersion" TEXT,
    "serverProductType" TEXT,
    "allocatedTo" TEXT,
    "allocatedToUnitAlias" TEXT,
    "allocatedToUnitUid" TEXT,
    "allocatedToByApp" TEXT,
    "capabilities" JSONB NOT NULL DEFAULT '{}',
    "fetchedRtmpData" JSONB NOT NULL DEFAULT '{}',
    "fileTransfer" JSONB NOT NULL DEFAULT '{}',
    "overlay" JSONB NOT NULL DEFAULT '{}',
    "smpteMetadata" JSONB NOT NULL DEFAULT '{}',
    "ptmpLu100" BOOLEAN NOT NULL DEFAULT false,
    "ptmpStatuses" JSONB NOT NULL DEFAULT '[]',
    "ptmpDelay" INTEGER,
    "uptime" INTEGER,
    "assignment" JSONB NOT NULL DEFAULT '{}',
    "configuration" JSONB NOT NULL DEFAULT '{}',
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Channel_serverId_fkey" FOREIGN KEY ("serverId") REFERENCES "Server" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ChannelInventory" (
    "channelId" TEXT NOT NULL,
    "inventoryId" TEXT NOT NULL,

    PRIMARY KEY ("channelId", "inventoryId"),
    CONSTRAINT "ChannelInventory_channelId_fkey" FOREIGN KEY ("channelId") REFERENCES "Channel" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ChannelInventory_inventoryId_fkey" FOREIGN KEY ("inventoryId") REFERENCES "Inventory" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "GroupChannel" (
    "groupId" TEXT NOT NULL,
    "channelId" TEXT NOT NULL,

    PRIMARY KEY ("groupId", "channelId"),
    CONSTRAINT "GroupChannel_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "Group" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "GroupChannel_channelId_fkey" FOREIGN KEY ("channelId") REFERENCES "Channel" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "VideoReturnChannel" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'offline',
    "uptime" INTEGER,
    "serialNumber" TEXT,
    "inputStandard" TEXT,
    "inputParameters" JSONB NOT NULL DEFAULT '{}',
    "p2MPStreamingStatuses" JSONB NOT NULL DEFAULT '[]',
    "urlData" JSONB NOT NULL DEFAULT '{}',
    "inputType" TEXT NOT NULL DEFAULT 'disabled',
    "url" TEXT,
    "passphrase" TEXT,
    "destinationPort" INTEGER,
    "latency" INTEGER,
    "serverId" TEXT,
    "capabilities" JSONB NOT NULL DEFAULT '{}',
    "ips" JSONB NOT NULL DEFAULT '[]',
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "VideoReturnChannel_serverId_fkey" FOREIGN KEY ("serverId") REFERENCES "Server" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "VrChannelInventory" (
    "vrChannelId" TEXT NOT NULL,
    "inventoryId" TEXT NOT NULL,

    PRIMARY KEY ("vrChannelId", "inventoryId"),
    CONSTRAINT "VrChannelInventory_vrChannelId_fkey" FOREIGN KEY ("vrChannelId") REFERENCES "VideoReturnChannel" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "VrChannelInventory_inventoryId_fkey" FOREIGN KEY ("inventoryId") REFERENCES "Inventory" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "GroupVrChannel" (
    "groupId" TEXT NOT NULL,
    "vrChannelId" TEXT NOT NULL,

    PRIMARY KEY ("groupId", "vrChannelId"),
    CONSTRAINT "GroupVrChannel_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "Group" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "GroupVrChannel_vrChannelId_fkey" FOREIGN KEY ("vrChannelId") REFERENCES "VideoReturnChannel" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AudioRoom" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "inventoryId" TEXT NOT NULL,
    "intercom" BOOLEAN NOT NULL DEFAULT false,
    "participants" JSONB NOT NULL DEFAULT '[]',
    "serverId" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT false,
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "AudioRoom_inventoryId_fkey" FOREIGN KEY ("inventoryId") REFERENCES "Inventory" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "AudioRoom_serverId_fkey" FOREIGN KEY ("serverId") REFERENCES "Server" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "GraphicsComposition" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "inventoryId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "template" TEXT NOT NULL,
    "appId" TEXT,
    "data" JSONB NOT NULL DEFAULT '{}',
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "GraphicsComposition_inventoryId_fkey" FOREIGN KEY ("inventoryId") REFERENCES "Inventory" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "StreamingDestination" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "channelId" TEXT,
    "inventoryId" TEXT,
    "urlPrimary" TEXT,
    "urlSecondary" TEXT,
    "streamId" TEXT,
    "streamType" TEXT,
    "username" TEXT,
    "password" TEXT,
    "videoProfile" TEXT,
    "bitrate" INTEGER,
    "resolution" TEXT,
    "frameRate" TEXT,
    "srtMode" TEXT,
    "sourcePort" INTEGER,
    "passphrase" TEXT,
    "latency" INTEGER,
    "mpegTsIp" TEXT,
    "mpegTsPort" INTEGER,
    "mpegTsBitrate" INTEGER,
    "ffmpegOverride" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT false,
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "StreamingDestination_channelId_fkey" FOREIGN KEY ("channelId") REFERENCES "Channel" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "StreamingDestination_inventoryId_fkey" FOREIGN KEY ("inventoryId") REFERENCES "Inventory" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "IngestAccount" (
    "inventoryId" TEXT NOT NULL PRIMARY KEY,
    "username" TEXT NOT NULL DEFAULT '',
    "passwordHash" TEXT,
    "xslt" TEXT,
    "configuration" JSONB NOT NULL DEFAULT '{}',
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "IngestAccount_inventoryId_fkey" FOREIGN KEY ("inventoryId") REFERENCES "Inventory" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "GeocodingProfile" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "refreshIntervals" JSONB NOT NULL DEFAULT '{}',
    "distanceThreshold" REAL NOT NULL DEFAULT 0,
    "percentageThreshold" REAL NOT NULL DEFAULT 0,
    "geocoders" JSONB NOT NULL DEFAULT '[]',
    "accuracies" JSONB NOT NULL DEFAULT '[]',
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "StreamMediaProfile" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "minResolution" INTEGER NOT NULL DEFAULT 0,
    "maxResolution" INTEGER NOT NULL DEFAULT 0,
    "fps" INTEGER NOT NULL DEFAULT 0,
    "bitrate" INTEGER NOT NULL DEFAULT 0,
    "attributes" JSONB NOT NULL DEFAULT '{}',
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "StreamProvider" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL DEFAULT '',
    "configuration" JSONB NOT NULL DEFAULT '{}',
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "StreamProfile" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "providerId" TEXT NOT NULL,
    "isMain" BOOLEAN NOT NULL DEFAULT false,
    "settings" JSONB NOT NULL DEFAULT '{}',
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "StreamProfile_providerId_fkey" FOREIGN KEY ("providerId") REFERENCES "StreamProvider" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ModemVendor" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "models" JSONB NOT NULL DEFAULT '[]',
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "AiCredential" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "inventoryId" TEXT,
    "credentials" JSONB NOT NULL DEFAULT '{}',
    "active" BOOLEAN NOT NULL DEFAULT true,
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "AiCredential_inventoryId_fkey" FOREIGN KEY ("inventoryId") REFERENCES "Inventory" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ClientApplication" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "clientId" TEXT NOT NULL,
    "secretHash" TEXT,
    "redirectUris" JSONB NOT NULL DEFAULT '[]',
    "scopes" JSONB NOT NULL DEFAULT '[]',
    "active" BOOLEAN NOT NULL DEFAULT true,
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "DatabridgeGateway" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "host" TEXT NOT NULL DEFAULT '',
    "port" INTEGER,
    "status" TEXT NOT NULL DEFAULT 'offline',
    "inventoryId" TEXT,
    "configuration" JSONB NOT NULL DEFAULT '{}',
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "DatabridgeGateway_inventoryId_fkey" FOREIGN KEY ("inventoryId") REFERENCES "Inventory" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ApplicationConfiguration" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "key" TEXT NOT NULL,
    "value" JSONB NOT NULL DEFAULT '{}',
    "description" TEXT NOT NULL DEFAULT '',
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE UNIQUE INDEX "Organisation_name_key" ON "Organisation"("name");

-- CreateIndex
CREATE UNIQUE INDEX "Organisation_externalUid_key" ON "Organisation"("externalUid");

-- CreateIndex
CREATE INDEX "OrganisationInventory_inventoryId_idx" ON "OrganisationInventory"("inventoryId");

-- CreateIndex
CREATE UNIQUE INDEX "Inventory_name_key" ON "Inventory"("name");

-- CreateIndex
CREATE INDEX "Inventory_parentId_idx" ON "Inventory"("parentId");

-- CreateIndex
CREATE INDEX "Group_name_idx" ON "Group"("name");

-- CreateIndex
CREATE UNIQUE INDEX "Group_inventoryId_name_key" ON "Group"("inventoryId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "Unit_name_key" ON "Unit"("name");

-- CreateIndex
CREATE UNIQUE INDEX "Unit_serialNumber_key" ON "Unit"("serialNumber");

-- CreateIndex
CREATE INDEX "Unit_typeGroup_idx" ON "Unit"("typeGroup");

-- CreateIndex
CREATE INDEX "Unit_status_idx" ON "Unit"("status");

-- CreateIndex
CREATE INDEX "Unit_productType_idx" ON "Unit"("productType");

-- CreateIndex
CREATE INDEX "UnitInventory_inventoryId_idx" ON "UnitInventory"("inventoryId");

-- CreateIndex
CREATE INDEX "UnitGroup_groupId_idx" ON "UnitGroup"("groupId");

-- CreateIndex
CREATE INDEX "UnitStatusChange_unitId_at_idx" ON "UnitStatusChange"("unitId", "at");

-- CreateIndex
CREATE INDEX "UnitStatusChange_at_idx" ON "UnitStatusChange"("at");

-- CreateIndex
CREATE UNIQUE INDEX "UsageRecord_unitId_periodStart_key" ON "UsageRecord"("unitId", "periodStart");

-- CreateIndex
CREATE INDEX "P2pLinkGroup_groupId_idx" ON "P2pLinkGroup"("groupId");

-- CreateIndex
CREATE INDEX "Alert_unitId_active_idx" ON "Alert"("unitId", "active");

-- CreateIndex
CREATE INDEX "Alert_serverId_active_idx" ON "Alert"("serverId", "active");

-- CreateIndex
CREATE INDEX "Alert_active_raisedAt_idx" ON "Alert"("active", "raisedAt");

-- CreateIndex
CREATE UNIQUE INDEX "AlertConfiguration_unitId_key" ON "AlertConfiguration"("unitId");

-- CreateIndex
CREATE UNIQUE INDEX "AlertConfiguration_groupId_key" ON "AlertConfiguration"("groupId");

-- CreateIndex
CREATE INDEX "AlertConfiguration_inventoryId_idx" ON "AlertConfiguration"("inventoryId");

-- CreateIndex
CREATE INDEX "AlertConfiguration_scope_idx" ON "AlertConfiguration"("scope");

-- CreateIndex
CREATE UNIQUE INDEX "AlertEmailRecipient_verificationToken_key" ON "AlertEmailRecipient"("verificationToken");

-- CreateIndex
CREATE UNIQUE INDEX "AlertEmailRecipient_alertConfigurationId_alertType_email_key" ON "AlertEmailRecipient"("alertConfigurationId", "alertType", "email");

-- CreateIndex
CREATE INDEX "Story_inventoryId_idx" ON "Story"("inventoryId");

-- CreateIndex
CREATE INDEX "StoryUnit_unitId_idx" ON "StoryUnit"("unitId");

-- CreateIndex
CREATE INDEX "File_unitId_kind_idx" ON "File"("unitId", "kind");

-- CreateIndex
CREATE INDEX "File_channelId_idx" ON "File"("channelId");

-- CreateIndex
CREATE INDEX "ChannelFile_unitId_idx" ON "ChannelFile"("unitId");

-- CreateIndex
CREATE UNIQUE INDEX "ChannelFile_channelId_rootDirectory_fileName_key" ON "ChannelFile"("channelId", "rootDirectory", "fileName");

-- CreateIndex
CREATE UNIQUE INDEX "User_username_key" ON "User"("username");

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE INDEX "User_userType_idx" ON "User"("userType");

-- CreateIndex
CREATE INDEX "UserInventory_inventoryId_idx" ON "UserInventory"("inventoryId");

-- CreateIndex
CREATE INDEX "UserGroup_groupId_idx" ON "UserGroup"("groupId");

-- CreateIndex
CREATE INDEX "Session_userId_idx" ON "Session"("userId");

-- CreateIndex
CREATE INDEX "Session_expiresAt_idx" ON "Session"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "Invitation_code_key" ON "Invitation"("code");

-- CreateIndex
CREATE INDEX "Invitation_groupId_idx" ON "Invitation"("groupId");

-- CreateIndex
CREATE INDEX "AccessApproval_deviceType_deviceId_idx" ON "AccessApproval"("deviceType", "deviceId");

-- CreateIndex
CREATE INDEX "AccessApproval_status_idx" ON "AccessApproval"("status");

-- CreateIndex
CREATE INDEX "RemoteAction_deviceType_deviceId_idx" ON "RemoteAction"("deviceType", "deviceId");

-- CreateIndex
CREATE INDEX "Notification_expireDate_idx" ON "Notification"("expireDate");

-- CreateIndex
CREATE INDEX "Notification_inventoryId_idx" ON "Notification"("inventoryId");

-- CreateIndex
CREATE UNIQUE INDEX "Publisher_shareKey_key" ON "Publisher"("shareKey");

-- CreateIndex
CREATE INDEX "Publisher_groupId_idx" ON "Publisher"("groupId");

-- CreateIndex
CREATE INDEX "Publisher_inventoryId_idx" ON "Publisher"("inventoryId");

-- CreateIndex
CREATE INDEX "SubscriberFolder_parentId_idx" ON "SubscriberFolder"("parentId");

-- CreateIndex
CREATE INDEX "Subscriber_folderId_idx" ON "Subscriber"("folderId");

-- CreateIndex
CREATE INDEX "Subscriber_shareKey_idx" ON "Subscriber"("shareKey");

-- CreateIndex
CREATE UNIQUE INDEX "ShareLink_token_key" ON "ShareLink"("token");

-- CreateIndex
CREATE INDEX "ShareLink_publisherId_idx" ON "ShareLink"("publisherId");

-- CreateIndex
CREATE INDEX "ShareLink_subscriberId_idx" ON "ShareLink"("subscriberId");

-- CreateIndex
CREATE UNIQUE INDEX "UsageProfile_name_key" ON "UsageProfile"("name");

-- CreateIndex
CREATE UNIQUE INDEX "Service_unitId_serviceName_key" ON "Service"("unitId", "serviceName");

-- CreateIndex
CREATE UNIQUE INDEX "Service_inventoryId_serviceName_key" ON "Service"("inventoryId", "serviceName");

-- CreateIndex
CREATE UNIQUE INDEX "SoftwareVersion_number_key" ON "SoftwareVersion"("number");

-- CreateIndex
CREATE INDEX "SoftwareVersionInventory_inventoryId_idx" ON "SoftwareVersionInventory"("inventoryId");

-- CreateIndex
CREATE INDEX "UpgradeJob_deviceType_deviceId_idx" ON "UpgradeJob"("deviceType", "deviceId");

-- CreateIndex
CREATE INDEX "UpgradeJob_state_idx" ON "UpgradeJob"("state");

-- CreateIndex
CREATE INDEX "UpgradeJob_batchId_idx" ON "UpgradeJob"("batchId");

-- CreateIndex
CREATE UNIQUE INDEX "Server_name_key" ON "Server"("name");

-- CreateIndex
CREATE UNIQUE INDEX "Server_serial_key" ON "Server"("serial");

-- CreateIndex
CREATE INDEX "Server_serverType_idx" ON "Server"("serverType");

-- CreateIndex
CREATE INDEX "Server_inventoryId_idx" ON "Server"("inventoryId");

-- CreateIndex
CREATE INDEX "Channel_serverId_idx" ON "Channel"("serverId");

-- CreateIndex
CREATE INDEX "Channel_status_idx" ON "Channel"("status");

-- CreateIndex
CREATE INDEX "Channel_name_idx" ON "Channel"("name");

-- CreateIndex
CREATE INDEX "ChannelInventory_inventoryId_idx" ON "ChannelInventory"("inventoryId");

-- CreateIndex
CREATE INDEX "GroupChannel_channelId_idx" ON "GroupChannel"("channelId");

-- CreateIndex
CREATE UNIQUE INDEX "VideoReturnChannel_name_key" ON "VideoReturnChannel"("name");

-- CreateIndex
CREATE INDEX "VideoReturnChannel_serverId_idx" ON "VideoReturnChannel"("serverId");

-- CreateIndex
CREATE INDEX "VrChannelInventory_inventoryId_idx" ON "VrChannelInventory"("inventoryId");

-- CreateIndex
CREATE INDEX "GroupVrChannel_vrChannelId_idx" ON "GroupVrChannel"("vrChannelId");

-- CreateIndex
CREATE UNIQUE INDEX "AudioRoom_inventoryId_name_key" ON "AudioRoom"("inventoryId", "name");

-- CreateIndex
CREATE INDEX "GraphicsComposition_inventoryId_idx" ON "GraphicsComposition"("inventoryId");

-- CreateIndex
CREATE INDEX "StreamingDestination_channelId_idx" ON "StreamingDestination"("channelId");

-- CreateIndex
CREATE INDEX "StreamingDestination_inventoryId_idx" ON "StreamingDestination"("inventoryId");

-- CreateIndex
CREATE UNIQUE INDEX "GeocodingProfile_name_key" ON "GeocodingProfile"("name");

-- CreateIndex
CREATE UNIQUE INDEX "StreamMediaProfile_name_key" ON "StreamMediaProfile"("name");

-- CreateIndex
CREATE UNIQUE INDEX "StreamProvider_name_key" ON "StreamProvider"("name");

-- CreateIndex
CREATE UNIQUE INDEX "StreamProfile_providerId_name_key" ON "StreamProfile"("providerId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "ModemVendor_name_key" ON "ModemVendor"("name");

-- CreateIndex
CREATE UNIQUE INDEX "ClientApplication_name_key" ON "ClientApplication"("name");

-- CreateIndex
CREATE UNIQUE INDEX "ClientApplication_clientId_key" ON "ClientApplication"("clientId");

-- CreateIndex
CREATE UNIQUE INDEX "DatabridgeGateway_name_key" ON "DatabridgeGateway"("name");

-- CreateIndex
CREATE UNIQUE INDEX "ApplicationConfiguration_key_key" ON "ApplicationConfiguration"("key");
