/**
 * Stream media profiles (spec 001 §2 /system_settings stream_media_profile; §3 min and max resolution, fps, bitrate, attributes JSON; §5 values 0-2147483647).
 */
export {};
