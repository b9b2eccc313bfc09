/**
 * Application configuration entries (spec 001 §2 /system_settings application_configuration).
 */
export {};
