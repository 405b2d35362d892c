import { NavLink, Outlet } from 'react-router-dom';

const NAV = [
  { to: '/', label: 'Home' },
  { to: '/sportsbooks', label: 'Odds' },
  { to: '/picks', label: 'Picks' },
  { to: '/scores', label: 'Scores' },
];

export function Layout() {
  return (
    <div className="app-shell">
      <header className="navbar" role="banner">
        <NavLink to="/" className="brand" aria-label="OddsPulse home">
          OddsPulse
        </NavLink>
        <nav aria-label="Main">
          {NAV.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.to === '/'}>
              {item.label}
            </NavLink>
          ))}
        </nav>
      </header>
      <main className="content">
        <Outlet />
      </main>
      <footer className="footer">
        <span>© OddsPulse. 18+ only. Bet responsibly.</span>
      </footer>
    </div>
  );
}
