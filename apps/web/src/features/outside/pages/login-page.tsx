import { outsideLoginRequestSchema } from '@crm/domain/api/outside';
import { useNavigate } from 'react-router';
import { CorpLoginFields, useCorpLogin } from '../../../components/corp-login-fields.tsx';
import { PlainForm } from '../../../components/plain-form.tsx';
import { useEnter } from '../api/session.ts';
import { PortalActions } from '../components/portal-actions.tsx';
import { outsideTexts as T } from '../texts.ts';
import '../outside.css';

/** /outside/login: a partner logs in with company, phone and SMS code (no back arrow: titles.ts). */
export function OutsideLoginPage() {
  const navigate = useNavigate();
  const enter = useEnter('login');
  const login = useCorpLogin({ schema: outsideLoginRequestSchema, idPrefix: 'outside-login' });
  const submit = () =>
    login.enter(enter.mutateAsync, T.loggedIn, () => void navigate('/outside/index', { replace: true }));

  return (
    <div className="page">
      <PlainForm className="outside-login" onSubmit={submit}>
        <CorpLoginFields login={login} scene="outside" />
        <PortalActions
          submit={T.login}
          pending={enter.isPending}
          switchTo="/outside/register"
          switchText={T.toRegister}
        />
      </PlainForm>
    </div>
  );
}
