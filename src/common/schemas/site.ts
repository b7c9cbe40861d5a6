/** Who runs this installation, as its settings name them (GET /api/site). */
export interface SiteOperator {
  name: string;
  address: string | null;
  email: string | null;
  phone: string | null;
  vatId: string | null;
  register: string | null;
  /** The operator's Instagram as a link, or null when none is configured. */
  instagramUrl: string | null;
  /** The demo data's invented operator: the pages mark it as an example. */
  example: boolean;
}

/** GET /api/site: public facts about the installation; `operator` is null until the operator publishes them. */
export interface SiteInfo {
  operator: SiteOperator | null;
  /** The installation's public address (PUBLIC_URL, no trailing slash): share links start with it, not with the browser's origin. */
  publicUrl: string;
}
