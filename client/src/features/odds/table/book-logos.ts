/**
 * The books' logos that ship, by book key: client/src/features/odds/logos/<book>.<png|svg|webp>, each built to a hashed URL.
 * A book without one shows its name alone: asking the server for a logo that does not exist cost a request per book
 * on every first visit. A module of its own, as only Vite reads `import.meta.glob` (a test of the table stands in for it).
 */
export const LOGOS = new Map(
  Object.entries(
    import.meta.glob<string>('./logos/*.{png,svg,webp}', { eager: true, query: '?url', import: 'default' }),
  ).map(([path, url]) => [path.slice('./logos/'.length).replace(/\.\w+$/, ''), url]),
);
