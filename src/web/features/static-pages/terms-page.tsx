import { LegalDocument } from './components/legal-document';

/** /terms and /agb: the terms of use. */
export default function TermsPage() {
  return <LegalDocument ns="terms" />;
}
