export { WECOM_AUTH_FAILED_MESSAGE, WecomError, jsSdkSignature } from './wecom.ts';
export { applyEventBody } from './wecom.ts';
export type { ApprovalRequest, JsSdkConfig, WecomAdapter, WecomErrorDetails, WecomErrorReason } from './wecom.ts';
export { createWecomAdapter, oauthAuthorizeUrl, webLoginUrl } from './wecom-adapter.ts';
export type { WecomOptions } from './wecom-adapter.ts';
export { DEMO_JSAPI_TICKET, DEMO_NONCE_STR, DEMO_WECOM_CORP_ID, createDemoWecomAdapter } from './demo-wecom.ts';
export type { DemoWecomOptions } from './demo-wecom.ts';
export { DUPLICATE_CHECK_SECONDS, textCardBody } from './wecom-message.ts';
export type { TextCardMessage } from './wecom-message.ts';
