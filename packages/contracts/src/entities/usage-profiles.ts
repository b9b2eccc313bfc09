/**
 * Usage profiles (spec 001 §3 Usage profile; §5 rules; /usage_profiles) and assigning them to units.
 */
export {};
