/**
 * AI credentials (spec 001 §2 /system_settings ai_settings; §6 Read Only users cannot use AI).
 */
export {};
