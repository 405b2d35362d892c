import { renderToStaticMarkup } from 'react-dom/server';
import { AccountSocialLinks, FooterSocialLinks } from './SocialLinks';

const links = [
  { label: 'X', url: 'https://x.com/oddspulse' },
  { label: 'Discord', url: 'https://discord.gg/oddspulse' },
];

// spec 000 §2: the footer "plus social links" and the account page's "Social links" section, from SOCIAL_LINKS.
describe('social links', () => {
  it('render nothing when none are configured, so no link leads to an account that does not exist', () => {
    expect(renderToStaticMarkup(<FooterSocialLinks links={[]} />)).toBe('');
    expect(renderToStaticMarkup(<AccountSocialLinks links={[]} />)).toBe('');
  });

  it('render each configured link in order, opening in a new tab without giving it this window', () => {
    for (const html of [
      renderToStaticMarkup(<FooterSocialLinks links={links} />),
      renderToStaticMarkup(<AccountSocialLinks links={links} />),
    ]) {
      const anchors = [
        ...html.matchAll(/<a href="([^"]+)" target="_blank" rel="noopener noreferrer">([^<]+)<\/a>/g),
      ].map((m) => [m[2], m[1]]);
      expect(anchors).toEqual([
        ['X', 'https://x.com/oddspulse'],
        ['Discord', 'https://discord.gg/oddspulse'],
      ]);
    }
    expect(renderToStaticMarkup(<AccountSocialLinks links={links} />)).toContain(
      '<h2 id="social-title">Social links</h2>',
    );
  });
});
