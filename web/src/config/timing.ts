/** Timings of spec §9. */
export const NOTICE_AUTO_HIDE_MS = 6000;
export const RESET_REDIRECT_DELAY_MS = 3000;
