import { LocalizedLink } from '../../../i18n/localized-link';
import { buttonClasses } from '../../../ui/button';
import { postPaths } from '../paths';

/** The way from a post's own page back to the owner's list of posts. */
export function BackToPostsLink({ username, label }: { username: string; label: string }) {
  return (
    <LocalizedLink to={postPaths.list(username)} className={buttonClasses({ variant: 'secondary' })}>
      {label}
    </LocalizedLink>
  );
}
