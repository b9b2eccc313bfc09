-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_SoftwareVersion" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "number" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "releaseNotesUrl" TEXT,
    "supportedDevices" JSONB NOT NULL DEFAULT '[]',
    "products" JSONB NOT NULL DEFAULT '{}',
    "deprecated" BOOLEAN NOT NULL DEFAULT false,
    "version" INTEGER NOT NULL DEFAULT 0,
    "jobsStarted" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_SoftwareVersion" ("createdAt", "deprecated", "description", "id", "number", "products", "releaseNotesUrl", "supportedDevices", "updatedAt", "version") SELECT "createdAt", "deprecated", "description", "id", "number", "products", "releaseNotesUrl", "supportedDevices", "updatedAt", "version" FROM "SoftwareVersion";
DROP TABLE "SoftwareVersion";
ALTER TABLE "new_SoftwareVersion" RENAME TO "SoftwareVersion";
CREATE UNIQUE INDEX "SoftwareVersion_number_key" ON "SoftwareVersion"("number");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
