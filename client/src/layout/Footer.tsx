import { Link } from 'react-router-dom';
import { FooterSocialLinks } from '../components/SocialLinks';
import { useSocialLinks } from '../state/site';

/** Footer groups (spec 000 §2): Product, Account, Legal, plus the social links SOCIAL_LINKS configures. */
export function Footer() {
  const social = useSocialLinks();
  return (
    <footer className="footer">
      <div className="footer-groups">
        <nav aria-label="Product">
          <h3>Product</h3>
          <Link to="/">Home</Link>
          <Link to="/sportsbooks">Live Odds</Link>
          <Link to="/scores">Scores</Link>
          <Link to="/pricing">Pricing</Link>
        </nav>
        <nav aria-label="Account">
          <h3>Account</h3>
          <Link to="/login">Login</Link>
          <Link to="/account">Profile</Link>
          <Link to="/subscribe">Subscribe</Link>
        </nav>
        <nav aria-label="Legal">
          <h3>Legal</h3>
          <Link to="/terms">Terms</Link>
          <Link to="/privacy">Privacy</Link>
          <Link to="/contact">Contact support</Link>
        </nav>
        <FooterSocialLinks links={social} />
      </div>
      <p className="footer-note">© OddsPulse. 18+ only. Bet responsibly.</p>
    </footer>
  );
}
