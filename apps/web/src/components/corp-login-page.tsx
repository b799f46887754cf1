import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { FormSchema } from '../lib/use-schema-form.ts';
import { CorpLoginFields, useCorpLogin } from './corp-login-fields.tsx';
import { PlainForm } from './plain-form.tsx';
import type { SmsScene } from './sms-code-field.tsx';

export type CorpLoginPageProps<Out> = {
  /** The portal's login request; the form's ids are `${scene}-login-…`. */
  schema: FormSchema<Out>;
  scene: SmsScene;
  className: string;
  /** Where the portal starts, replacing the login in the history. */
  home: string;
  /** Sends the login (the portal's own endpoint). */
  send: Parameters<ReturnType<typeof useCorpLogin>['enter']>[0];
  /** The toast once in. */
  done: string;
  initialCorp?: string;
  /** The buttons under the fields, given the company chosen. */
  children: (corpId: string) => ReactNode;
};

/** A portal's login page (useCorpLogin): company, phone and code, sent on submit, then into the portal. */
export function CorpLoginPage<Out>({
  schema,
  scene,
  className,
  home,
  send,
  done,
  initialCorp,
  children,
}: CorpLoginPageProps<Out>) {
  const navigate = useNavigate();
  const login = useCorpLogin({ schema, idPrefix: `${scene}-login`, initialCorp });
  return (
    <div className="page">
      <PlainForm
        className={className}
        onSubmit={() => login.enter(send, done, () => void navigate(home, { replace: true }))}
      >
        <CorpLoginFields login={login} scene={scene} />
        {children(login.corpId)}
      </PlainForm>
    </div>
  );
}
