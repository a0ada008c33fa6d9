import { useEffect } from 'react';
import { Link } from 'wouter';
import { STARTING_CREDITS } from '#shared/limits';
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
import { paths, startFromDrawingPath } from '../app/routing';
import { GalleryStrip } from './GalleryStrip';
import './landing.css';

export { Footer } from './Footer';

export function LandingPage() {
  return <Landing title={landingMessages.pageTitle} />;
}

export function AboutPage() {
  return <Landing title={landingMessages.aboutTitle} />;
}

/**
 * The whole page at once at every width, the intro playing beside the headline: on a phone a
 * small one beside the eyebrow, above the headline and Start Free (landing.css)
 * (docs/decisions/0078-react-on-the-server.md, amending 0034's intro-first reveal).
 */
function Landing({ title }: { title: string }) {
  useEffect(() => {
    window.scrollTo(0, 0);
    document.title = title;
  }, [title]);

  return (
    <div className="landing">
      <Hero />
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

function Hero() {
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
          <Link href={startFromDrawingPath} className="button button--large">
            {landingMessages.startFromDrawing}
          </Link>
        </div>
        <p className="hero-note">{STARTING_CREDITS} free credits at sign-up · no card needed</p>
      </div>
      <div className="hero-visual">
        <IntroAnimation />
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
