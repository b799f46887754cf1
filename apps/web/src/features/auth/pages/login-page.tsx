import type { CorpOption } from '@crm/domain/api/auth';
import { Button, Input } from 'antd-mobile';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/api-client.ts';
import { pickTexts } from '../../../lib/locale.ts';
import { preloadToast, showToast } from '../../../lib/toast.ts';
import {
  clearStoredPhone,
  getStoredPhone,
  getStoredUser,
  setStoredPhone,
  setStoredUser,
} from '../../../lib/storage.ts';
import { checkedBy, useSchemaForm } from '../../../lib/use-schema-form.ts';
import { PlainForm } from '../../../components/plain-form.tsx';
import { autoLogin, wecomAuthorizeUrl } from '../api/auto-login.ts';
import { useCheckCaptcha } from '../api/check-captcha.ts';
import { useCorpList } from '../api/get-corp-list.ts';
import { login } from '../api/login.ts';
import { sendSmsCode } from '../api/send-sms-code.ts';
import { CorpField } from '../components/corp-field.tsx';
import { SMS_COUNTDOWN_SECONDS, useCountdown } from '../../../lib/use-countdown.ts';
import { isSendablePhone, validateLoginForm, type LoginForm } from '../login-rules.ts';
import { authTexts, enUS } from '../texts.ts';
import './login-page.css';

/** Spec §9: the post-login redirect waits 2 s so the server's message can be read. */
const REDIRECT_AFTER_LOGIN_MS = 2000;

type Stage = 'redirecting' | 'authorizing' | 'form';

const NO_CORPS: CorpOption[] = [];

function errorMessage(error: unknown): string {
  return isApiError(error) || error instanceof Error ? error.message : String(error);
}

/**
 * The login answers only the id; the home page's userinfo fills in the jobs and leadership. Both login
 * paths store this record so that answer, which refreshes only the signed-in user's record, has one.
 */
function storeProvisionalUser(id: number): void {
  setStoredUser({ id, job: [], leader: false });
}

function initialStage(search: URLSearchParams): Stage {
  if (getStoredUser()) return 'redirecting';
  return search.get('corp') ? 'authorizing' : 'form';
}

/** One field of the form: its label, the control, and the field's message under it (`<id>-error`). */
function LoginField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="login-field">
      <label className="login-field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="login-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function LoginPage() {
  const texts = pickTexts(authTexts, enUS);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  // Signed in from the back office's desktop login, the admin goes back to it rather than to the phone home.
  const homeAfterLogin = search.get('to') === 'admin' ? '/admin' : '/index';
  const [stage, setStage] = useState<Stage>(() => initialStage(search));
  const entryHandled = useRef(false);

  const [isSubmitting, setIsSubmitting] = useState(false);
  const [isSending, setIsSending] = useState(false);
  const [captchaVersion, setCaptchaVersion] = useState(0);

  const wxworkid = search.get('wxworkid');
  const corpList = useCorpList(stage === 'form');
  const corps: CorpOption[] = corpList.data ?? NO_CORPS;
  // One company needs no choosing.
  const onlyCorpId = corps.length === 1 ? (corps[0]?.value ?? null) : null;
  // The company the link names (/login?corp=2, also after a refused automatic login) comes chosen.
  const linkedCorpId = corps.find((corp) => String(corp.value) === search.get('corp'))?.value ?? null;
  const defaultCorpId = linkedCorpId ?? onlyCorpId;
  const form = useSchemaForm({
    // login-rules.ts: the domain's phone, code and company rules without zod (the login bundle's budget).
    schema: checkedBy((input: LoginForm) => {
      const result = validateLoginForm(input, getStoredPhone(), texts);
      return result.ok ? { ok: true, data: result.values } : { ok: false, problems: result.problems };
    }),
    initial: { corpId: null as number | null, phone: '', code: '' },
    toInput: (values): LoginForm => ({ ...values, corpId: values.corpId ?? defaultCorpId }),
    idPrefix: 'login',
    ids: { corpId: 'login-corp' },
  });
  const { phone, code } = form.values;
  const chosenCorpId = form.values.corpId ?? defaultCorpId;
  const fieldErrors = form.errors;

  const phoneIsValid = isSendablePhone(phone);
  const captcha = useCheckCaptcha(stage === 'form' && phoneIsValid ? phone : null, captchaVersion);
  const countdown = useCountdown(() => setCaptchaVersion((version) => version + 1));
  const startCountdown = countdown.start;

  useEffect(() => {
    void preloadToast().catch(() => undefined);
  }, []);

  // Login entry (spec §4): stored user, WeCom authorization, automatic login, or the form.
  useEffect(() => {
    if (entryHandled.current) return;
    entryHandled.current = true;

    const error = search.get('error');
    if (error) showToast({ content: error });

    const storedUser = getStoredUser();
    if (storedUser) {
      void navigate(homeAfterLogin, { replace: true, state: { userid: storedUser.id } });
      return;
    }
    const corp = search.get('corp');
    if (!corp) return;
    if (!search.get('wxworkid')) {
      window.location.assign(wecomAuthorizeUrl(corp));
      return;
    }
    autoLogin(Object.fromEntries(search.entries())).then(
      ({ data }) => {
        storeProvisionalUser(data.id);
        void navigate(homeAfterLogin, { replace: true, state: { userid: data.id } });
      },
      (failure: unknown) => {
        showToast({ content: errorMessage(failure) });
        setStage('form');
      },
    );
  }, [homeAfterLogin, navigate, search]);

  // A phone that may not get a code yet shows how long to wait.
  useEffect(() => {
    if (captcha.data && !captcha.data.enabled && captcha.data.retryAfter > 0) startCountdown(captcha.data.retryAfter);
  }, [captcha.data, startCountdown]);

  useEffect(() => {
    if (corpList.error) showToast({ icon: 'fail', content: corpList.error.message || texts.corpLoadFailed });
  }, [corpList.error, texts.corpLoadFailed]);

  const handleSendCode = async () => {
    if (!phoneIsValid) {
      showToast({ content: texts.phoneFormat });
      return;
    }
    setIsSending(true);
    try {
      const { data } = await sendSmsCode(phone);
      setStoredPhone(phone);
      startCountdown(SMS_COUNTDOWN_SECONDS);
      const demoCode = data?.verifyCode;
      if (demoCode) form.set('code')(demoCode);
      showToast({
        icon: 'success',
        content: demoCode ? `${texts.smsSent}\n${texts.demoCode(demoCode)}` : texts.smsSent,
        duration: demoCode ? 4000 : 2000,
      });
    } catch (failure) {
      showToast({ icon: 'fail', content: errorMessage(failure) });
      setCaptchaVersion((version) => version + 1);
    } finally {
      setIsSending(false);
    }
  };

  const handleSubmit = async () => {
    const values = form.validate();
    if (!values) return;
    setIsSubmitting(true);
    try {
      const { data, msg } = await login({ ...values, wxworkid: wxworkid ?? null });
      showToast({ icon: 'success', content: msg });
      clearStoredPhone();
      storeProvisionalUser(data.id);
      window.setTimeout(() => {
        void navigate(homeAfterLogin, { replace: true, state: { userid: data.id } });
      }, REDIRECT_AFTER_LOGIN_MS);
    } catch (failure) {
      showToast({ icon: 'fail', content: errorMessage(failure) });
      setIsSubmitting(false);
    }
  };

  if (stage === 'redirecting') return null;

  if (stage === 'authorizing') {
    return (
      <section className="login-status" role="status" aria-live="polite">
        <div className="login-status__spinner" aria-hidden="true" />
        <h1 className="login-status__title">{texts.authorizing}</h1>
        <p className="login-status__text">{texts.pleaseWait}</p>
      </section>
    );
  }

  const smsDisabled = countdown.isCounting || isSending || captcha.isLoading || captcha.data?.enabled === false;
  // An invalid phone leaves the button tappable (aria-disabled) so the tap can say why (spec §8).
  const smsLooksDisabled = !phoneIsValid;

  return (
    <PlainForm className="login-form" onSubmit={handleSubmit}>
      <LoginField id="login-corp" label={texts.corpLabel} error={fieldErrors.corpId}>
        <div className="login-field__row">
          <CorpField
            id="login-corp"
            options={corps}
            value={chosenCorpId}
            placeholder={texts.corpPlaceholder}
            title={texts.corpLabel}
            confirmText={texts.confirm}
            cancelText={texts.cancel}
            describedBy={fieldErrors.corpId ? 'login-corp-error' : undefined}
            onChange={form.set('corpId')}
          />
          {/* The toast is gone in seconds: without this, a failed list leaves nothing to pick and no way on. */}
          {corpList.error ? (
            <Button className="login-retry-button" color="primary" fill="outline" size="small" onClick={corpList.retry}>
              {texts.retry}
            </Button>
          ) : null}
        </div>
      </LoginField>

      <LoginField id="login-phone" label={texts.phoneLabel} error={fieldErrors.phone}>
        <Input
          id="login-phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          maxLength={11}
          clearable
          placeholder={texts.phonePlaceholder}
          value={phone}
          aria-invalid={Boolean(fieldErrors.phone)}
          onChange={(value) => form.set('phone')(value.replace(/\D/g, ''))}
        />
      </LoginField>

      <LoginField id="login-code" label={texts.codeLabel} error={fieldErrors.code}>
        <div className="login-field__row">
          <Input
            id="login-code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder={texts.codePlaceholder}
            value={code}
            aria-invalid={Boolean(fieldErrors.code)}
            onChange={(value) => form.set('code')(value.replace(/\D/g, ''))}
          />
          <Button
            className={`login-sms-button${smsLooksDisabled ? ' adm-button-disabled' : ''}`}
            color="primary"
            fill="outline"
            size="small"
            disabled={smsDisabled && !smsLooksDisabled}
            aria-disabled={smsLooksDisabled || smsDisabled}
            loading={isSending}
            onClick={() => void handleSendCode()}
          >
            {countdown.isCounting ? texts.countdown(countdown.seconds) : texts.getCode}
          </Button>
        </div>
      </LoginField>

      <Button
        className="login-submit"
        type="submit"
        color="primary"
        size="large"
        block
        loading={isSubmitting}
        loadingText={texts.submitting}
        disabled={isSubmitting}
      >
        {texts.submit}
      </Button>
    </PlainForm>
  );
}
