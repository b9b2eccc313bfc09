/**
 * Geocoding profiles (spec 001 §2 /system_settings geocoding_profile; §3 refresh intervals, thresholds, geocoders and accuracies; §5 accuracies non-negative and matching the geocoders; §8 geocoding profile in use).
 */
export {};
