/** The date the privacy policy and terms were last changed (yyyy-mm-dd). */
export const LEGAL_UPDATED = '2026-11-23';
