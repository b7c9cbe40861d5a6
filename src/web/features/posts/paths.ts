import { profilePath } from '../../../common/username';
import { buildPath, matchRoute } from '../../../common/routes';

/** The unprefixed paths of the posts pages of a user (LocalizedLink adds the language). */
export const postPaths = {
  list: (username: string) => buildPath('userPosts', { username: profilePath(username) }),
  create: (username: string) => buildPath('userPostNew', { username: profilePath(username) }),
  edit: (username: string, id: number) => buildPath('userPostEdit', { username: profilePath(username), id }),
  upsell: (username: string, id: number) => buildPath('userPostUpsell', { username: profilePath(username), id }),
  /** The dashboard's premium section, where featured status is bought. */
  premium: '/dashboard#premium',
};

/**
 * The username and post id of the posts page being shown, read with the shared route matcher
 * (the one the server and the router match with) rather than the router's parameter names.
 */
export function postRouteParams(pathname: string): { username: string; id: string | undefined } {
  const params = matchRoute(pathname, { dev: true })?.params ?? {};
  return { username: params.username ?? '', id: params.id };
}
