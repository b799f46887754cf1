import { stdSerializers } from 'pino';

/*
 * Server logs never carry what clients typed into the database: drizzle's query errors end their message
 * with `params: …` (names, phones, ID numbers), and PostgreSQL's own errors repeat values in `detail`
 * ("Key (phone)=(138…) already exists") and sometimes in the message. The SQL text stays: it has no values,
 * only placeholders, and it says which query failed.
 */

const PARAMS_LINE = /\n?params: [^\n]*/g;
/** A PostgreSQL message quoting the value it refused: `… for type integer: "abc"`. */
const QUOTED_VALUE = /(: )"[^"\n]*"$/gm;

type Serialized = ReturnType<typeof stdSerializers.err> & { detail?: unknown; db_code?: string };

const scrubText = (text: string) => text.replace(PARAMS_LINE, '').replace(QUOTED_VALUE, '$1"…"');

/**
 * The error and those it wraps (drizzle wraps the driver's error in `cause`), outermost first. Five deep at
 * most, so a cause cycle cannot hang the error handler.
 */
export function causeChain(error: unknown): (Error & { code?: unknown })[] {
  const chain: Error[] = [];
  for (let current = error; current instanceof Error && chain.length < 5; current = current.cause) chain.push(current);
  return chain;
}

/** The SQLSTATE of the error or of one it wraps: what a reader of the log needs instead of the values. */
export function sqlState(error: unknown): string | undefined {
  for (const { code } of causeChain(error)) {
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** pino's error serializer (which folds causes into message and stack), without the values of failed queries. */
export function scrubbedErrorSerializer(error: Error): Serialized {
  const out = { ...(stdSerializers.err(error) as Serialized) };
  out.message = scrubText(out.message);
  if (typeof out.stack === 'string') out.stack = scrubText(out.stack);
  if (out.detail !== undefined) out.detail = '[scrubbed]';
  const code = sqlState(error);
  if (code) out.db_code = code;
  return out;
}
