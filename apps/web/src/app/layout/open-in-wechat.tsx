import { pickTexts } from '../../lib/locale.ts';
import { layoutTexts, layoutTextsEnUS } from './texts.ts';

export function OpenInWechat() {
  const texts = pickTexts(layoutTexts, layoutTextsEnUS);
  return (
    <main className="full-page-message">
      <div className="full-page-message__icon" aria-hidden="true">
        !
      </div>
      <h1 className="full-page-message__title">{texts.openInWechat}</h1>
      <p className="full-page-message__text">{texts.openInWechatHint}</p>
    </main>
  );
}
