import type { LoanResult } from '@crm/domain/calculator';
import { Popup } from 'antd-mobile';
import { useState } from 'react';
import { showToast } from '../../../lib/toast.ts';
import {
  drawScheduleImage,
  loanSummary,
  scheduleCells,
  scheduleHeader,
  scheduleImageContent,
} from '../schedule-image.ts';
import type { calculatorTexts } from '../texts.ts';

export type LoanResultPopupProps = {
  result: LoanResult | null;
  showIrr: boolean;
  texts: typeof calculatorTexts;
  onClose: () => void;
};

export function LoanResultPopup({ result, showIrr, texts, onClose }: LoanResultPopupProps) {
  const [image, setImage] = useState<string | null>(null);
  const close = () => {
    setImage(null);
    onClose();
  };
  const share = () => {
    if (!result) return;
    const url = drawScheduleImage(scheduleImageContent(result, showIrr, texts));
    if (url) setImage(url);
    else showToast({ content: texts.shareImageFailed, icon: 'fail' });
  };
  return (
    <Popup
      visible={result !== null}
      onMaskClick={close}
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
            {loanSummary(result, showIrr, texts)
              .filter(([label]) => showIrr || label !== texts.irr)
              .map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
          </dl>
          <h3 className="loan-result__subtitle">{texts.scheduleTitle}</h3>
          <div className="loan-result__table-wrap">
            <table className="loan-result__table">
              <thead>
                <tr>
                  {scheduleHeader(texts).map((head) => (
                    <th key={head} scope="col">
                      {head}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {result.list.map((row) => (
                  <tr key={row.key}>
                    {scheduleCells(row).map((cell, column) => (
                      <td key={column}>{cell}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="loan-result__disclaimer">{texts.disclaimer}</p>
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
    </Popup>
  );
}
