import { Link } from 'react-router';
import { componentTexts } from './texts.ts';

export type UnderConstructionProps = { feature: string };

/** The one placeholder for pages later work builds: it names the feature and invents no data. */
export function UnderConstruction({ feature }: UnderConstructionProps) {
  return (
    <section className="full-page-message">
      <h1 className="full-page-message__title">
        {feature ? `${feature} · ${componentTexts.underConstruction}` : componentTexts.underConstruction}
      </h1>
      <p className="full-page-message__text">{componentTexts.underConstructionHint}</p>
      <Link className="link-button" to="/index">
        {componentTexts.goHome}
      </Link>
    </section>
  );
}
