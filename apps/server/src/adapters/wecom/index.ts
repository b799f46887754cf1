export { WECOM_AUTH_FAILED_MESSAGE, WecomError, jsSdkSignature } from './wecom.ts';
export { applyEventBody } from './wecom.ts';
export type { ApprovalRequest, JsSdkConfig, WecomAdapter, WecomErrorDetails, WecomErrorReason } from './wecom.ts';
export { createWecomAdapter, oauthAuthorizeUrl, webLoginUrl } from './wecom-adapter.ts';
export type { WecomOptions } from './wecom-adapter.ts';
export { DEMO_JSAPI_TICKET, DEMO_NONCE_STR, DEMO_WECOM_CORP_ID, createDemoWecomAdapter } from './demo-wecom.ts';
export type { DemoWecomOptions } from './demo-wecom.ts';
export {
  DEMO_AGENT_ID,
  DEMO_AGENT_TICKET,
  DEMO_EXTERNAL_CONTACTS,
  DEMO_FOLLOWER_USERID,
  DEMO_LEAVER_CONTACTS,
  DEMO_LEAVER_USERID,
} from './wecom-chat.ts';
export type { AgentJsSdkConfig, ExternalContact, WecomChatCalls } from './wecom-chat.ts';
export { DUPLICATE_CHECK_SECONDS, textCardBody } from './wecom-message.ts';
export type { TextCardMessage } from './wecom-message.ts';
export { DEMO_DEPARTMENTS, DEMO_MEMBERS, createDemoWecomDirectory, wecomMember } from './wecom-directory.ts';
export type { WecomDepartment, WecomDirectoryCalls, WecomMember } from './wecom-directory.ts';
export { TRANSFER_BATCH } from './wecom-transfer.ts';
export type {
  TransferAnswer,
  TransferMode,
  TransferRequest,
  TransferState,
  WecomTransferCalls,
} from './wecom-transfer.ts';
export { ROBOT_KEY_PATTERN } from './wecom-robot.ts';
export type { RobotMessage, WecomRobotCalls } from './wecom-robot.ts';
export { GROUP_MSG_MAX_CUSTOMERS, UPLOAD_IMAGE_MAX_BYTES } from './wecom-groupmsg.ts';
export type { GroupMsgLink, GroupMsgRequest, WecomGroupMsgCalls } from './wecom-groupmsg.ts';
export { CONTACT_WAY_TEXT_MAX } from './wecom-contact-way.ts';
export type { ContactWay, ContactWayRequest, WecomContactWayCalls } from './wecom-contact-way.ts';
export {
  CALLBACK_TOKEN_PATTERN,
  CallbackError,
  ENCODING_AES_KEY_PATTERN,
  addContactEventXml,
  callbackSignature,
  decryptCallback,
  randomCallbackKeys,
  readCallbackXml,
  sealCallback,
  signatureMatches,
} from './wecom-callback.ts';
export type { CallbackFault, CallbackKeys } from './wecom-callback.ts';
