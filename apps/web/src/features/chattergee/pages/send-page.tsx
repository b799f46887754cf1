import type { Qrcode } from '@crm/domain/api/chatter';
import { Button, Input } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { NetworkRetry } from '../../../components/network-retry.tsx';
import { PlainForm } from '../../../components/plain-form.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { showToast } from '../../../lib/toast.ts';
import { useIdempotentSubmit } from '../../../lib/use-idempotent-submit.ts';
import { invalidateChatter, sendPoint, sendQrcode, useIntegral } from '../api/chatter-api.ts';
import { useSidebar } from '../lib/use-sidebar.ts';
import { chatterTexts as T } from '../texts.ts';
import '../chattergee.css';

const failed = (error: unknown) =>
  showToast({ content: error instanceof Error ? error.message : String(error), icon: 'fail' });

/**
 * /chattergee/send/{external_userid}: both balances, the amount and the reason; one idempotency key per fill
 * (a retry after a lost answer moves nothing twice). After the server commits, the card it built goes into
 * the chat through the JS-SDK (ww.sendChatMessage).
 */
export function ChatterSendPage() {
  const ext = useParams().external_userid ?? '';
  const integral = useIntegral(ext);
  const sidebar = useSidebar();
  const queryClient = useQueryClient();
  const submit = useIdempotentSubmit();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [qr, setQr] = useState<Qrcode | null>(null);
  if (!integral.isSuccess) return <QueryFallback query={integral} errorTitle={T.loadFailed} lines={4} />;

  const deliver = async (card: Qrcode['card']) => {
    try {
      await sidebar.data?.sdk.sendCard(card);
      return true;
    } catch {
      showToast({ content: T.cardFailed, icon: 'fail' });
      return false;
    }
  };
  const send = async () => {
    setBusy(true);
    await submit.run(async (key) => {
      const { msg, sent } = await sendPoint({ external_userid: ext, amount, reason }, key);
      void invalidateChatter(queryClient);
      if (await deliver(sent.card)) showToast({ content: `${msg}，${T.sendDone}`, icon: 'success' });
      setAmount('');
      setReason('');
    }, failed);
    setBusy(false);
  };
  const sendQr = async () => {
    try {
      const answer = await sendQrcode(ext);
      setQr(answer);
      await deliver(answer.card);
    } catch (error) {
      failed(error);
    }
  };
  return (
    <div className="page">
      <p className="chatter-balances" role="status">
        {T.balances(integral.data.mine, integral.data.customer)}
      </p>
      <PlainForm className="chatter-form" onSubmit={send}>
        <label htmlFor="chatter-amount">{T.amount}</label>
        <Input className="chatter-input" id="chatter-amount" type="number" value={amount} onChange={setAmount} />
        <label htmlFor="chatter-reason">{T.reason}</label>
        <Input className="chatter-input" id="chatter-reason" value={reason} onChange={setReason} />
        <Button block color="primary" type="submit" loading={busy} style={{ marginTop: 16 }}>
          {T.sendPoints}
        </Button>
        {submit.failure ? <NetworkRetry failure={submit.failure} /> : null}
      </PlainForm>
      <Button block style={{ marginTop: 12 }} onClick={() => void sendQr()}>
        {T.sendQr}
      </Button>
      {qr ? <img className="chatter-qr" src={qr.png} alt={T.qrAlt} /> : null}
    </div>
  );
}
