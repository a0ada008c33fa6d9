import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { STARTING_CREDITS } from '#shared/limits';
import { LANDING_MOBILE_BREAKPOINT_PX, LANDING_REVEAL_DELAY_MS } from './intro-schedule';
import { PRODUCT_NAME } from '#shared/messages/brand';
import { landingMessages } from './copy';
import {
  audience,
  audienceLede,
  comparison,
  faq,
  features,
  hero,
  howItWorks,
  modelCards,
  proTips,
} from './content';
import { Faq } from './Faq';
import { IntroAnimation } from './IntroAnimation';
import { StartFreeButton } from './StartFreeButton';
import { paths } from '../app/routing';
import { GalleryStrip } from './GalleryStrip';
import './landing.css';

export function LandingPage() {
  return <Landing title={`${PRODUCT_NAME} — AI image studio for architecture and design`} />;
}

export function AboutPage() {
  return <Landing title={`About ${PRODUCT_NAME}`} />;
}

function isSmallScreen(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(`(max-width: ${LANDING_MOBILE_BREAKPOINT_PX - 1}px)`).matches;
}

/**
 * Small screens see the intro alone, then the page 1 s after it completes; wide screens see the
 * page at once with the intro playing beside the headline
 * (docs/decisions/0034-routes-navigation-landing.md).
 */
function useMobileIntro(): { introFirst: boolean; onIntroComplete: () => void } {
  const [introFirst, setIntroFirst] = useState(isSmallScreen);
  const revealTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(revealTimer.current), []);
  useEffect(() => {
    // The shell's bar and the footer step aside while the intro has the screen to itself.
    document.body.classList.toggle('landing-intro-only', introFirst);
    return () => document.body.classList.remove('landing-intro-only');
  }, [introFirst]);
  const onIntroComplete = () => {
    revealTimer.current = setTimeout(() => setIntroFirst(false), LANDING_REVEAL_DELAY_MS);
  };
  return { introFirst, onIntroComplete };
}

function Landing({ title }: { title: string }) {
  const { introFirst, onIntroComplete } = useMobileIntro();
  const [introPlayed] = useState(isSmallScreen);

  useEffect(() => {
    window.scrollTo(0, 0);
    document.title = title;
  }, [title]);

  if (introFirst) {
    return (
      <div className="landing-splash" data-testid="landing-intro">
        <h1 className="visually-hidden">{PRODUCT_NAME}</h1>
        <IntroAnimation onComplete={onIntroComplete} className="intro--splash" />
      </div>
    );
  }

  return (
    <div className="landing">
      <Hero introPlayed={introPlayed} />
      <GalleryStrip />
      <ModelsSection />
      <FeaturesSection />
      <HowItWorksSection />
      <AudienceSection />
      <ComparisonSection />
      <TipsSection />
      <FaqSection />
      <ClosingSection />
    </div>
  );
}

function Hero({ introPlayed }: { introPlayed: boolean }) {
  return (
    <section className="landing-hero" aria-labelledby="landing-title">
      <div className="hero-copy">
        <p className="landing-eyebrow">{hero.eyebrow}</p>
        <h1 id="landing-title">{hero.headline}</h1>
        <p className="hero-lede">{hero.lede}</p>
        <div className="hero-actions">
          <StartFreeButton />
          <Link href={paths.pricing} className="button button--large">
            {landingMessages.explorePlans}
          </Link>
        </div>
        <p className="hero-note">{STARTING_CREDITS} free credits at sign-up · no card needed</p>
      </div>
      <div className="hero-visual">
        <IntroAnimation skip={introPlayed} />
      </div>
    </section>
  );
}

function SectionHeading({ id, kicker, title, lede }: { id: string; kicker: string; title: string; lede?: string }) {
  return (
    <header className="landing-section-heading">
      <p className="landing-eyebrow">{kicker}</p>
      <h2 id={id}>{title}</h2>
      {lede && <p className="landing-section-lede">{lede}</p>}
    </header>
  );
}

function ModelsSection() {
  return (
    <section className="landing-section" aria-labelledby="models-title">
      <SectionHeading id="models-title" kicker="The engine" title="Four models, each with a purpose" />
      <ol className="model-grid">
        {modelCards.map((model) => (
          <li key={model.id} className="model-card">
            <h3>{model.label}</h3>
            <p className="model-cost">
              {model.credits} {model.credits === 1 ? 'credit' : 'credits'}
            </p>
            <p>{model.note}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

function FeaturesSection() {
  return (
    <section className="landing-section" aria-labelledby="features-title">
      <SectionHeading
        id="features-title"
        kicker="The studio"
        title="Everything a design conversation needs"
        lede="A calm workspace that keeps pace with the way architects iterate — brief, options, critique, refinement."
      />
      <ul className="feature-grid">
        {features.map((feature) => (
          <li key={feature.title} className="landing-feature">
            <h3>{feature.title}</h3>
            <p>{feature.body}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function HowItWorksSection() {
  return (
    <section className="landing-section landing-section--band" aria-labelledby="how-title">
      <SectionHeading id="how-title" kicker="How it works" title="Three steps from brief to image" />
      <ol className="landing-steps">
        {howItWorks.map((step, index) => (
          <li key={step.title} className="landing-step">
            <span className="landing-step-number" aria-hidden="true">
              {String(index + 1).padStart(2, '0')}
            </span>
            <h3>{step.title}</h3>
            <p>{step.body}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

function AudienceSection() {
  return (
    <section className="landing-section" aria-labelledby="audience-title">
      <SectionHeading id="audience-title" kicker="Who it is for" title={`Made for the people who shape places`} lede={audienceLede} />
      <ul className="audience-list">
        {audience.map((group) => (
          <li key={group}>{group}</li>
        ))}
      </ul>
    </section>
  );
}

function ComparisonSection() {
  return (
    <section className="landing-section" aria-labelledby="compare-title">
      <SectionHeading id="compare-title" kicker="Why Parti" title="How it compares" />
      <div className="table-scroll" role="region" aria-labelledby="compare-title" tabIndex={0}>
        <table className="comparison">
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">Aspect</span>
              </th>
              <th scope="col" className="is-parti">
                {PRODUCT_NAME}
              </th>
              <th scope="col">Traditional rendering</th>
              <th scope="col">Other AI tools</th>
            </tr>
          </thead>
          <tbody>
            {comparison.map((row) => (
              <tr key={row.aspect}>
                <th scope="row">{row.aspect}</th>
                <td className="is-parti">{row.parti}</td>
                <td>{row.traditional}</td>
                <td>{row.otherAi}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function TipsSection() {
  return (
    <section className="landing-section" aria-labelledby="tips-title">
      <SectionHeading id="tips-title" kicker="Pro tips" title="Write prompts like a brief" />
      <ul className="landing-tips">
        {proTips.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
    </section>
  );
}

function FaqSection() {
  return (
    <section className="landing-section landing-section--narrow" aria-labelledby="faq-title">
      <SectionHeading id="faq-title" kicker="FAQ" title="Questions, answered" />
      <Faq entries={faq} />
    </section>
  );
}

function ClosingSection() {
  return (
    <section className="landing-closing" aria-labelledby="closing-title">
      <h2 id="closing-title">Start with a sentence. See where it leads.</h2>
      <p>{landingMessages.startFreeTooltip}</p>
      <div className="hero-actions">
        <StartFreeButton />
        <Link href={paths.pricing} className="button button--large">
          {landingMessages.explorePlans}
        </Link>
      </div>
    </section>
  );
}
