-- CreateIndex
CREATE INDEX "User_firstName_id_idx" ON "User"("firstName", "id");

-- CreateIndex
CREATE INDEX "User_lastName_id_idx" ON "User"("lastName", "id");

-- CreateIndex
CREATE INDEX "User_organisationId_active_idx" ON "User"("organisationId", "active");
