import { useEffect } from 'react';

/**
 * Pages that only make sense inside a flow (checkout, cancel, the OAuth callback, a password reset) are kept out of
 * search engines: a robots meta in the head while one is open. Added by hand, as React 19 hoists a <meta> rendered in
 * a page to the head but preact/compat (issue 18) leaves it in the body.
 */
export function NoIndex() {
  useEffect(() => {
    const meta = Object.assign(document.createElement('meta'), { name: 'robots', content: 'noindex' });
    document.head.append(meta);
    return () => meta.remove();
  }, []);
  return null;
}
