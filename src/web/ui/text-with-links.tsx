import { Fragment } from 'react';
import { LocalizedLink } from '../i18n/localized-link';

/**
 * A translated sentence with links inside it: each `{{name}}` the text leaves in place becomes
 * the link `links[name]`, so every language puts the links where its grammar wants them.
 * `newTab` opens them beside the page (a half-filled form stays as it is).
 */
export function TextWithLinks({
  text,
  links,
  className,
  newTab = false,
}: {
  text: string;
  links: Record<string, { to: string; label: string }>;
  className?: string;
  newTab?: boolean;
}) {
  const parts = text.split(/(\{\{\s*\w+\s*\}\})/);
  return (
    <p className={className}>
      {parts.map((part, i) => {
        const name = /^\{\{\s*(\w+)\s*\}\}$/.exec(part)?.[1];
        const link = name ? links[name] : undefined;
        if (!link) return <Fragment key={i}>{part}</Fragment>;
        return (
          <LocalizedLink key={i} to={link.to} {...(newTab ? { target: '_blank', rel: 'noopener' } : {})}>
            {link.label}
          </LocalizedLink>
        );
      })}
    </p>
  );
}
