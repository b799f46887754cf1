import { outsideLoginRequestSchema } from '@crm/domain/api/outside';
import { CorpLoginPage } from '../../../components/corp-login-page.tsx';
import { useEnter } from '../api/session.ts';
import { PortalActions } from '../components/portal-actions.tsx';
import { outsideTexts as T } from '../texts.ts';
import '../outside.css';

/** The partner's login form, and where it goes in. */
const PORTAL = {
  schema: outsideLoginRequestSchema,
  scene: 'outside',
  className: 'outside-login',
  home: '/outside/index',
} as const;

/** /outside/login: a partner logs in with company, phone and SMS code (no back arrow: titles.ts). */
export function OutsideLoginPage() {
  const enter = useEnter('login');
  return (
    <CorpLoginPage {...PORTAL} send={enter.mutateAsync} done={T.loggedIn}>
      {() => (
        <PortalActions
          submit={T.login}
          pending={enter.isPending}
          switchTo="/outside/register"
          switchText={T.toRegister}
        />
      )}
    </CorpLoginPage>
  );
}
