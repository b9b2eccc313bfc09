/**
 * Client applications (spec 001 §2 /system_settings client_application; support-staff menu Client Application).
 */
export {};
