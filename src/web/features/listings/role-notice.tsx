import { LocalizedLink } from '../../i18n/localized-link';
import { Alert } from '../../ui/alert';
import { buttonClasses } from '../../ui/button';

/** A form that is not for this user (the other account type, or not the owner): why, and where to go instead. */
export function RoleNotice({ title, text, href, label }: { title: string; text: string; href: string; label: string }) {
  return (
    <section className="mx-auto max-w-xl space-y-6 px-4 py-16">
      <h1 className="text-2xl font-extrabold">{title}</h1>
      <Alert tone="info">{text}</Alert>
      <LocalizedLink to={href} className={buttonClasses({ variant: 'primary' })}>
        {label}
      </LocalizedLink>
    </section>
  );
}
