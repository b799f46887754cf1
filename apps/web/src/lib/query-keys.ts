type FeatureKeys<Root extends string, Name extends string> = { all: readonly [Root] } & {
  [N in Name]: readonly [Root, N];
};

/**
 * The query keys of a feature: `all`, its root (what a logout removes and a broad write invalidates), and one
 * fixed key under it per read that takes no argument. Keys that carry an argument are written out beside it.
 */
export const featureKeys = <const Root extends string, const Name extends string = never>(
  root: Root,
  names: readonly Name[] = [],
) =>
  // The mapped type is what the entries build; TypeScript cannot follow fromEntries to it.
  Object.fromEntries([['all', [root]], ...names.map((name) => [name, [root, name]])]) as FeatureKeys<Root, Name>;
