/** A stored row's version and times, as every versioned entity's answer carries them. */
export function recordStamps(row: { version: number; createdAt: Date; updatedAt: Date }): { version: number; createdAt: string; updatedAt: string } {
  return { version: row.version, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}
