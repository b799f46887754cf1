import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { getStoredUser } from '../../../lib/storage.ts';
import { faqTexts as T } from '../texts.ts';

/**
 * /faq/login: staff come in through the existing staff login (decision 053). Someone already logged in goes
 * straight to the FAQ; anyone else to /login, whose home page links back here (问答与AI助手).
 */
export function FaqLoginPage() {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(getStoredUser() ? '/faq/index' : '/login', { replace: true });
  }, [navigate]);
  return (
    <div className="page" role="status">
      {T.loginNeeded}
    </div>
  );
}
