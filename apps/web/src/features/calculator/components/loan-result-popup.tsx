import type { LoanResult } from '@crm/domain/calculator';
import { Popup } from 'antd-mobile';
import { useState } from 'react';
import { formatPercent, formatYuan } from '../format.ts';
import { showToast } from '../../../lib/toast.ts';
import { drawScheduleImage, scheduleImageContent } from '../schedule-image.ts';
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
            <div>
              <dt>{texts.loanAmount}</dt>
              <dd>{formatYuan(result.loan_amount)}</dd>
            </div>
            <div>
              <dt>{texts.nper}</dt>
              <dd>{result.nper}</dd>
            </div>
            <div>
              <dt>{showIrr ? texts.rantInstalment : texts.rant}</dt>
              <dd>{formatPercent(result.rant)}</dd>
            </div>
            {showIrr ? (
              <div>
                <dt>{texts.irr}</dt>
                <dd>{formatPercent(result.irr)}</dd>
              </div>
            ) : null}
            <div>
              <dt>{texts.totalInterest}</dt>
              <dd>{formatYuan(result.total_interest)}</dd>
            </div>
            <div>
              <dt>{texts.moneyInterest}</dt>
              <dd>{formatYuan(result.money_interest)}</dd>
            </div>
            <div>
              <dt>{texts.monthPayment}</dt>
              <dd>{formatYuan(result.month_payment)}</dd>
            </div>
          </dl>
          <h3 className="loan-result__subtitle">{texts.scheduleTitle}</h3>
          <div className="loan-result__table-wrap">
            <table className="loan-result__table">
              <thead>
                <tr>
                  <th scope="col">{texts.colNper}</th>
                  <th scope="col">{texts.colPayment}</th>
                  <th scope="col">{texts.colInterest}</th>
                  <th scope="col">{texts.colCorpus}</th>
                  <th scope="col">{texts.colResidue}</th>
                </tr>
              </thead>
              <tbody>
                {result.list.map((row) => (
                  <tr key={row.key}>
                    <td>{row.key + 1}</td>
                    <td>{formatYuan(row.month_payment)}</td>
                    <td>{formatYuan(row.month_interest)}</td>
                    <td>{formatYuan(row.month_corpus)}</td>
                    <td>{formatYuan(row.residue_money)}</td>
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
