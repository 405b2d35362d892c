import type { SiteConfig } from '@oddspulse/shared';

export type SocialLink = SiteConfig['social_links'][number];

function SocialAnchor({ link }: { link: SocialLink }) {
  return (
    <a href={link.url} target="_blank" rel="noopener noreferrer">
      {link.label}
    </a>
  );
}

/** The footer's social group (spec 000 §2 "plus social links"), only when SOCIAL_LINKS configures some. */
export function FooterSocialLinks({ links }: { links: readonly SocialLink[] }) {
  if (!links.length) return null;
  return (
    <nav aria-label="Social">
      <h3>Social</h3>
      {links.map((link) => (
        <SocialAnchor key={`${link.label} ${link.url}`} link={link} />
      ))}
    </nav>
  );
}

/** The account page's social links section (spec 000 §2), only when SOCIAL_LINKS configures some. */
export function AccountSocialLinks({ links }: { links: readonly SocialLink[] }) {
  if (!links.length) return null;
  return (
    <section className="card" aria-labelledby="social-title">
      <h2 id="social-title">Social links</h2>
      <ul className="social-links">
        {links.map((link) => (
          <li key={`${link.label} ${link.url}`}>
            <SocialAnchor link={link} />
          </li>
        ))}
      </ul>
    </section>
  );
}
