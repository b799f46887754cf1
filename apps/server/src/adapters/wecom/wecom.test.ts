import { describe, expect, it } from 'vitest';
import { WecomError, jsSdkSignature } from './wecom.ts';

const DOC = {
  ticket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
  nonceStr: 'Wm3WZYTPz0wzccnW',
  timestamp: 1414587457,
  url: 'http://mp.weixin.qq.com?params=value',
};

describe('jsSdkSignature', () => {
  it("matches WeCom's documented example", () => {
    expect(jsSdkSignature(DOC)).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });

  it('ignores the #fragment of the page URL', () => {
    expect(jsSdkSignature({ ...DOC, url: `${DOC.url}#/customers/42` })).toBe(
      '0f9de62fce790f9a083d5c99e95740ceb90c27ed',
    );
  });
});

describe('WecomError', () => {
  it('shows a fixed Chinese message and keeps WeCom details for logs', () => {
    const err = new WecomError({ reason: 'api', errcode: 40029, errmsg: 'invalid code' });
    expect(err.message).toBe('企业微信授权失败，请重试');
    expect(err).toMatchObject({ name: 'WecomError', reason: 'api', errcode: 40029, errmsg: 'invalid code' });
  });
});
