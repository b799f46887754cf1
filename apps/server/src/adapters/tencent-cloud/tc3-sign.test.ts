import { describe, expect, it } from 'vitest';
import { tc3Authorization } from './tc3-sign.ts';

describe('tc3Authorization', () => {
  it("reproduces Tencent's documented example (signature v3 page, CVM DescribeInstances)", () => {
    // The page's payload carries the JSON \u escapes literally, as Python's json.dumps writes them.
    const payload = '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}';
    const auth = tc3Authorization({
      secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE',
      secretKey: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE',
      service: 'cvm',
      timestamp: 1551113065,
      signedHeaders: { 'Content-Type': 'application/json; charset=utf-8', Host: 'cvm.tencentcloudapi.com' },
      payload,
    });
    expect(auth).toBe(
      'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE/2019-02-25/cvm/tc3_request, ' +
        'SignedHeaders=content-type;host, Signature=72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168',
    );
  });

  it('sorts signed headers by name whatever order they are given in', () => {
    const base = { secretId: 'id', secretKey: 'k', service: 'sms', timestamp: 1_700_000_000, payload: '{}' };
    const a = tc3Authorization({
      ...base,
      signedHeaders: { host: 'h', 'x-tc-action': 'SendSms', 'content-type': 'c' },
    });
    const b = tc3Authorization({
      ...base,
      signedHeaders: { 'content-type': 'c', host: 'h', 'x-tc-action': 'SendSms' },
    });
    expect(a).toBe(b);
    expect(a).toContain('SignedHeaders=content-type;host;x-tc-action,');
  });
});
