import { Button } from 'antd-mobile';
import { Link } from 'react-router';

/** The foot of the login and the sign-up: the submit, held while it is sent, and the link to the other one. */
export function PortalActions({
  submit,
  pending,
  switchTo,
  switchText,
}: {
  submit: string;
  pending: boolean;
  switchTo: string;
  switchText: string;
}) {
  return (
    <div className="form-actions">
      <Button block type="submit" color="primary" size="large" loading={pending}>
        {submit}
      </Button>
      <Link className="outside-switch" to={switchTo}>
        {switchText}
      </Link>
    </div>
  );
}
