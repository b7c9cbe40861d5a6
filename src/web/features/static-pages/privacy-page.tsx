import { LegalDocument } from './components/legal-document';

/** /privacy and /datenschutz: the privacy policy. */
export default function PrivacyPage() {
  return <LegalDocument ns="privacy" />;
}
