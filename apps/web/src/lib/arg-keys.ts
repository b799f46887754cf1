import { featureKeys } from './api-query.ts';

/**
 * The query keys of a feature that carry an argument, beside its featureKeys (lib/api-query.ts): each name
 * becomes `(arg) => [root, name, arg]`. The value written for a name is only a sample of its argument, for
 * the type (`0` a number, `''` a string).
 */
export const argKeys = <const Root extends string, Args extends Record<string, unknown>>(root: Root, samples: Args) =>
  Object.fromEntries(Object.keys(samples).map((name) => [name, (arg: unknown) => [root, name, arg] as const])) as {
    [N in keyof Args]: (arg: Args[N]) => readonly [Root, N, Args[N]];
  };

/** A feature's key table: its featureKeys and, beside them, its keys that carry an argument (argKeys). */
export const keysWithArgs = <
  const Root extends string,
  const Name extends string,
  Args extends Record<string, unknown>,
>(
  root: Root,
  names: readonly Name[],
  samples: Args,
) => ({ ...featureKeys(root, names), ...argKeys(root, samples) });
