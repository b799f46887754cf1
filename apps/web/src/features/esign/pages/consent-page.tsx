import { consentCode, consentConfirm, consentView } from '@crm/domain/endpoints/consent';
import { Button, Checkbox, Input, NoticeBar, Result, Skeleton } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { send } from '../../../lib/send.ts';
import { useCountdown } from '../../../lib/use-countdown.ts';
import { esignTexts as T } from '../texts.ts';
import '../esign.css';

type View = Awaited<ReturnType<typeof loadView>>;
const loadView = (token: string) => send(consentView, { token });
const errorText = (error: unknown) => (error instanceof Error ? error.message : T.loadFailed);

/**
 * /interface/consent?t=…: the client reads the authorisation to process their personal financial information
 * (decision 073) and confirms it with the code texted to the phone the case names, as e-sign's identity step.
 */
export function ConsentConfirmPage() {
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const [view, setView] = useState<View | null>(null);
  const [error, setError] = useState<string | null>(token ? null : T.linkMissing);
  const [code, setCode] = useState('');
  const [demoCode, setDemoCode] = useState<string | null>(null);
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const countdown = useCountdown();

  useEffect(() => {
    if (!token) return;
    void loadView(token).then(setView, (failure: unknown) => setError(errorText(failure)));
  }, [token]);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  if (done)
    return (
      <div className="page">
        <Result status="success" title={T.consentDoneTitle} description={T.consentDoneText} />
      </div>
    );
  if (!view)
    return error ? (
      <Result status="warning" title={T.consentTitle} description={error} />
    ) : (
      <div className="page" role="status" aria-busy="true">
        <Skeleton.Paragraph lineCount={4} animated />
      </div>
    );

  return (
    <div className="page esign-reader">
      <h1 className="page__title">{view.title}</h1>
      <NoticeBar wrap color="info" content={T.consentIntro(view.company_name, view.client_name, view.phone)} />
      <article className="esign-page" aria-label={view.title}>
        {view.paragraphs.map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
        <small>{T.consentVersion(view.text_version)}</small>
      </article>
      <Checkbox block className="esign-consent" checked={agreed} onChange={setAgreed}>
        {T.consentAgree}
      </Checkbox>
      <label className="esign-label" htmlFor="consent-code">
        {T.codeLabel}
      </label>
      <div className="esign-code-row">
        <Input
          id="consent-code"
          className="esign-input"
          inputMode="numeric"
          maxLength={6}
          placeholder={T.codePlaceholder}
          value={code}
          onChange={setCode}
        />
        <Button
          size="small"
          disabled={busy || countdown.isCounting}
          onClick={() =>
            void run(async () => {
              const sent = await send(consentCode, { token });
              countdown.start();
              setDemoCode(sent.verifyCode ?? null);
            })
          }
        >
          {countdown.isCounting ? T.countdown(countdown.seconds) : T.getCode}
        </Button>
      </div>
      {demoCode ? <p className="esign-hint">{T.demoCode(demoCode)}</p> : null}
      <div className="esign-step">
        <Button
          block
          color="primary"
          loading={busy}
          onClick={() =>
            void run(async () => {
              if (!agreed) throw new Error(T.consentNeedAgree);
              await send(consentConfirm, { token, code });
              setDone(true);
            })
          }
        >
          {T.consentConfirm}
        </Button>
      </div>
      {error ? <NoticeBar wrap color="error" content={error} /> : null}
    </div>
  );
}
