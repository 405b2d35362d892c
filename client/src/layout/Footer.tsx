import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { FooterSocialLinks } from '../ui/SocialLinks';
import { authAtom } from '../state/auth';
import { useSocialLinks } from '../state/site';

/** Each footer group's title and its links, as [path, label]. */
const FOOTER_GROUPS: readonly { title: string; links: readonly (readonly [string, string])[] }[] = [
  {
    title: 'Product',
    links: [
      ['/', 'Home'],
      ['/sportsbooks', 'Live Odds'],
      ['/scores', 'Scores'],
      ['/pricing', 'Pricing'],
    ],
  },
  {
    title: 'Account',
    links: [
      ['/login', 'Login'],
      ['/account', 'Profile'],
      ['/subscribe', 'Subscribe'],
    ],
  },
  {
    title: 'Legal',
    links: [
      ['/terms', 'Terms'],
      ['/privacy', 'Privacy'],
      ['/contact', 'Contact support'],
    ],
  },
];

/** Links for visitors only: a signed-in user was offered "Login". */
const SIGNED_OUT_ONLY = new Set(['/login']);

/** Footer groups (spec 000 §2): Product, Account, Legal, plus the social links SOCIAL_LINKS configures. */
export function Footer() {
  const social = useSocialLinks();
  const signedIn = useAtomValue(authAtom).status === 'signedIn';
  return (
    <footer className="footer">
      <div className="footer-groups">
        {FOOTER_GROUPS.map(({ title, links }) => (
          <nav key={title} aria-label={title}>
            <h3>{title}</h3>
            {links
              .filter(([to]) => !(signedIn && SIGNED_OUT_ONLY.has(to)))
              .map(([to, label]) => (
                <Link key={to} to={to}>
                  {label}
                </Link>
              ))}
          </nav>
        ))}
        <FooterSocialLinks links={social} />
      </div>
      <p className="footer-note">© OddsPulse. 18+ only. Bet responsibly.</p>
    </footer>
  );
}
