import type { Filing } from '@crm/domain/api/chatter';
import { Button, Card, Input } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PlainForm } from '../../../components/plain-form.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { showToast } from '../../../lib/toast.ts';
import { useAddFiling, useAuthFiling, useFiling, useOpenPurse } from '../api/chatter-api.ts';
import { chatterTexts as T } from '../texts.ts';
import '../chattergee.css';

const failed = (error: unknown) =>
  showToast({ content: error instanceof Error ? error.message : String(error), icon: 'fail' });

/** Sends a write: its answer's message is toasted and the answer goes to `then`; a failure is toasted instead. */
async function sendThen<Answer extends { msg: string }>(send: () => Promise<Answer>, then: (answer: Answer) => void) {
  try {
    const answer = await send();
    showToast({ content: answer.msg, icon: 'success' });
    then(answer);
  } catch (error) {
    failed(error);
  }
}

/**
 * A step on the file whose id is in the address (/{id}), by a write answered with the file: `send` sends it
 * (sendThen), and `done` is the file it answered.
 */
function useFilingStep<I>(write: { mutateAsync: (input: I) => Promise<{ msg: string; filing: Filing }> }) {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const [done, setDone] = useState<Filing | null>(null);
  const send = (input: I) =>
    sendThen(
      () => write.mutateAsync(input),
      ({ filing }) => setDone(filing),
    );
  return { id, navigate, done, send };
}

/** A form's 提交, held while its write is under way. */
function SubmitButton({ loading }: { loading: boolean }) {
  return (
    <Button block color="primary" type="submit" loading={loading} style={{ marginTop: 16 }}>
      {T.submit}
    </Button>
  );
}

/** One labelled text input (the label names the input for screen readers and tests). */
function Field(props: { id: string; label: string; value: string; onChange: (v: string) => void; type?: string }) {
  return (
    <>
      <label htmlFor={props.id}>{props.label}</label>
      <Input className="chatter-input" id={props.id} value={props.value} onChange={props.onChange} type={props.type} />
    </>
  );
}

/** /chattergee/add/{external_userid}: a new customer file, named as WeCom names the contact to start with. */
export function ChatterAddPage() {
  const ext = useParams().id ?? '';
  const navigate = useNavigate();
  const contact = useFiling(ext);
  const add = useAddFiling();
  const [edited, setEdited] = useState<{ name?: string; mobile: string; remark: string }>({ mobile: '', remark: '' });
  if (!contact.isSuccess) return <QueryFallback query={contact} errorTitle={T.loadFailed} lines={4} />;
  const name = edited.name ?? contact.data.contact_name;
  const submit = () =>
    sendThen(
      () => add.mutateAsync({ external_userid: ext, name, mobile: edited.mobile, remark: edited.remark }),
      () => void navigate('/chattergee/home'),
    );
  return (
    <PlainForm className="chatter-form" onSubmit={submit}>
      <Field id="chatter-name" label={T.name} value={name} onChange={(v) => setEdited({ ...edited, name: v })} />
      <Field
        id="chatter-mobile"
        label={T.mobile}
        value={edited.mobile}
        onChange={(v) => setEdited({ ...edited, mobile: v })}
        type="tel"
      />
      <Field
        id="chatter-remark"
        label={T.remark}
        value={edited.remark}
        onChange={(v) => setEdited({ ...edited, remark: v })}
      />
      <SubmitButton loading={add.isPending} />
    </PlainForm>
  );
}

/**
 * /chattergee/auth/{id}: real-name auth: the name and ID number (checked, with its check digit) and a photo
 * of the ID card, whose OCR the server compares with the number.
 */
export function ChatterAuthPage() {
  const auth = useAuthFiling();
  const { id, navigate, done, send } = useFilingStep(auth);
  const [realName, setRealName] = useState('');
  const [idNumber, setIdNumber] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const submit = async () => {
    if (!photo) return failed(new Error(T.idPhotoMissing));
    await send({ id, real_name: realName, id_number: idNumber, file: photo });
  };
  if (done)
    return (
      <Card className="chatter-card" title={T.authed}>
        <p>{T.authDone(done.real_name ?? '', done.id_number_masked ?? '')}</p>
        <Button block color="primary" onClick={() => void navigate(`/chattergee/purse/${done.id}`)}>
          {T.openPurse}
        </Button>
      </Card>
    );
  return (
    <PlainForm className="chatter-form" onSubmit={submit}>
      <Field id="chatter-real-name" label={T.realName} value={realName} onChange={setRealName} />
      <Field id="chatter-id-number" label={T.idNumber} value={idNumber} onChange={setIdNumber} />
      <label htmlFor="chatter-id-photo">{T.idPhoto}</label>
      <input
        id="chatter-id-photo"
        type="file"
        accept="image/*"
        capture="environment"
        onChange={(event) => setPhoto(event.target.files?.[0] ?? null)}
      />
      <SubmitButton loading={auth.isPending} />
    </PlainForm>
  );
}

/** /chattergee/purse/{id}: opens the authenticated customer's wallet (the wallet QR's link lands here too). */
export function ChatterPursePage() {
  const open = useOpenPurse();
  const { id, navigate, done: opened, send } = useFilingStep(open);
  const submit = () => send(id);
  return (
    <Card className="chatter-card" title={T.openPurse}>
      {opened?.wallet ? (
        <>
          <p>{T.walletBalance(opened.wallet.balance)}</p>
          <Button
            block
            color="primary"
            onClick={() => void navigate(`/chattergee/send/${encodeURIComponent(opened.external_userid)}`)}
          >
            {T.sendPoints}
          </Button>
        </>
      ) : (
        <>
          <p>{T.purseIntro}</p>
          <Button block color="primary" loading={open.isPending} onClick={() => void submit()}>
            {T.openPurse}
          </Button>
        </>
      )}
    </Card>
  );
}
