/** What a production start asks for besides its database: a strong session secret, the public origin, the SMS, WeCom and WeChat official-account keys, the e-sign certificate. */
export const PRODUCTION_KEYS = {
  // 48 random bytes in base64, as the README tells an operator to make one.
  SESSION_SECRET: 'q3Jx9v0Zl7mT2Wc8bYhR4uN1kE6pDsA5fGiLoQzXyVtBnMaCwUeHrSjKdPgOlI0x',
  // Every link the server hands out is built on it, never on the request's Host.
  PUBLIC_URL: 'https://crm.example.com',
  TENCENT_SMS_SECRET_ID: 'id',
  TENCENT_SMS_SECRET_KEY: 'key',
  TENCENT_SMS_SDK_APP_ID: '1400000000',
  TENCENT_SMS_SIGN_NAME: '沪融',
  TENCENT_SMS_TEMPLATE_ID: '100',
  WECOM_CORP_ID: 'ww1',
  WECOM_AGENT_ID: '1000002',
  WECOM_SECRET: 'secret',
  WECHAT_MP_APP_ID: 'wx0000000000000001',
  WECHAT_MP_SECRET: 'secret',
  // The e-sign seal's company certificate (read when the first contract is sealed, not at start).
  ESIGN_P12_BASE64: 'MIIKcQIBAzCCCjcGCSqGSIb3DQEHAaCCCigEggokMIIKIDCCBNcGCSqGSIb3DQEHBqCCBMgwggTE',
  ESIGN_P12_PASSPHRASE: 'secret',
  // The master key personal values are sealed under (decision 074): 32 bytes in base64.
  PII_MASTER_KEY: 'S2V5Rm9yUHJvZHVjdGlvblRlc3RzT25seTMyQnl0ZXM=',
};
