/**
 * The query keys of a feature that carry an argument, beside its featureKeys (lib/api-query.ts): each name
 * becomes `(arg) => [root, name, arg]`. The value written for a name is only a sample of its argument, for
 * the type (`0` a number, `''` a string).
 */
export const argKeys = <const Root extends string, Args extends Record<string, unknown>>(root: Root, samples: Args) =>
  Object.fromEntries(Object.keys(samples).map((name) => [name, (arg: unknown) => [root, name, arg] as const])) as {
    [N in keyof Args]: (arg: Args[N]) => readonly [Root, N, Args[N]];
  };
