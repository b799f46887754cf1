import * as E from '@crm/domain/endpoints/admin';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openAdmin, rowOf, sentJson, tapToToast } from '../test-kit.ts';
import { aFaqRow, anActivityRow, page } from '../../../test/admin-data.ts';
import { fail, network, ok } from '../../../test/page.ts';

const aPaper = {
  id: 5,
  code: 'compliance-2027q1',
  kind: 'exam' as const,
  title: '合规考试',
  opens_at: null,
  closes_at: null,
};
const open = openAdmin;
const choose = (text: string) =>
  fireEvent.change(screen.getByLabelText('选择文件'), {
    target: { files: [new File([text], 'paper.yaml', { type: 'text/yaml' })] },
  });

describe('/admin/papers', () => {
  it('lists the papers with their code and kind', async () => {
    await open('/admin/papers', { papersList: page([aPaper]) });
    const row = await rowOf('合规考试');
    expect(row.getByText('compliance-2027q1')).toBeTruthy();
    expect(row.getByText('考试')).toBeTruthy();
  });

  it('says so when there is none, and retries a failed load', async () => {
    const view = await open('/admin/papers', { papersList: network.httpError(500) });
    await view.retryFailedLoad(network.message, E.papersList, page([]));
    expect(await screen.findByText('还没有内容')).toBeTruthy();
  });

  it("uploads a paper file's text, and asks for a file first", async () => {
    const view = await open('/admin/papers', {
      papersList: page([]),
      papersUpload: ok({ id: 6, code: 'q1', title: '小测', questions: 1 }, '已保存'),
    });
    await screen.findByText('还没有内容');
    await tapToToast(screen, '上传', '请选择文件');
    expect(view.api.callsTo(E.papersUpload)).toHaveLength(0);
    choose('code: q1\n');
    expect(await sentJson(view, screen, '上传', '已保存', E.papersUpload)).toEqual({ text: 'code: q1\n' });
  });

  it("shows the file's problems as the server names them", async () => {
    await open('/admin/papers', {
      papersList: page([]),
      papersUpload: fail('时长（分钟）: 考试须设置时长'),
    });
    await screen.findByText('还没有内容');
    choose('code: q1\n');
    await tapToToast(screen, '上传', '时长（分钟）: 考试须设置时长');
  });
});

describe('/admin/activities', () => {
  it('lists the activities and uploads an activity file', async () => {
    const view = await open('/admin/activities', {
      activitiesList: page([anActivityRow()]),
      activitiesUpload: ok([{ key: 'a1', title: '满减券' }], '已保存'),
    });
    const row = await rowOf('夏季满减券');
    expect(row.getByText('优惠券')).toBeTruthy();
    choose('corp_id: 1\n');
    expect(await sentJson(view, screen, '上传', '已保存', E.activitiesUpload)).toEqual({
      text: 'corp_id: 1\n',
    });
  });
});

describe('/admin/faq', () => {
  it('lists the entries and uploads one Markdown file keyed by its name', async () => {
    const view = await open('/admin/faq', {
      faqList: page([aFaqRow()]),
      faqUpload: ok({ id: 4, key: 'new-entry', title: '新问答', type: '业务', category: '放款' }, '已保存'),
    });
    const row = await rowOf('放款要多久');
    expect(row.getByText('业务 / 放款')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('选择文件'), {
      target: { files: [new File(['---\ntitle: 新问答\n---\n正文'], 'new-entry.md', { type: 'text/markdown' })] },
    });
    expect(await sentJson(view, screen, '上传', '已保存', E.faqUpload)).toEqual({
      name: 'new-entry',
      text: '---\ntitle: 新问答\n---\n正文',
    });
  });

  it('says so when there is none, and shows a refusal of the file', async () => {
    await open('/admin/faq', {
      faqList: page([]),
      faqUpload: fail('bare: 缺少开头的 --- 属性块（title、type、category）'),
    });
    expect(await screen.findByText('还没有内容')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('选择文件'), {
      target: { files: [new File(['正文'], 'bare.md')] },
    });
    await tapToToast(screen, '上传', 'bare: 缺少开头的 --- 属性块（title、type、category）');
  });
});
