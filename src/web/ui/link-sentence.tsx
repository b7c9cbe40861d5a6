import { LocalizedLink } from '../i18n/localized-link';

/** A sentence that goes on to a page: its text, then the link that finishes it ("…, see your settings"). */
export function LinkSentence({ text, link, to, className, linkClassName }: { text: string; link: string; to: string; className?: string; linkClassName?: string }) {
  return (
    <p className={className}>
      {text}{' '}
      <LocalizedLink to={to} className={linkClassName}>
        {link}
      </LocalizedLink>
    </p>
  );
}
