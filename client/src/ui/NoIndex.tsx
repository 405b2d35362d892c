/**
 * Pages that only make sense inside a flow (checkout, cancel, the OAuth callback, a password reset) are kept out of
 * search engines: a robots meta in the head while one is open (React 19 hoists a <meta> rendered in a page to the head).
 */
export function NoIndex() {
  return <meta name="robots" content="noindex" />;
}
