import { providerErrorClass } from '../provider-error.ts';
import { createHash } from 'node:crypto';
import type { WecomChatCalls } from './wecom-chat.ts';
import type { WecomContactWayCalls } from './wecom-contact-way.ts';
import type { WecomDirectoryCalls } from './wecom-directory.ts';
import type { WecomGroupMsgCalls } from './wecom-groupmsg.ts';
import type { TextCardMessage } from './wecom-message.ts';
import type { WecomRobotCalls } from './wecom-robot.ts';
import type { WecomTransferCalls } from './wecom-transfer.ts';

export interface WecomAdapter
  extends
    WecomChatCalls,
    WecomDirectoryCalls,
    WecomTransferCalls,
    WecomRobotCalls,
    WecomGroupMsgCalls,
    WecomContactWayCalls {
  readonly kind: 'demo' | 'wecom';
  /** in-app OAuth2 (snsapi_base): https://open.weixin.qq.com/connect/oauth2/authorize?appid=CORPID&redirect_uri=ENC&response_type=code&scope=snsapi_base&state=STATE&agentid=AGENTID#wechat_redirect */
  oauthAuthorizeUrl(redirectUri: string, state: string): string;
  /** WeCom web login (wwlogin SSO): https://login.work.weixin.qq.com/wwlogin/sso/login?login_type=CorpApp&appid=CORPID&agentid=AGENTID&redirect_uri=ENC&state=STATE */
  webLoginUrl(redirectUri: string, state: string): string;
  /** GET /cgi-bin/auth/getuserinfo?access_token=&code= → the member's userid; throws WecomError when errcode != 0 or no userid (an external/non-member visitor) */
  getUserIdByCode(code: string): Promise<string>;
  /** JS-SDK config signature: sha1 of `jsapi_ticket=…&noncestr=…&timestamp=…&url=…` with url stripped of its #fragment; ticket from GET /cgi-bin/get_jsapi_ticket */
  jsSdkConfig(url: string): Promise<JsSdkConfig>;
  /** POST /cgi-bin/oa/applyevent?access_token= → the approval number sp_no; throws WecomError on errcode != 0 */
  applyApproval(request: ApprovalRequest): Promise<string>;
  /** POST /cgi-bin/message/send?access_token= (textcard, wecom-message.ts) → WeCom's msgid; throws WecomError on errcode != 0 */
  sendTextCard(message: TextCardMessage): Promise<string>;
}

/** An OA approval raised in WeCom for `creatorUserId`, on a template whose approvers WeCom itself picks. */
export interface ApprovalRequest {
  creatorUserId: string;
  templateId: string;
  /** Text controls of the template, by control id. */
  fields: { controlId: string; text: string }[];
  /** Up to three lines WeCom shows in the approval list. */
  summary: string[];
}

/** The applyevent body WeCom expects (use_template_approver: the template's own approvers). */
export function applyEventBody(request: ApprovalRequest): Record<string, unknown> {
  return {
    creator_userid: request.creatorUserId,
    template_id: request.templateId,
    use_template_approver: 1,
    apply_data: {
      contents: request.fields.map((field) => ({ control: 'Text', id: field.controlId, value: { text: field.text } })),
    },
    summary_list: request.summary.slice(0, 3).map((text) => ({ summary_info: [{ text, lang: 'zh_CN' }] })),
  };
}

export interface JsSdkConfig {
  appId: string;
  timestamp: number;
  nonceStr: string;
  signature: string;
}

export const WECOM_AUTH_FAILED_MESSAGE = '企业微信授权失败，请重试';

/**
 * Why the call failed, for logs and for routes that want to tell a non-member apart:
 * 'api' = WeCom answered errcode != 0; 'not-member' = the code belongs to a visitor outside the corp;
 * 'network' = no answer (refused, reset, timeout); 'bad-response' = an answer we could not read.
 */
export type WecomErrorReason = 'api' | 'not-member' | 'network' | 'bad-response';

export interface WecomErrorDetails {
  readonly reason: WecomErrorReason;
  /** WeCom's errcode; 0 for 'not-member' (WeCom itself reports success), -1 when WeCom never answered properly. */
  readonly errcode: number;
  readonly errmsg?: string;
  readonly cause?: unknown;
}

/** The message is user-facing and uniform; errcode/errmsg are for logs. */
export const WecomError = providerErrorClass<WecomErrorDetails>('WecomError', () => WECOM_AUTH_FAILED_MESSAGE);
export type WecomError = InstanceType<typeof WecomError>;

/** The JS-SDK signature WeCom (like WeChat) checks in wx.config / wx.agentConfig. */
export function jsSdkSignature(input: { ticket: string; nonceStr: string; timestamp: number; url: string }): string {
  // WeCom signs the page URL without its fragment; signing it with one is the classic "invalid signature".
  const url = input.url.split('#')[0] ?? '';
  const plain = `jsapi_ticket=${input.ticket}&noncestr=${input.nonceStr}&timestamp=${input.timestamp}&url=${url}`;
  return createHash('sha1').update(plain, 'utf8').digest('hex');
}
