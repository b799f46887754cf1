import type { CaseListItem } from '@crm/domain/api/cases';
import { Button } from 'antd-mobile';
import { PagedList } from '../../../components/paged-list.tsx';
import { Sheet } from '../../../components/sheet.tsx';
import { askToConfirm } from '../../../lib/confirm.ts';
import { showErrorToast, showToast } from '../../../lib/toast.ts';
import { useClientList } from '../api/get-client-list.ts';
import { useMergeClients } from '../api/merge-clients.ts';
import { casesTexts } from '../texts.ts';

const T = casesTexts.merge;

export type MergeSheetProps = {
  /** The case that stays (null: closed), and its client's name, which finds the team's other records. */
  keep: { id: number; name: string } | null;
  onClose: () => void;
};

/**
 * The leader's 合并客户 (decision 066): the team's cases of the same name, one tapped and confirmed moves
 * into this one (its follow-ups, repayments, proofs, images, events and signing tasks) and stays a pointer.
 */
export function MergeSheet({ keep, onClose }: MergeSheetProps) {
  return (
    <Sheet open={keep !== null} onClose={onClose} destroyOnClose bodyStyle={{ maxHeight: '80vh', overflowY: 'auto' }}>
      {keep ? <Candidates keep={keep} onClose={onClose} /> : null}
    </Sheet>
  );
}

function Candidates({ keep, onClose }: { keep: { id: number; name: string }; onClose: () => void }) {
  const list = useClientList({ status: 0, keyword: keep.name, scope: 'team' });
  const merge = useMergeClients();
  const others = { ...list, items: list.items.filter((item) => item.id !== keep.id) };
  const pick = async (item: CaseListItem) => {
    if (!(await askToConfirm(T.confirm(item.id, item.name, keep.id), { confirm: T.go, cancel: casesTexts.cancel })))
      return;
    try {
      const answer = await merge.mutateAsync({ keep_id: keep.id, merge_id: item.id });
      showToast({ content: answer.msg || T.done, icon: 'success' });
      onClose();
    } catch (error) {
      showErrorToast(error);
    }
  };
  return (
    <div className="page">
      <div className="section-title">{T.title}</div>
      <p className="merge-hint">{T.hint}</p>
      <PagedList<CaseListItem>
        list={others}
        emptyText={T.empty}
        renderItem={(item) => (
          <div className="case-row">
            <div className="case-row__top">
              <span>
                #{item.id} {item.name}
              </span>
              <span>{item.owner_name}</span>
            </div>
            <div className="case-row__sub">
              <span>{item.phone}</span>
              <Button size="small" color="warning" loading={merge.isPending} onClick={() => void pick(item)}>
                {T.go}
              </Button>
            </div>
          </div>
        )}
      />
    </div>
  );
}
