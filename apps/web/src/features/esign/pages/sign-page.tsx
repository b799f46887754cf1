import type { EsignSignerDocument } from '@crm/domain/api/esign';
import { Button, Checkbox, Input, NoticeBar, Result, Skeleton } from 'antd-mobile';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link, useSearchParams } from 'react-router';
import SignaturePad from 'signature_pad';
import {
  downloadSignedCopy,
  downloadSigningCertificate,
  signerCode,
  signerDocument,
  signerLogin,
  signerPage,
  signerSign,
  signerStart,
} from '../api/esign.ts';
import { useCountdown } from '../../../lib/use-countdown.ts';
import { esignTexts as T } from '../texts.ts';
import '../esign.css';

type Intro = Awaited<ReturnType<typeof signerStart>>;
const errorText = (error: unknown) => (error instanceof Error ? error.message : T.loadFailed);

/**
 * The handwritten signature: signature_pad on a canvas, exported as a PNG. Made once per mount: the page's
 * re-renders (ticking consent) must not make a new pad, which would clear what was drawn.
 */
function SignatureBox({ padRef }: { padRef: RefObject<SignaturePad | null> }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const pad = new SignaturePad(canvas.current, { penColor: '#000', minWidth: 1, maxWidth: 3 });
    padRef.current = pad;
    return () => {
      pad.off();
      padRef.current = null;
    };
  }, [padRef]);
  return <canvas ref={canvas} className="esign-pad" width={320} height={160} aria-label={T.drawHere} />;
}

type Run = (work: () => Promise<void>) => Promise<void>;

/** A step's own button: it runs the step's work, held while that runs; a failure shows under the step. */
function StepButton({
  run,
  busy,
  work,
  children,
}: {
  run: Run;
  busy: boolean;
  work: () => Promise<void>;
  children: ReactNode;
}) {
  return (
    <Button block color="primary" loading={busy} onClick={() => void run(work)}>
      {children}
    </Button>
  );
}

/**
 * /interface/esign?t=…: the client's signing, from the link the salesperson sent: identify (SMS code to the
 * order's phone + ID number), read every page full screen, draw, consent, sign; then download the sealed PDF.
 */
export function EsignSignPage() {
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const [intro, setIntro] = useState<Intro | null>(null);
  const [doc, setDoc] = useState<EsignSignerDocument | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [demoCode, setDemoCode] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [idNumber, setIdNumber] = useState('');
  const [page, setPage] = useState(1);
  const [consent, setConsent] = useState(false);
  const [busy, setBusy] = useState(false);
  const countdown = useCountdown();
  const [signed, setSigned] = useState(false);
  const pad = useRef<SignaturePad | null>(null);

  useEffect(() => {
    // A session already open (the page reloaded) goes straight to the document.
    void signerDocument()
      .then(setDoc)
      .catch(() => {
        if (!token) return setError(T.linkMissing);
        void signerStart(token).then(setIntro, (failure: unknown) => setError(errorText(failure)));
      });
  }, [token]);

  useEffect(() => {
    if (doc && doc.status === 'sent') void signerPage(page).catch(() => undefined);
  }, [doc, page]);

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

  if (signed || doc?.status === 'signed')
    return (
      <div className="page">
        <Result status="success" title={T.signedTitle} description={T.signedText} />
        <Button
          block
          color="primary"
          onClick={() => void downloadSignedCopy().catch((failure: unknown) => setError(errorText(failure)))}
        >
          {T.downloadMine}
        </Button>
        <Button
          block
          style={{ marginTop: 12 }}
          onClick={() => void downloadSigningCertificate().catch((failure: unknown) => setError(errorText(failure)))}
        >
          {T.downloadMyCertificate}
        </Button>
        {/* Anyone holding the PDFs checks them there, without logging in (issue 48). */}
        <Link className="link-button link-button--ghost esign-verify-link" to="/interface/esign/verify">
          {T.verifyLink}
        </Link>
        {error ? <NoticeBar wrap color="error" content={error} /> : null}
      </div>
    );

  if (doc) {
    const total = doc.pages.length;
    const current = doc.pages[page - 1];
    return (
      <div className="page esign-reader">
        <h1 className="page__title">{doc.title}</h1>
        <article className="esign-page" aria-label={T.page(page, total)}>
          <h2>{current?.title}</h2>
          {current?.paragraphs.map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
          <small>{T.page(page, total)}</small>
        </article>
        <div className="esign-actions">
          <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {T.prevPage}
          </Button>
          <Button size="small" disabled={page >= total} onClick={() => setPage(page + 1)}>
            {T.nextPage}
          </Button>
        </div>
        {page === total ? (
          <>
            <p>{T.drawHere}</p>
            <SignatureBox padRef={pad} />
            <Button size="mini" onClick={() => pad.current?.clear()}>
              {T.clear}
            </Button>
            {/* The whole row is the label: a thumb landing on the sentence or beside it ticks the box, not only
                the 22 px circle (issue 39). */}
            <Checkbox block className="esign-consent" checked={consent} onChange={setConsent}>
              {T.consent}
            </Checkbox>
            <StepButton
              run={run}
              busy={busy}
              work={async () => {
                if (!pad.current || pad.current.isEmpty()) throw new Error(T.needSignature);
                if (!consent) throw new Error(T.needConsent);
                await signerSign(pad.current.toDataURL('image/png'));
                setSigned(true);
              }}
            >
              {T.sign}
            </StepButton>
          </>
        ) : null}
        {error ? <NoticeBar wrap color="error" content={error} /> : null}
      </div>
    );
  }

  if (!intro)
    return error ? (
      <Result status="warning" title={T.signTitle} description={error} />
    ) : (
      <div className="page" role="status" aria-busy="true">
        <Skeleton.Paragraph lineCount={4} animated />
      </div>
    );

  return (
    <div className="page">
      <h1 className="page__title">{intro.title}</h1>
      <NoticeBar wrap color="info" content={T.identifyIntro(intro.company_name, intro.signer_name, intro.phone)} />
      <label className="esign-label" htmlFor="esign-code">
        {T.codeLabel}
      </label>
      <div className="esign-code-row">
        <Input
          id="esign-code"
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
              const sent = await signerCode(token);
              countdown.start();
              setDemoCode(sent.verifyCode ?? null);
            })
          }
        >
          {countdown.isCounting ? T.countdown(countdown.seconds) : T.getCode}
        </Button>
      </div>
      {demoCode ? <p className="esign-hint">{T.demoCode(demoCode)}</p> : null}
      <label className="esign-label" htmlFor="esign-id">
        {T.idLabel}
      </label>
      <Input
        id="esign-id"
        className="esign-input"
        maxLength={18}
        placeholder={T.idPlaceholder}
        value={idNumber}
        onChange={setIdNumber}
      />
      <div className="esign-step">
        <StepButton
          run={run}
          busy={busy}
          work={async () => {
            await signerLogin({ token, code, id_number: idNumber });
            setDoc(await signerDocument());
          }}
        >
          {T.verifyIdentity}
        </StepButton>
      </div>
      {error ? <NoticeBar wrap color="error" content={error} /> : null}
    </div>
  );
}
