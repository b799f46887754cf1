import type { LoanResult } from '@crm/domain/calculator';
import { useState } from 'react';
import { Sheet } from '../../../components/sheet.tsx';
import { GridTable } from '../../../components/grid-table.tsx';
import { showToast } from '../../../lib/toast.ts';
import {
  drawScheduleImage,
  loanSummary,
  scheduleCells,
  scheduleHeader,
  scheduleImageContent,
  type LoanCost,
  type SummaryKind,
} from '../schedule-image.ts';
import type { calculatorTexts } from '../texts.ts';

export type LoanResultPopupProps = {
  result: LoanResult | null;
  kind: SummaryKind;
  /** The fees and the all-in cost (decision 068), on screen and on the share image. */
  cost?: LoanCost | undefined;
  texts: typeof calculatorTexts;
  onClose: () => void;
};

export function LoanResultPopup({ result, kind, cost, texts, onClose }: LoanResultPopupProps) {
  const [image, setImage] = useState<string | null>(null);
  const close = () => {
    setImage(null);
    onClose();
  };
  const share = () => {
    if (!result) return;
    const url = drawScheduleImage(scheduleImageContent(result, kind, texts, cost));
    if (url) setImage(url);
    else showToast({ content: texts.shareImageFailed, icon: 'fail' });
  };
  return (
    <Sheet
      open={result !== null}
      onClose={close}
      showCloseButton
      closeOnMaskClick
      bodyClassName="loan-result"
      bodyStyle={{ maxHeight: '85vh', overflowY: 'auto' }}
    >
      {result ? (
        <section aria-label={texts.resultTitle}>
          <h2 className="loan-result__title">{texts.resultTitle}</h2>
          <dl className="loan-result__summary">
            {/* The popup leaves out an IRR line that would only repeat the annual rate. */}
            {loanSummary(result, kind, texts, cost)
              .filter(([label]) => kind.showIrr || label !== texts.irr)
              .map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
          </dl>
          <h3 className="loan-result__subtitle">{texts.scheduleTitle}</h3>
          <div className="loan-result__table-wrap">
            <GridTable
              className="loan-result__table"
              headers={scheduleHeader(texts)}
              rows={result.list}
              cells={scheduleCells}
            />
          </div>
          <p className="loan-result__disclaimer">{texts.disclaimer}</p>
          <p className="loan-result__disclaimer">{texts.roundingNote}</p>
          {/* The schedule as an image (decision 058): a long press in WeCom sends it to the customer. */}
          {image ? (
            <figure className="loan-result__image">
              <img src={image} alt={texts.shareImageAlt} style={{ width: '100%' }} />
              <figcaption>{texts.shareImageHint}</figcaption>
            </figure>
          ) : (
            <button type="button" className="link-button link-button--ghost" onClick={share}>
              {texts.shareImage}
            </button>
          )}
          <button type="button" className="link-button loan-result__close" onClick={close}>
            {texts.close}
          </button>
        </section>
      ) : null}
    </Sheet>
  );
}
