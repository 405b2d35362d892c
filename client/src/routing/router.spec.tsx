import type { MouseEvent, ReactElement, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { isActivePath, Link, NavLink, useCurrentPath, useSearchParams, type LinkProps, type SetSearchParams } from './router';

/** A memory router at `path` that records its history entries (a replace overwrites the last one). */
function at(path: string) {
  const location = memoryLocation({ path, record: true });
  const render = (children: ReactNode) => renderToStaticMarkup(<Router hook={location.hook}>{children}</Router>);
  return { location, render };
}

function click(overrides: Partial<MouseEvent> = {}) {
  const event = {
    button: 0,
    metaKey: false,
    altKey: false,
    ctrlKey: false,
    shiftKey: false,
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true;
    },
    ...overrides,
  };
  return event as MouseEvent<HTMLAnchorElement>;
}

/** Renders a Link at `path` and hands back its anchor's click handler (no DOM in the unit project). */
function linkAt(path: string, props: LinkProps) {
  const { location, render } = at(path);
  let anchor: ReactElement<{ onClick: (event: MouseEvent<HTMLAnchorElement>) => void }> | undefined;
  function Probe() {
    anchor = Link(props) as typeof anchor;
    return null;
  }
  render(<Probe />);
  return { location, onClick: anchor!.props.onClick };
}

// Issue 18: wouter replaced react-router; these keep what react-router's Link, NavLink and useSearchParams did.
describe('Link', () => {
  it('is a real link, so a middle or modified click can open the page in a tab', () => {
    expect(at('/').render(<Link to="/pricing">See plans</Link>)).toBe('<a href="/pricing">See plans</a>');
  });

  it('navigates in the page on a plain left click, adding a history entry', () => {
    const { location, onClick } = linkAt('/', { to: '/pricing' });
    const event = click();
    onClick(event);
    expect(event.defaultPrevented).toBe(true);
    expect(location.history).toEqual(['/', '/pricing']);
  });

  it('replaces the entry when the link is to the page already open, so Back leaves the page in one step', () => {
    const { location, onClick } = linkAt('/sportsbooks?q=chiefs', { to: '/sportsbooks?q=chiefs' });
    onClick(click());
    expect(location.history).toEqual(['/sportsbooks?q=chiefs']);
    const other = linkAt('/sportsbooks?q=chiefs', { to: '/sportsbooks' });
    other.onClick(click());
    expect(other.location.history).toEqual(['/sportsbooks?q=chiefs', '/sportsbooks']);
  });

  it('leaves modified, middle and new-tab clicks to the browser, but its onClick hears them (a guarded link still redirects)', () => {
    for (const [event, props] of [
      [click({ ctrlKey: true }), {}],
      [click({ metaKey: true }), {}],
      [click({ shiftKey: true }), {}],
      [click({ altKey: true }), {}],
      [click({ button: 1 }), {}],
      [click(), { target: '_blank' }],
    ] as const) {
      const heard: boolean[] = [];
      const { location, onClick } = linkAt('/', { to: '/picks', onClick: () => heard.push(true), ...props });
      onClick(event);
      expect(heard).toEqual([true]);
      expect(event.defaultPrevented).toBe(false);
      expect(location.history).toEqual(['/']);
    }
  });

  it('does not navigate when its onClick prevented the default', () => {
    const { location, onClick } = linkAt('/', { to: '/picks', onClick: (event) => event.preventDefault() });
    onClick(click());
    expect(location.history).toEqual(['/']);
  });

  it('passes replace and state through', () => {
    const { location, onClick } = linkAt('/', { to: '/sportsbooks', replace: true, state: { premium: 'middles' } });
    onClick(click());
    expect(location.history).toEqual(['/sportsbooks']);
    expect(location.state).toEqual({ premium: 'middles' });
  });
});

// spec 000 §2: the navbar, the hamburger menu and the bottom bar mark the page open.
describe('NavLink', () => {
  it('marks the link of the page open with the active class and aria-current="page"', () => {
    const { render } = at('/sportsbooks');
    expect(render(<NavLink to="/sportsbooks">Odds</NavLink>)).toBe('<a aria-current="page" href="/sportsbooks" class="active">Odds</a>');
    expect(render(<NavLink to="/picks">Picks</NavLink>)).toBe('<a href="/picks">Picks</a>');
    expect(
      render(
        <NavLink to="/" end>
          Home
        </NavLink>,
      ),
    ).toBe('<a href="/">Home</a>');
  });

  it('matches as react-router did: in any case, pages below the link unless `end`, and never a longer name', () => {
    expect(isActivePath('/sportsbooks', '/sportsbooks', false)).toBe(true);
    expect(isActivePath('/Sportsbooks', '/sportsbooks', false)).toBe(true);
    expect(isActivePath('/sportsbooks/', '/sportsbooks', false)).toBe(true);
    expect(isActivePath('/account/api-keys', '/account', false)).toBe(true);
    expect(isActivePath('/account/api-keys', '/account', true)).toBe(false);
    expect(isActivePath('/accounts', '/account', false)).toBe(false);
    expect(isActivePath('/', '/', true)).toBe(true);
    expect(isActivePath('/picks', '/', true)).toBe(false);
  });
});

describe('useSearchParams', () => {
  function paramsAt(path: string) {
    const { location, render } = at(path);
    let read: [URLSearchParams, SetSearchParams] | undefined;
    function Probe() {
      read = useSearchParams();
      return null;
    }
    render(<Probe />);
    const [params, setParams] = read!;
    return { location, params, setParams };
  }

  it('reads the query as the address bar has it (a searched "%41" stays "%41")', () => {
    const { params } = paramsAt('/sportsbooks?q=%2541&mode=props');
    expect(params.get('q')).toBe('%41');
    expect(params.get('mode')).toBe('props');
  });

  it('writes the query on the same path, pushing unless told to replace', () => {
    const { location, params, setParams } = paramsAt('/sportsbooks?mode=props');
    const next = new URLSearchParams(params);
    next.set('q', 'a b&c');
    setParams(next);
    expect(location.history).toEqual(['/sportsbooks?mode=props', '/sportsbooks?mode=props&q=a+b%26c']);
    setParams(new URLSearchParams(), { replace: true });
    expect(location.history).toEqual(['/sportsbooks?mode=props', '/sportsbooks']);
  });

  // spec 001 §2: a scanner link opened without Platinum lands on straight bets with its upgrade panel
  it("keeps the state given with a replace (the odds page's premium panel reads it)", () => {
    const { location, setParams } = paramsAt('/sportsbooks?mode=middles');
    setParams(new URLSearchParams(), { replace: true, state: { premium: 'middles' } });
    expect(location.history).toEqual(['/sportsbooks']);
    expect(location.state).toEqual({ premium: 'middles' });
  });
});

describe('useCurrentPath', () => {
  // spec 000 §6: the sign-in guard remembers the page it turned away, query included
  it('is the path with its query', () => {
    function Here() {
      return <>{useCurrentPath()}</>;
    }
    expect(at('/billing/success?plan=gold&session_id=cs_1').render(<Here />)).toBe('/billing/success?plan=gold&amp;session_id=cs_1');
    expect(at('/picks').render(<Here />)).toBe('/picks');
  });
});
