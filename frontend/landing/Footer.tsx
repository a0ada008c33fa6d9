import { Link } from 'wouter';
import { CONTACT_EMAIL, PRODUCT_NAME } from '#shared/messages/brand';
import { SOCIAL_LINKS, landingMessages } from './copy';
import { paths } from '../app/routing';
import { LOGO_SMALL } from '../ui/logos';
import './landing.css';

/** The footer block of the landing and about routes (docs/decisions/0034-routes-navigation-landing.md). */
export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <div className="footer-brand">
          <Link href={paths.landing} className="footer-logo" aria-label={`${PRODUCT_NAME} home`}>
            <img src={LOGO_SMALL} alt="" width={40} height={40} />
            <span aria-hidden="true">{PRODUCT_NAME}</span>
          </Link>
          <p className="footer-tagline">{landingMessages.tagline}</p>
        </div>
        <nav className="footer-links" aria-label="Contact and social">
          <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
          <a href={SOCIAL_LINKS.instagram} target="_blank" rel="noopener noreferrer">
            Instagram<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
          <a href={SOCIAL_LINKS.linkedin} target="_blank" rel="noopener noreferrer">
            LinkedIn<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </nav>
      </div>
      <div className="site-footer-base">
        <p>{landingMessages.craftedBy}</p>
        {/* Prerendered at build time: in a new year the HTML keeps the build's year until the footer renders again. */}
        <p suppressHydrationWarning>{landingMessages.copyright(year)}</p>
      </div>
    </footer>
  );
}
