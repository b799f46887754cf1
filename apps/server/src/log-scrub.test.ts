import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { scrubbedErrorSerializer } from './log-scrub.ts';

const PHONE = '13800001234';

/** An error shaped as drizzle wraps PostgreSQL's: the query and its params, the driver's error as cause. */
function failedQuery(): Error {
  const cause = Object.assign(new Error(`invalid input syntax for type integer: "${PHONE}"`), {
    code: '22P02',
    detail: `Key (phone)=(${PHONE}) already exists.`,
  });
  return new Error(`Failed query: select * from staff where phone = $1\nparams: ${PHONE},张三`, { cause });
}

describe('the server log', () => {
  it('keeps the failed SQL and the code, and drops the values clients typed', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = pino({ serializers: { err: scrubbedErrorSerializer } }, sink);
    logger.error({ err: failedQuery() }, 'request failed');
    const logged = lines.join('');
    expect(logged).toContain('select * from staff where phone = $1');
    expect(logged).toContain('22P02');
    expect(logged).not.toContain(PHONE);
    expect(logged).not.toContain('张三');
  });

  it('would carry them without the scrubbing serializer', () => {
    expect(JSON.stringify(pino.stdSerializers.err(failedQuery()))).toContain(PHONE);
  });
});
