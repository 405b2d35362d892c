const noop = () => undefined;

/**
 * jsdom made ready for rendering a page's component with React's act(): act's environment flag set, and a desktop
 * viewport's media queries (none matches), which jsdom does not answer and the odds table asks to choose rows or cards.
 */
export function standInDesktopBrowser(): void {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, addEventListener: noop, removeEventListener: noop }) as unknown as MediaQueryList;
}
