-- AlterTable
ALTER TABLE "SoftwareVersion" ADD COLUMN     "jobsStarted" INTEGER NOT NULL DEFAULT 0;
