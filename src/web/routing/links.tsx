import { useEffect, type ComponentProps, type CSSProperties, type ReactNode } from 'react';
import { createLocation, createPath } from './history';
import { useLocation, useNavigate, useRouter, useRouterState } from './hooks';
import type { NavigateOptions } from './types';

export interface LinkProps extends Omit<ComponentProps<'a'>, 'href'>, NavigateOptions {
  /** A path of the app ("/guestspots?page=2"); a relative one resolves against the current location. */
  to: string;
  /** Let the browser load the page instead of the router. */
  reloadDocument?: boolean;
}

// A scheme ("https:", "mailto:") or a protocol-relative address: another site, left to the browser.
const EXTERNAL = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

/** An `<a href>` whose plain left click navigates in the app; every other click stays the browser's. */
export function Link({ to, replace, state, preventScrollReset, reloadDocument, onClick, ...props }: LinkProps) {
  const router = useRouter();
  const here = createPath(useLocation());
  const external = EXTERNAL.test(to);
  const href = external || to.startsWith('/') ? to : createPath(createLocation(to, here));
  return (
    <a
      {...props}
      href={href}
      onClick={(event) => {
        onClick?.(event);
        if (
          external ||
          reloadDocument ||
          event.defaultPrevented ||
          event.button !== 0 ||
          (props.target && props.target !== '_self') ||
          event.metaKey ||
          event.altKey ||
          event.ctrlKey ||
          event.shiftKey
        ) {
          return;
        }
        event.preventDefault();
        // A link to the page it is on replaces the entry instead of repeating it.
        void router.navigate(to, { replace: replace ?? createPath(createLocation(to, here)) === here, state, preventScrollReset });
      }}
    />
  );
}

export interface NavLinkRenderProps {
  isActive: boolean;
  /** The navigation under way goes to this link's page. */
  isPending: boolean;
}

export interface NavLinkProps extends Omit<LinkProps, 'className' | 'style' | 'children'> {
  /** Active only on exactly this path, not on the paths below it. */
  end?: boolean;
  className?: string | ((props: NavLinkRenderProps) => string | undefined);
  style?: CSSProperties | ((props: NavLinkRenderProps) => CSSProperties | undefined);
  children?: ReactNode | ((props: NavLinkRenderProps) => ReactNode);
}

/** React Router's rule: the path itself, or (without `end`) a path below it; case ignored. */
function isAt(pathname: string | undefined, to: string, end: boolean): boolean {
  if (pathname === undefined) return false;
  const target = (to.split(/[?#]/)[0] ?? '').toLowerCase();
  const path = pathname.toLowerCase();
  const slash = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  return path === target || (!end && path.startsWith(target) && path.charAt(slash) === '/');
}

/** A link that knows whether it leads to the current page (aria-current="page"). */
export function NavLink({ to, end = false, className, style, children, ...props }: NavLinkProps) {
  const { location, navigation } = useRouterState();
  const status = { isActive: isAt(location.pathname, to, end), isPending: isAt(navigation.location?.pathname, to, end) };
  return (
    <Link
      aria-current={status.isActive ? 'page' : undefined}
      {...props}
      to={to}
      className={typeof className === 'function' ? className(status) : className}
      style={typeof style === 'function' ? style(status) : style}
    >
      {typeof children === 'function' ? children(status) : children}
    </Link>
  );
}

/** Navigates once rendered (a redirect inside the app). */
export function Navigate({ to, replace, state }: { to: string } & Pick<NavigateOptions, 'replace' | 'state'>) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace, state });
  }, [navigate, to, replace, state]);
  return null;
}
