/**
 * The operator named in the imprint, the privacy policy and the terms. Names and addresses are
 * not translated; they are kept here once so the legal pages cannot disagree.
 */
export const OPERATOR = {
  business: 'Tattoo Guest Spots',
  owner: 'Jana Becker',
  street: 'Schanzenstraße 12',
  postalCode: '20357',
  city: 'Hamburg',
  countryCode: 'DE',
  email: 'hello@tattooguestspots.com',
  privacyEmail: 'privacy@tattooguestspots.com',
} as const;

/** The date the privacy policy and terms were last changed (yyyy-mm-dd). */
export const LEGAL_UPDATED = '2026-11-22';
