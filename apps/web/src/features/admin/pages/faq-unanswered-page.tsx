import * as F from '@crm/domain/endpoints/faq-authoring';
import { formatDateTime } from '@crm/domain/datetime';
import { Link } from 'react-router';
import { useAdminWrite } from '../api/admin.ts';
import { useFaqUnanswered } from '../api/faq-authoring.ts';
import { PlainButton } from '../components/admin-form.tsx';
import { AdminShell, DataTable, pagedRows } from '../components/admin-shell.tsx';
import { adminTexts } from '../texts.ts';
import { NEW_ENTRY_TITLE } from './faq-form.tsx';

const T = adminTexts.unanswered;
const A = adminTexts;

/**
 * /admin/faq-unanswered: what the copilot said it did not know (issue 46), one row per wording, newest first,
 * so authors see what to add. 新建问答 opens the FAQ page's new-entry form with the question as its title.
 */
export function AdminFaqUnansweredPage() {
  const list = useFaqUnanswered();
  const handle = useAdminWrite(F.faqUnansweredHandle);
  const first = list.pages[0];
  return (
    <AdminShell title={A.nav['faq-unanswered']}>
      <p className="admin-hint">{T.hint}</p>
      {first ? <p role="status">{T.count(first.open, first.total)}</p> : null}
      <DataTable
        columns={[
          [T.question, (row) => row.question],
          [T.times, (row) => row.times],
          [T.lastAsker, (row) => row.last_asker],
          [T.lastAskedAt, (row) => formatDateTime(row.last_asked_at)],
          [T.bestScore, (row) => `${row.best_score} %`],
          [A.status, (row) => (row.handled ? T.handled : T.open)],
          [
            A.actions,
            (row) => (
              <>
                {row.handled ? null : (
                  <PlainButton onClick={() => handle.mutate({ id: row.id })}>{T.markHandled}</PlainButton>
                )}
                <Link
                  className="admin-button admin-button--plain"
                  to={`/admin/faq?${new URLSearchParams({ [NEW_ENTRY_TITLE]: row.question }).toString()}`}
                >
                  {T.newEntry}
                </Link>
              </>
            ),
          ],
        ]}
        {...pagedRows(list)}
        emptyText={T.empty}
      />
    </AdminShell>
  );
}
