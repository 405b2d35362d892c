// What `npm run bench:rows` counts as the odds table renders (counted-row-views.tsx, counted-cells.tsx): apart from
// both, which the table's own modules import through their aliases.

/** Row views (`count`) and row cells (`cells`) rendered since each was last set to 0. */
export const renders = { count: 0, cells: 0 };

type View = (props: never) => unknown;
const count = (render: View, counter: keyof typeof renders) => (props: never) => {
  renders[counter]++;
  return render(props);
};

/** The view as it is (a memoised one keeps its memo, the count inside it), counted in `counter` as it renders. */
export const counted = <T>(view: T, counter: keyof typeof renders): T =>
  (typeof view === 'function'
    ? count(view as View, counter)
    : { ...(view as { type: View }), type: count((view as { type: View }).type, counter) }) as T;
