/** Business constants of spec §9 that the server enforces too. */
export const MAX_UPLOAD_BYTES = 10_485_760;
export const MIN_PASSWORD_LENGTH_REGISTER = 6;
export const MIN_PASSWORD_LENGTH_RESET = 8;
export const UPLOAD_EXTENSIONS = ['pdf', 'png', 'jpg', 'jpeg', 'tiff', 'tif'] as const;
