-- CreateTable
CREATE TABLE "UpgradeBatchLine" (
    "batchId" TEXT NOT NULL,
    "line" INTEGER NOT NULL,
    "deviceId" TEXT NOT NULL,
    "deviceType" TEXT,
    "targetVersion" TEXT NOT NULL,
    "accepted" BOOLEAN NOT NULL,
    "jobId" TEXT,
    "errorCode" TEXT,
    "outcome" JSONB NOT NULL DEFAULT '{}',

    PRIMARY KEY ("batchId", "line"),
    CONSTRAINT "UpgradeBatchLine_batchId_fkey" FOREIGN KEY ("batchId") REFERENCES "UpgradeBatch" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
