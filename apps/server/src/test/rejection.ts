import { expect } from 'vitest';

/** The error a promise rejects with, once the test has checked it is of the expected class. */
export async function rejectionOf<E extends Error>(
  promise: Promise<unknown>,
  type: abstract new (...args: never[]) => E,
): Promise<E> {
  const err: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(type);
  return err as E;
}
