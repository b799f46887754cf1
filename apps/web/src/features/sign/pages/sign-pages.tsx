import { formatDateTime } from '@crm/domain/datetime';
import {
  auditRejectRequestSchema,
  SIGN_STATUS_LABELS,
  updateTaskRequestSchema,
  type SignTask,
} from '@crm/domain/api/sign';
import { Button, List, Radio, Skeleton, Space, Steps, Tag, TextArea } from 'antd-mobile';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { FormField } from '../../../components/form-field.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { LoadMoreList } from '../../../components/load-more-list.tsx';
import { useKeyTabs } from '../../../components/key-tabs.tsx';
import { getStoredUser } from '../../../lib/storage.ts';
import { showToast } from '../../../lib/toast.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { askToConfirm } from '../../../lib/confirm.ts';
import {
  useAuditSignReject,
  useSign,
  useTakeTask,
  revealTaskPhone,
  useTaskList,
  useUpdateTask,
  useWxWorkApprove,
} from '../api/sign-tasks.ts';
import { signTexts as t } from '../texts.ts';
import { RevealableValue } from '../../../components/masked-value.tsx';
import { RowLink } from '../../../components/row-link.tsx';

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

function TaskItem({ task, action }: { task: SignTask; action?: ReactNode }) {
  return (
    <List.Item extra={action ?? <Tag color="primary">{SIGN_STATUS_LABELS[task.status]}</Tag>}>
      {/* The whole row opens the task's record (a chevron says so); the button beside it stays its own tap. */}
      <RowLink className="sign-task__row" to={`/sign/update/${task.id}`}>
        <span className="sign-task__name">{task.client_name}</span>
        {task.signer_name ? ` · ${task.signer_name}` : ''}
        <div className="sign-task__facts">
          <div>
            {t.kind[task.kind]} · {task.client_phone}
          </div>
          {task.appointment_at ? (
            <div>
              {t.appointment} {formatDateTime(task.appointment_at)}
            </div>
          ) : null}
          {task.place ? <div>{task.place}</div> : null}
          {task.outcome_note ? <div>{task.outcome_note}</div> : null}
        </div>
      </RowLink>
    </List.Item>
  );
}

type TaskListProps = {
  list: ReturnType<typeof useTaskList>;
  /** The button beside a task; none shows its status. */
  action: (task: SignTask) => ReactNode;
};

/** A page of tasks, each with what the caller may do to it. */
function TaskList({ list, action }: TaskListProps) {
  return (
    <List>
      <LoadMoreList
        {...list}
        emptyText={t.empty}
        renderItem={(task) => <TaskItem key={task.id} task={task} action={action(task)} />}
      />
    </List>
  );
}

/** Opens a taken task to record its outcome. */
function RecordButton({ taskId }: { taskId: number }) {
  const navigate = useNavigate();
  return (
    <Button size="small" color="primary" fill="outline" onClick={() => void navigate(`/sign/update/${taskId}`)}>
      {t.record}
    </Button>
  );
}

/** /sign/list/:userid/:flag: the task centre (1: open, take one) or a signer's tasks (2). */
export function SignListPage() {
  const { userid = '0', flag = '1' } = useParams();
  const isCentre = flag === '1';
  // A leader may open a team signer's list; only the signer who holds a task records its outcome.
  const myId = getStoredUser()?.id ?? 0;
  const list = useTaskList({ userid: Number(userid), flag: isCentre ? 1 : 2 });
  const take = useTakeTask();

  const onTake = async (id: number) => {
    try {
      await take.mutateAsync(id);
      showToast({ content: t.taken, icon: 'success' });
    } catch (error) {
      showToast({ content: message(error) });
    }
  };

  return (
    <TaskList
      list={list}
      action={(task) =>
        // An open task is taken first come, from the centre or from the list of the signer it was offered to.
        task.status === 'open' && (isCentre || Number(userid) === myId || Number(userid) === 0) ? (
          <Button
            size="small"
            color="primary"
            loading={take.isPending && take.variables === task.id}
            onClick={() => void onTake(task.id)}
          >
            {t.take}
          </Button>
        ) : task.status === 'taken' && task.signer_id === myId ? (
          <RecordButton taskId={task.id} />
        ) : undefined
      }
    />
  );
}

/** /sign/update/:id: record signed or rejected; a rejection is then sent to WeCom approval. */
export function SignUpdatePage() {
  const id = Number(useParams().id ?? 0);
  const task = useSign(id);
  const update = useUpdateTask();
  const approve = useWxWorkApprove();
  const form = useSchemaForm({
    schema: updateTaskRequestSchema,
    // No outcome preselected: signed or rejected is a final decision the signer makes explicitly.
    initial: { outcome: undefined as 'signed' | 'rejected' | undefined, note: '' },
    toInput: (values) => ({ id, ...values }),
    idPrefix: 'sign',
  });
  const { outcome, note } = form.values;

  if (task.isPending) return <Skeleton.Paragraph lineCount={6} animated />;
  if (task.isError) return <LoadError message={task.error.message} onRetry={() => void task.refetch()} />;
  const data = task.data;

  const sendApproval = async () => {
    try {
      const spNo = await approve.mutateAsync(id);
      showToast({ content: t.approvalSent(spNo), icon: 'success' });
    } catch (error) {
      showToast({ content: message(error) });
    }
  };

  const submit = async () => {
    if (!form.validate() || outcome === undefined) return;
    if (!(await askToConfirm(outcome === 'signed' ? t.signedConfirm : t.rejectedConfirm, t))) return;
    try {
      await update.mutateAsync({ id, outcome, note });
      showToast({ content: t.saved, icon: 'success' });
      if (outcome === 'rejected') await sendApproval();
    } catch (error) {
      showToast({ content: message(error) });
    }
  };

  return (
    <div>
      <List header={`${data.client_name} · ${SIGN_STATUS_LABELS[data.status]}`}>
        <List.Item extra={data.client_name}>{t.client}</List.Item>
        <List.Item extra={t.kind[data.kind]}>{t.kindLabel}</List.Item>
        {/* The case opens to whoever holds or held its task, not from the pool (decision 065). */}
        {data.client_id !== null && data.status !== 'open' ? (
          <List.Item arrow>
            <Link to={`/business/detail/${data.client_id}`}>{t.openCase}</Link>
          </List.Item>
        ) : null}
        {/* Masked for the holder too; 查看 asks the server, which logs it (decision 065). The pool shows it masked. */}
        <List.Item
          extra={
            data.status === 'open' ? (
              data.client_phone
            ) : (
              <RevealableValue kind="phone" value={data.client_phone} reveal={() => revealTaskPhone(data.id)} />
            )
          }
        >
          {t.phone}
        </List.Item>
        {data.bank ? <List.Item extra={data.bank}>{t.bank}</List.Item> : null}
        {data.appointment_at ? (
          <List.Item extra={formatDateTime(data.appointment_at)}>{t.appointment}</List.Item>
        ) : null}
        {data.place ? <List.Item extra={data.place}>{t.place}</List.Item> : null}
        {data.wecom_sp_no ? <List.Item extra={data.wecom_sp_no}>{t.approvalNo}</List.Item> : null}
      </List>
      {data.status === 'taken' ? (
        <List header={t.outcome}>
          <FormField field={form.field('outcome')} label={t.outcome}>
            <div role="radiogroup" aria-labelledby={form.field('outcome').labelId}>
              <Radio.Group
                value={outcome}
                onChange={(v) => form.set('outcome')(v === 'rejected' ? 'rejected' : 'signed')}
              >
                <Space>
                  <Radio value="signed">{t.signed}</Radio>
                  <Radio value="rejected">{t.rejected}</Radio>
                </Space>
              </Radio.Group>
            </div>
          </FormField>
          <FormField field={form.field('note')} label={t.note}>
            <TextArea placeholder={t.notePlaceholder} {...form.input('note')} maxLength={200} rows={3} />
          </FormField>
          <List.Item>
            <Button block color="primary" loading={update.isPending} onClick={() => void submit()}>
              {t.submit}
            </Button>
          </List.Item>
        </List>
      ) : null}
      {data.status === 'rejected' && !data.wecom_sp_no ? (
        <div className="page">
          <Button block color="primary" fill="outline" loading={approve.isPending} onClick={() => void sendApproval()}>
            {t.sendApproval}
          </Button>
        </div>
      ) : null}
      {data.events.length > 0 ? (
        <List header={t.history}>
          <div className="page">
            <Steps direction="vertical">
              {data.events.map((e, i) => (
                <Steps.Step
                  key={i}
                  status="finish"
                  title={`${e.actor_name} · ${SIGN_STATUS_LABELS[e.to_status as keyof typeof SIGN_STATUS_LABELS] ?? e.to_status}`}
                  description={`${formatDateTime(e.created_at)}${e.reason ? ` · ${e.reason}` : ''}`}
                />
              ))}
            </Steps>
          </div>
        </List>
      ) : null}
    </div>
  );
}

/** /sign/reject: rejections waiting for user 29, who confirms or sends them back. */
export function SignRejectPage() {
  const list = useTaskList({ userid: 0, flag: 3 });
  return (
    <List>
      <LoadMoreList
        {...list}
        emptyText={t.emptyRejects}
        renderItem={(task) => (
          <div key={task.id}>
            <TaskItem task={task} />
            <RejectDecision taskId={task.id} />
          </div>
        )}
      />
    </List>
  );
}

/** One rejection's decision: sending it back needs a reason (the server's schema says so). */
function RejectDecision({ taskId }: { taskId: number }) {
  const audit = useAuditSignReject();
  const form = useSchemaForm({
    schema: auditRejectRequestSchema,
    initial: { decision: 'approve' as 'approve' | 'refuse', reason: '' },
    toInput: (values) => ({ id: taskId, ...values }),
    idPrefix: `sign-reject-${taskId}`,
  });

  const decide = async (decision: 'approve' | 'refuse') => {
    const input = form.validate({ decision });
    if (!input) return;
    if (decision === 'approve') {
      const confirmed = await askToConfirm(t.approveConfirm, t);
      if (!confirmed) return;
    }
    try {
      await audit.mutateAsync({ id: taskId, decision, reason: form.values.reason });
      showToast({ content: t.decided, icon: 'success' });
    } catch (error) {
      showToast({ content: message(error) });
    }
  };

  return (
    <FormField field={form.field('reason')} label={t.reason}>
      <TextArea placeholder={t.reasonPlaceholder} {...form.input('reason')} rows={2} />
      <Space>
        <Button size="small" color="primary" onClick={() => void decide('approve')}>
          {t.approve}
        </Button>
        <Button size="small" color="warning" fill="outline" onClick={() => void decide('refuse')}>
          {t.refuse}
        </Button>
      </Space>
    </FormField>
  );
}

/** /sign/house: home-loan docking, the bank signings the stewards booked: open ones and the caller's own. */
export function SignHousePage() {
  const [tab, tabs] = useKeyTabs([
    { key: 'open', title: t.houseOpen },
    { key: 'mine', title: t.houseMine },
  ]);
  const open = useTaskList({ userid: 0, flag: 1, kind: 'house' });
  const mine = useTaskList({ userid: 0, flag: 2, kind: 'house' });
  const take = useTakeTask();
  const list = tab === 'open' ? open : mine;
  return (
    <div>
      {tabs}
      <TaskList
        list={list}
        action={(task) =>
          tab === 'open' ? (
            <Button
              size="small"
              color="primary"
              onClick={() =>
                void take.mutateAsync(task.id).then(
                  () => showToast({ content: t.taken, icon: 'success' }),
                  (error: unknown) => showToast({ content: message(error) }),
                )
              }
            >
              {t.take}
            </Button>
          ) : task.status === 'taken' ? (
            <RecordButton taskId={task.id} />
          ) : undefined
        }
      />
    </div>
  );
}
