/** Paths that are one screen: /login and /signup are the auth screen's two tabs (spec 000 §2). */
const SAME_SCREEN = new Map<string, string>(Object.entries({ '/signup': '/login' }));

/**
 * The key of the page's error boundary: a new screen gets a fresh boundary (so Go Home and the navbar recover
 * from a failed screen), while a tab that changes the path keeps its screen mounted, and the focus on its tab.
 */
export function screenKey(pathname: string): string {
  return SAME_SCREEN.get(pathname) ?? pathname;
}
