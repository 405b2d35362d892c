import { useCallback, useMemo, type AnchorHTMLAttributes } from 'react';
import { useLocation, useRouter } from 'wouter';

/*
 * What the app takes from its router beyond wouter's own API (issue 18: wouter replaced react-router, 14 KB gzip of
 * every page's 26 KB of framework code). Each piece keeps what react-router did, so nothing a user sees changed;
 * routes, redirects, `useLocation`, `useParams` and `useHistoryState` are wouter's, used as they are.
 */

/**
 * The query string as the address bar has it: '' or '?…'. wouter's `useSearch` decodes it once more (decodeURI),
 * which reads a searched "%41" as "A".
 */
function useSearchString(): string {
  const router = useRouter();
  const search = router.searchHook(router).replace(/^\?/, '');
  return search ? `?${search}` : '';
}

/** The page open, path and query: where a guard or a sign-in link sends the user back to. */
export function useCurrentPath(): string {
  const [pathname] = useLocation();
  const search = useSearchString();
  return pathname + search;
}

export type NavigateOptions = { replace?: boolean; state?: unknown };
export type SetSearchParams = (next: URLSearchParams, options?: NavigateOptions) => void;

/**
 * The query's parameters, and a setter that writes them into the URL on the same path (pushing, or replacing with
 * `replace`; `state` becomes the entry's history state). wouter's own reads the query through its decoding `useSearch`.
 */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const [pathname, navigate] = useLocation();
  const search = useSearchString();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback<SetSearchParams>(
    (next, options) => {
      const query = next.toString();
      navigate(query ? `${pathname}?${query}` : pathname, options);
    },
    [navigate, pathname],
  );
  return [params, setParams];
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string } & NavigateOptions;

/**
 * A real `<a href>` (so a middle or modified click opens a tab) that navigates in the page on a plain left click.
 * Two things differ in wouter's Link and are kept from react-router's: a link to the page already open replaces it
 * rather than stacking a copy Back would have to step through, and `onClick` hears every click, so a guarded link
 * (Navbar's `useGuardedClick`) or a dialog's link that closes it does so whichever way it is clicked.
 */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const [, navigate] = useLocation();
  const here = useCurrentPath();
  return (
    <a
      {...rest}
      href={to}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
        if (target && target !== '_self') return;
        event.preventDefault();
        navigate(to, { replace: replace ?? to === here, state });
      }}
    />
  );
}

/** Whether a navigation link points at the page open: its path or (without `end`) one below it, in any case. */
export function isActivePath(pathname: string, to: string, end: boolean): boolean {
  const path = pathname.toLowerCase();
  const target = to.toLowerCase();
  return path === target || (!end && path.startsWith(target) && path.charAt(target.length) === '/');
}

/** A navigation link: class `active` and `aria-current="page"` while its page is open (the navbar's styles read the class). */
export function NavLink({ end = false, ...props }: Omit<LinkProps, 'className' | 'aria-current'> & { end?: boolean }) {
  const [pathname] = useLocation();
  const active = isActivePath(pathname, props.to, end);
  return <Link {...props} className={active ? 'active' : undefined} aria-current={active ? 'page' : undefined} />;
}
