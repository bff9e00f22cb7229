/** Timings of spec §9. */
export const NOTICE_AUTO_HIDE_MS = 6000;
export const RESET_REDIRECT_DELAY_MS = 3000;
/** Status polls of spec §4 "Drawing lifecycle". */
export const DASHBOARD_POLL_MS = 10_000;
export const VIEWER_POLL_MS = 5_000;
