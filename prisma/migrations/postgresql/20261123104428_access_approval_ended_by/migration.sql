-- AlterTable
ALTER TABLE "AccessApproval" ADD COLUMN     "revokedAt" TIMESTAMP(3),
ADD COLUMN     "revokedById" TEXT,
ADD COLUMN     "usedById" TEXT;
