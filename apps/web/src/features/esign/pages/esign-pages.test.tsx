import * as E from '@crm/domain/endpoints/esign';
import * as EMoney from '@crm/domain/endpoints/money';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, findToast, ok, on, renderPage, renderPageWith, tap, type ReplyData } from '../../../test/page.ts';

type Order = ReplyData<typeof E.list>['list'][number];
type OrderDetail = ReplyData<typeof E.order>;

const anOrder = (over: Partial<Order> = {}): Order => ({
  id: 5,
  client_id: 900,
  title: '李四 借款签署文件',
  signer_name: '李四',
  signer_phone: '13800138000',
  status: 'sent',
  status_label: '待签署',
  created_at: '2026-11-23T01:00:00.000Z',
  signed_at: null,
  expires_at: '2026-11-30T01:00:00.000Z',
  days_left: 3,
  ...over,
});

const anOrderDetail = (over: Partial<OrderDetail> = {}): OrderDetail => ({
  ...anOrder(),
  signer_id_number: '310101********1010',
  pages: [{ title: '借款申请书', paragraphs: ['本人李四申请借款'] }],
  original_sha256: 'a'.repeat(64),
  sealed_sha256: null,
  link: null,
  link_expires_at: '2026-11-30T01:00:00.000Z',
  bank_card: null,
  bank_name: null,
  can_resend: true,
  can_cancel: true,
  ...over,
});

describe('/interface/esign/list', () => {
  it("shows the salesperson's orders with their status, each opening its detail", async () => {
    await renderPage('/interface/esign/list', {
      api: [
        on(
          E.list,
          ok({
            list: [anOrder(), anOrder({ id: 4, status: 'signed', status_label: '已签署' })],
            next_cursor: null,
          }),
        ),
      ],
    });
    expect(await screen.findByText('待签署')).toBeTruthy();
    expect(screen.getByText('已签署')).toBeTruthy();
    expect(screen.getAllByRole('link')[0]?.getAttribute('href')).toBe('/interface/esign/detail/5');
  });

  it('says how to start when there is no order, and shows a failed load', async () => {
    await renderPage('/interface/esign/list', { api: [on(E.list, ok({ list: [], next_cursor: null }))] });
    expect(await screen.findByText('还没有签署单：在报单详情里点「电子签约」发起')).toBeTruthy();
  });
});

describe('/interface/esign/add/:user_id', () => {
  it('shows the link of a new order, and for a case that already has one says so and opens that order', async () => {
    const open = '该报单已有待签署的签署单，原签署链接仍然有效；需要新链接请在详情中重新发送';
    const page = await renderPage('/interface/esign/add/12', {
      api: [on(E.add, ok({ id: 5, link: null }, open))],
    });
    fireEvent.click(await screen.findByRole('button', { name: '生成签署文件' }));
    expect(await screen.findByText(open)).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看签署单' }).getAttribute('href')).toBe('/interface/esign/detail/5');
    expect(page.api.callsTo(E.add)[0]?.fields).toEqual({ user_id: '12' });
  });
});

describe('/interface/esign/detail/:id', () => {
  const renderOrder = renderPageWith('/interface/esign/detail/5', {
    api: [on(E.order, ok(anOrderDetail()))],
  });

  it('shows the hash of the document as sent, and resending gives a fresh link to copy', async () => {
    const page = await renderOrder([
      on(E.resend, ok({ id: 5, link: '/interface/esign?t=fresh-token-0123456789' }, '已重新生成签署链接，原链接失效')),
    ]);
    expect(await screen.findByText('a'.repeat(64))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重新发送链接' }));
    expect(await screen.findByText(/fresh-token-0123456789/)).toBeTruthy();
    expect(page.api.callsTo(E.resend)[0]?.fields).toEqual({ id: '5' });
    expect(screen.queryByRole('button', { name: '下载签署后文件' })).toBeNull();
  });

  it('shows the server refusing the order (another salesperson)', async () => {
    await renderOrder([on(E.order, fail('只能查看自己（或本团队）发起的签署单', 403))]);
    expect(await screen.findByText('只能查看自己（或本团队）发起的签署单')).toBeTruthy();
  });
});

describe('/interface/esign/evidence/:id', () => {
  it('lists the events and says the chain is intact', async () => {
    await renderPage('/interface/esign/evidence/5', {
      api: [
        on(
          E.evidence,
          ok({
            order_id: 5,
            original_sha256: 'a'.repeat(64),
            sealed_sha256: null,
            chain: { intact: true, broken_at: null, head: 'b'.repeat(64), count: 1 },
            events: [
              {
                seq: 1,
                type: 'created',
                label: '生成文件',
                actor: 'staff:1',
                ip: '127.0.0.1',
                user_agent: 'x',
                at: '2026-11-23T09:00:00.000+08:00',
                detail: {},
                prev_hash: 'a'.repeat(64),
                hash: 'b'.repeat(64),
              },
            ],
          }),
        ),
      ],
    });
    expect(await screen.findByText('证据链完整（1 条）')).toBeTruthy();
    expect(screen.getByText('#1 生成文件')).toBeTruthy();
  });
});

/** The signing link's opening: who asks whom to sign, and where the code goes. */
const SIGNER_START = on(
  E.signerStart,
  ok({ title: '李四 借款签署文件', company_name: '沪融', signer_name: '李*', phone: '138****8000', status: 'sent' }),
);

describe('/interface/esign (the client)', () => {
  it('identifies the signer with the SMS code and ID number, then shows the first page to read', async () => {
    const page = await renderPage('/interface/esign?t=link-token-0123456789', {
      api: [
        on(E.signerDocument, (call) =>
          page.api.callsTo(E.signerLogin).length > 0
            ? ok({
                order_id: 5,
                title: '李四 借款签署文件',
                signer_name: '李四',
                status: 'sent',
                pages: [
                  { title: '借款申请书', paragraphs: ['本人李四申请借款'] },
                  { title: '居间服务协议', paragraphs: ['居间'] },
                ],
                viewed: [],
                original_sha256: 'a'.repeat(64),
                sealed_sha256: null,
              })
            : (void call, fail('请先完成短信验证码与身份证号验证')),
        ),
        SIGNER_START,
        on(E.signerCode, ok({ verifyCode: '123456' }, '验证码已发送')),
        on(E.signerLogin, ok(null, '验证通过')),
        on(E.signerPage, ok(null)),
      ],
    });
    expect(await screen.findByText('沪融 请 李* 签署文件。验证码将发送到 138****8000。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('演示环境验证码：123456')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('短信验证码'), { target: { value: '123456' } });
    fireEvent.change(screen.getByLabelText('身份证号'), { target: { value: '310104198501011010' } });
    fireEvent.click(screen.getByRole('button', { name: '验证身份' }));
    expect(await screen.findByText('本人李四申请借款')).toBeTruthy();
    expect(page.api.callsTo(E.signerLogin)[0]?.fields).toEqual({
      token: 'link-token-0123456789',
      code: '123456',
      id_number: '310104198501011010',
    });
    await expect.poll(() => page.api.callsTo(E.signerPage).length).toBe(1);
  });

  it('is titled for the client, boxes the code field and shows the demo code on its own line', async () => {
    await renderPage('/interface/esign?t=link-token-0123456789', {
      api: [
        on(E.signerDocument, fail('请先完成短信验证码与身份证号验证')),
        SIGNER_START,
        on(E.signerCode, ok({ verifyCode: '724676' }, '验证码已发送')),
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: '获取验证码' }));
    expect(screen.getByRole('heading', { name: '签署合同' })).toBeTruthy();
    expect(screen.queryByText('预处理申请')).toBeNull();
    const hint = await screen.findByText('演示环境验证码：724676');
    // Its own block, not run into the next label (演示环境验证码：724676身份证号).
    expect(hint.tagName).toBe('P');
    expect(hint.textContent).toBe('演示环境验证码：724676');
    expect(screen.getByText('身份证号', { selector: 'label' }).closest('p')).toBeNull();
    for (const label of ['短信验证码', '身份证号'])
      expect(screen.getByLabelText(label).closest('.esign-input')).not.toBeNull();
  });

  it('ticks consent from a tap anywhere on its row, the sentence included', async () => {
    // happy-dom draws nothing: a context whose every method does nothing lets signature_pad start.
    const noop = () => undefined;
    const context = new Proxy({}, { get: () => noop, set: () => true });
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as CanvasRenderingContext2D);
    await renderPage('/interface/esign?t=link-token-0123456789', {
      api: [
        on(
          E.signerDocument,
          ok({
            order_id: 5,
            title: '李四 借款签署文件',
            signer_name: '李四',
            status: 'sent',
            pages: [{ title: '借款申请书', paragraphs: ['本人李四申请借款'] }],
            viewed: [],
            original_sha256: 'a'.repeat(64),
            sealed_sha256: null,
          }),
        ),
        on(E.signerPage, ok(null)),
      ],
    });
    const sentence = await screen.findByText('我已阅读全部内容，同意以电子签名方式签署上述文件');
    const row = sentence.closest('label');
    // The row is a block the width of the page (antd-mobile's block checkbox), holding the box itself.
    expect(row?.classList.contains('adm-checkbox-block')).toBe(true);
    const box = row?.querySelector('input[type="checkbox"]') as HTMLInputElement;
    expect(box.checked).toBe(false);
    await tap(sentence);
    // The label hands the tap to its box as a second event: on a loaded machine it lands after the act() settles.
    await waitFor(() => expect(box.checked).toBe(true));
  });

  it('says the link is no longer valid', async () => {
    await renderPage('/interface/esign?t=old-token-0123456789', {
      api: [
        on(E.signerDocument, fail('请先完成短信验证码与身份证号验证')),
        on(E.signerStart, fail('签署链接无效或已过期，请联系业务员重新发送')),
      ],
    });
    expect(await screen.findByText('签署链接无效或已过期，请联系业务员重新发送')).toBeTruthy();
  });
});

describe('/interface/esign/open/:id (拍照识别)', () => {
  const cardInput = () => document.getElementById('esign-bank-card') as HTMLInputElement;
  // The signing page is a lazy chunk: act once its camera button is there, not when the route starts loading.
  const openSigningPage = async (api: Parameters<typeof renderPage>[1]) => {
    const page = await renderPage('/interface/esign/open/5', api);
    await screen.findByLabelText('拍照识别');
    return page;
  };
  const takePhoto = () =>
    fireEvent.change(screen.getByLabelText('拍照识别'), {
      target: { files: [new File([new Uint8Array([0xff, 0xd8, 0xff])], 'card.jpg', { type: 'image/jpeg' })] },
    });

  it('sends the photo as a bank card to the OCR and fills the card number with what it read, still editable', async () => {
    const page = await openSigningPage({
      api: [
        on(
          EMoney.uploadImg,
          ok({
            image: null,
            ocr: { kind: 'bankCard', number: '6222021234567890128', confidence: 0.97, valid: true },
          }),
        ),
      ],
    });
    takePhoto();
    expect(await findToast('已填入识别的卡号，请核对')).toBeTruthy();
    expect(cardInput().value).toBe('6222021234567890128');
    const sent = page.api.lastCall(EMoney.uploadImg).fields;
    expect(sent.kind).toBe('bankCard');
    expect(sent.file).toBe('[file card.jpg]');
    fireEvent.change(cardInput(), { target: { value: '6222021234567890129' } });
    expect(cardInput().value).toBe('6222021234567890129');
  });

  it("toasts the OCR's refusal and keeps the number already typed", async () => {
    await openSigningPage({
      api: [on(EMoney.uploadImg, fail('未能识别银行卡，请重拍或手动输入'))],
    });
    fireEvent.change(cardInput(), { target: { value: '6222 0212 3456 7890' } });
    takePhoto();
    expect(await findToast('未能识别银行卡，请重拍或手动输入')).toBeTruthy();
    expect(cardInput().value).toBe('6222 0212 3456 7890');
  });
});

describe('/interface/esign/verify (public, issue 48)', () => {
  type Answer = ReplyData<typeof E.publicVerify>;
  const aSeal = (over: Partial<Answer['seal']> = {}): Answer['seal'] => ({
    sealed: true,
    intact: true,
    signer: 'E-sign demo seal',
    tsa: 'Demo TSA',
    timestamp: '2026-11-23T02:01:05.000Z',
    document_timestamp: '2026-11-23T02:01:06.000Z',
    level: 'B-LTA',
    certificate: {
      subject: 'E-sign demo seal',
      issuer: 'Loan CRM demo CA',
      not_after: '2036-11-23T00:00:00.000Z',
      sha256: 'c'.repeat(64),
      expired_now: false,
      valid_at_timestamp: true,
      chain_complete: true,
      revocation: 'not_revoked',
    },
    ...over,
  });
  const anAnswer = (over: Partial<Answer> = {}): Answer => ({
    sha256: 'b'.repeat(64),
    verdict: 'valid',
    registered: true,
    our_seal: true,
    company_name: '演示居间公司',
    title: '李* 借款签署文件',
    signer_name: '李*',
    signed_at: '2026-11-23T02:01:01.000Z',
    evidence_intact: true,
    seal: aSeal(),
    ...over,
  });
  const pick = (name = 'contract.pdf') =>
    fireEvent.change(screen.getByLabelText('点击选择 PDF，或把文件拖到这里'), {
      target: {
        files: [new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d])], name, { type: 'application/pdf' })],
      },
    });

  it('sends the picked PDF as a file and shows a valid contract: who (masked), when, the timestamp, the TSA, the certificate', async () => {
    const page = await renderPage('/interface/esign/verify', { api: [on(E.publicVerify, ok(anAnswer()))] });
    await screen.findByLabelText('点击选择 PDF，或把文件拖到这里');
    pick();
    expect(await screen.findByText('有效：本平台签署的文件，签署后未被改动')).toBeTruthy();
    expect(screen.getByText('李*')).toBeTruthy();
    expect(screen.getByText('2026-11-23 10:01:01（北京时间）')).toBeTruthy();
    expect(screen.getByText('2026-11-23 10:01:05（北京时间）')).toBeTruthy();
    expect(screen.getByText('Demo TSA')).toBeTruthy();
    expect(screen.getByText('有效，未被吊销')).toBeTruthy();
    expect(page.api.lastCall(E.publicVerify).fields.file).toBe('[file contract.pdf]');
  });

  it('says a changed file is not valid and shows nothing of any order', async () => {
    await renderPage('/interface/esign/verify', {
      api: [
        on(
          E.publicVerify,
          ok(
            anAnswer({
              verdict: 'altered',
              registered: false,
              company_name: null,
              title: null,
              signer_name: null,
              signed_at: null,
              evidence_intact: null,
              seal: aSeal({ intact: false }),
            }),
          ),
        ),
      ],
    });
    await screen.findByLabelText('点击选择 PDF，或把文件拖到这里');
    pick();
    expect(await screen.findByText('无效：文件在签署后被改动过')).toBeTruthy();
    expect(screen.queryByText('签署人')).toBeNull();
  });

  it("shows the server's refusal of a file that is not a PDF", async () => {
    await renderPage('/interface/esign/verify', { api: [on(E.publicVerify, fail('请选择 PDF 文件'))] });
    await screen.findByLabelText('点击选择 PDF，或把文件拖到这里');
    pick('photo.pdf');
    expect(await screen.findByText('请选择 PDF 文件')).toBeTruthy();
  });
});
