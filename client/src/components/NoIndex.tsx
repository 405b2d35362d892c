/** Pages that only make sense inside a flow (checkout, cancel) are kept out of search engines. */
export const NoIndex = () => <meta name="robots" content="noindex" />;
