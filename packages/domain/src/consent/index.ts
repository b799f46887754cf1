/**
 * The authorisation texts a client consents to (PIPL art. 29: a separate consent to the processing of
 * sensitive personal information, here the personal financial information of a loan application). Every
 * text ever shown stays here under its version, since a consent record names the version it was given to;
 * a change of wording is a new version, and `CURRENT_CONSENT_VERSION` is what new requests show.
 */
export interface ConsentText {
  version: string;
  title: string;
  paragraphs: readonly string[];
}

export const CONSENT_TEXTS: Readonly<Record<string, ConsentText>> = {
  'pfi-2026-11': {
    version: 'pfi-2026-11',
    title: '个人金融信息处理授权书',
    paragraphs: [
      '本人因申请贷款，委托本公司为本人办理贷款申请、资料整理、提交合作银行审批及放款后的还款提醒等服务。',
      '本人单独同意本公司为上述目的收集、存储、使用并向本人所申请的合作银行、担保或保险机构提供以下个人金融信息：姓名、手机号、身份证号、银行卡号、收入、婚姻、学历、职业、征信报告及流水等资料。',
      '上述信息属于敏感个人信息，本公司将加密存储，仅限经办人员在办理本人业务时查看，查看记录留存备查；本人的报单结案后，本公司按法律规定及公司制度的期限保存后删除或匿名化处理。',
      '本人可随时撤回本授权。撤回后本公司将停止继续办理本人的贷款业务，但不影响撤回前已进行的处理。',
      '本人已阅读并理解以上内容，自愿作出本授权。',
    ],
  },
};

export const CURRENT_CONSENT_VERSION = 'pfi-2026-11';

/** The text of a version, or undefined for one this code never knew. */
export const consentText = (version: string): ConsentText | undefined => CONSENT_TEXTS[version];

/** How a consent was given: the client's own confirmation of an SMS link, or a photo of the signed paper. */
export type ConsentMethod = 'sms' | 'paper';

/** Where a case stands: no consent yet, a link waiting for the client, consent in hand, or withdrawn. */
export type ConsentState = 'none' | 'requested' | 'given' | 'withdrawn';

export const CONSENT_STATE_LABELS: Readonly<Record<ConsentState, string>> = {
  none: '未授权',
  requested: '待客户确认',
  given: '已授权',
  withdrawn: '已撤回授权',
};

export const CONSENT_METHOD_LABELS: Readonly<Record<ConsentMethod, string>> = {
  sms: '短信链接确认',
  paper: '纸质授权书',
};

/**
 * The moves a case may make without consent: those that end its processing (the client withdrew or was
 * turned down). Every other move past intake (签约中) needs consent in hand.
 */
export const MOVES_WITHOUT_CONSENT: readonly number[] = [2, 6, 9];
