import { useLocation } from 'react-router-dom';

/** The page open, path and query: where a guard or a sign-in link sends the user back to. */
export function useCurrentPath(): string {
  const { pathname, search } = useLocation();
  return pathname + search;
}
