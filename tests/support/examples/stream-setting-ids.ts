/**
 * The stream and geocoding settings rows of one role in the role matrix (platform-wide rows, so
 * each role has its own: one edited, one only the delete acts on). The matrix's set-up makes them
 * (tests/integration/role-matrix.test.ts); the examples name them.
 */
export function streamSettingIds(role: string) {
  const slug = role.replace(/_/g, '-');
  return {
    provider: `spr-matrix-${slug}`,
    deleteProvider: `spr-matrix-${slug}-delete`,
    profile: `spf-matrix-${slug}`,
    deleteProfile: `spf-matrix-${slug}-delete`,
    mediaProfile: `smp-matrix-${slug}`,
    deleteMediaProfile: `smp-matrix-${slug}-delete`,
    geocodingProfile: `geo-matrix-${slug}`,
    deleteGeocodingProfile: `geo-matrix-${slug}-delete`,
  };
}
