/** Business constants and limits (SPEC §9). */
export const REQUEST_TIMEOUT_MS = 600_000;
export const SMS_RESEND_SECONDS = 60;
export const WECHAT_POLL_MS = 2_000;
export const IMAGE_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_UPLOAD_TYPES = ['png', 'jpeg', 'jpg', 'bmp'] as const;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 30;
export const DEFAULT_API_PREFIX = '/api';
