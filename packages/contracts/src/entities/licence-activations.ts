/**
 * Unit and licence activation, a grantable permission (spec 001 §6; /unit_license_activation; "license limit reached").
 */
export {};
