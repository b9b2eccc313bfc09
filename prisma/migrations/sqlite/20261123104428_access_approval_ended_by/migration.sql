-- AlterTable
ALTER TABLE "AccessApproval" ADD COLUMN "revokedAt" DATETIME;
ALTER TABLE "AccessApproval" ADD COLUMN "revokedById" TEXT;
ALTER TABLE "AccessApproval" ADD COLUMN "usedById" TEXT;
