import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from '../../routing';
import { localizePath, useLanguage } from '../../i18n/language';

/** /chat/{userId or username}: the same screen under its canonical address /messages/.... */
export default function ChatRedirect() {
  const { contact = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const lang = useLanguage();
  useEffect(() => {
    navigate(localizePath(`/messages/${encodeURIComponent(contact)}${location.search}`, lang), { replace: true });
  }, [contact, lang, location.search, navigate]);
  return null;
}
