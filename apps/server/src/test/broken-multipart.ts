const BOUNDARY = 'fuzzBoundary7MA4YWxk';
const part = (disposition: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; ${disposition}\r\n\r\n${value}\r\n`;
const withBoundary = `multipart/form-data; boundary=${BOUNDARY}`;

/**
 * Multipart bodies that are not what their content type claims (issue 38). The parser's refusals among them
 * answered 500 with an error-level log line on every POST route, the unauthenticated ones included; each is
 * a client's fault: 400 请求格式错误, 413 for more parts (or a file) than the route's form takes, or the
 * schema's refusal of what did arrive (a part with no name is skipped).
 */
export const BROKEN_MULTIPART_BODIES: Readonly<Record<string, { type: string; body: string }>> = {
  'no boundary': { type: 'multipart/form-data', body: 'x' },
  'empty boundary': { type: 'multipart/form-data; boundary=', body: part('name="id"', '1') },
  'over-long boundary': { type: `multipart/form-data; boundary=${'b'.repeat(300)}`, body: 'x' },
  'wrong boundary': {
    type: withBoundary,
    body: '--other\r\nContent-Disposition: form-data; name="id"\r\n\r\n1\r\n--other--\r\n',
  },
  'cut off before its closing boundary': {
    type: withBoundary,
    body: `${part('name="id"', '1')}--${BOUNDARY}\r\nContent-Disposition: form-data; name="x"\r\n\r\n12`,
  },
  'a file cut off': {
    type: withBoundary,
    body: `${part('name="id"', '1')}--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff`,
  },
  'a part with no name': { type: withBoundary, body: `${part('', '1')}--${BOUNDARY}--\r\n` },
  '1,000 parts': {
    type: withBoundary,
    body: `${Array.from({ length: 1000 }, (_, i) => part(`name="f${i}"`, '1')).join('')}--${BOUNDARY}--\r\n`,
  },
};
