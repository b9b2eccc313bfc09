/** The console's name for @fleet/client's error of a failed call. */
export { ApiError, CLIENT_ERROR_CODES, isApiError, type ApiErrorField } from '@fleet/client';
