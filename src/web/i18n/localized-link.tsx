import { Link, NavLink, type LinkProps, type NavLinkProps } from '../routing';
import { useLocalizedPath } from './language';

/** A link to an app path ("/register") in the current language; all internal links use it. */
export function LocalizedLink({ to, ...props }: Omit<LinkProps, 'to'> & { to: string }) {
  const localize = useLocalizedPath();
  return <Link to={localize(to)} {...props} />;
}

/** A navigation link in the current language that marks the current page (aria-current). */
export function LocalizedNavLink({ to, ...props }: Omit<NavLinkProps, 'to'> & { to: string }) {
  const localize = useLocalizedPath();
  return <NavLink to={localize(to)} {...props} />;
}
