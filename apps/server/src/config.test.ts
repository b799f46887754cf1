import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { PRODUCTION_KEYS } from './test/production-env.ts';

const productionBase = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://crm@db.internal:5432/crm',
  ...PRODUCTION_KEYS,
};

describe('loadConfig', () => {
  it('runs a demo on the embedded database by default', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      demoMode: true,
      databaseUrl: undefined,
      sms: { provider: 'demo' },
      wecom: { provider: 'demo' },
      wechatMp: { provider: 'demo' },
    });
  });

  it('seals e-sign contracts with a demo certificate under DATA_DIR outside production, the company one when given', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/crm-data' }).esign.p12).toEqual({
      demo: true,
      file: '/tmp/crm-data/esign-demo-cert.p12',
    });
    expect(loadConfig(productionBase).esign.p12).toEqual({
      base64: PRODUCTION_KEYS.ESIGN_P12_BASE64,
      passphrase: 'secret',
    });
  });

  it('timestamps sealed e-sign PDFs only when ESIGN_TSA_URL is set, and refuses a URL that is not one', () => {
    expect(loadConfig({}).esign.tsaUrl).toBeUndefined();
    expect(loadConfig(productionBase).esign.tsaUrl).toBeUndefined();
    expect(loadConfig({ ESIGN_TSA_URL: 'http://timestamp.digicert.com' }).esign.tsaUrl).toBe(
      'http://timestamp.digicert.com',
    );
    expect(() => loadConfig({ ESIGN_TSA_URL: 'not a url' })).toThrow(ConfigError);
  });

  it('takes PORT and DATA_DIR from the environment', () => {
    const config = loadConfig({ PORT: '4100', DATA_DIR: '/tmp/crm-data' });
    expect(config.port).toBe(4100);
    expect(config.dataDir).toBe('/tmp/crm-data');
  });

  it('accepts a complete production setting with the real adapters', () => {
    const config = loadConfig(productionBase);
    expect(config).toMatchObject({ demoMode: false, sms: { provider: 'tencent' }, wecom: { provider: 'wecom' } });
  });

  it.each([
    [{ DATABASE_URL: undefined }, /PGlite database never calls fsync/],
    [{ DEMO_MODE: 'true' }, /refuses DEMO_MODE/],
    [{ SMS_PROVIDER: 'demo' }, /refuses SMS_PROVIDER=demo/],
    [{ WECOM_PROVIDER: 'demo' }, /refuses WECOM_PROVIDER=demo/],
    [{ WECHAT_MP_PROVIDER: 'demo' }, /refuses WECHAT_MP_PROVIDER=demo/],
    [{ WECHAT_MP_SECRET: undefined }, /WECHAT_MP_PROVIDER=wechat needs WECHAT_MP_SECRET/],
    [{ SESSION_SECRET: undefined }, /needs SESSION_SECRET/],
    [{ SESSION_SECRET: 'demo-only-secret-not-for-production-use-000' }, /refuses the demo SESSION_SECRET/],
    [{ SESSION_SECRET: 'a'.repeat(36) }, /refuses a guessable SESSION_SECRET/],
    [{ SESSION_SECRET: 'password'.repeat(8) }, /refuses a guessable SESSION_SECRET/],
    [{ SESSION_SECRET: '0123456789abcdef0123456789abcdef' }, /refuses a guessable SESSION_SECRET/],
    [{ SESSION_SECRET: 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJ' }, /refuses a guessable SESSION_SECRET/],
    [{ SESSION_SECRET: 'qwertyuiopasdfghjklzxcvbnm1234567890' }, /refuses a guessable SESSION_SECRET/],
    [{ PUBLIC_URL: undefined }, /needs PUBLIC_URL/],
    [{ PUBLIC_URL: 'crm.example.com' }, /PUBLIC_URL/],
    [{ PUBLIC_URL: 'ftp://crm.example.com' }, /PUBLIC_URL must start with https/],
    [{ SESSION_SECRET: 'short' }, /at least 32 characters/],
    [{ TENCENT_SMS_SECRET_KEY: undefined }, /SMS_PROVIDER=tencent needs TENCENT_SMS_SECRET_KEY/],
    [{ WECOM_SECRET: undefined }, /WECOM_PROVIDER=wecom needs WECOM_SECRET/],
    [{ PORT: 'eighty' }, /PORT/],
    [{ ESIGN_P12_BASE64: undefined }, /refuses to seal contracts with the self-signed demo certificate/],
  ])('production refuses %j', (override, reason) => {
    expect(() => loadConfig({ ...productionBase, ...override })).toThrow(ConfigError);
    expect(() => loadConfig({ ...productionBase, ...override })).toThrow(reason);
  });

  it('builds links on PUBLIC_URL, and on localhost at PORT outside production when it is unset', () => {
    expect(loadConfig({ ...productionBase, PUBLIC_URL: 'https://crm.example.com/' }).publicUrl).toBe(
      'https://crm.example.com',
    );
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '4100' }).publicUrl).toBe('http://localhost:4100');
  });

  it('allows the embedded database in production only when told explicitly', () => {
    const config = loadConfig({ ...productionBase, DATABASE_URL: undefined, ALLOW_EMBEDDED_DB_IN_PRODUCTION: 'true' });
    expect(config.databaseUrl).toBeUndefined();
  });
});
