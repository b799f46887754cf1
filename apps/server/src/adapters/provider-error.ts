/**
 * The error class of an outside provider (SMS, WeCom, Tencent Cloud): its message is `message(details)`, one
 * uniform text, while the provider's own details (codes, texts, request ids) become the error's fields, for the
 * logs and never in the message, and `details.cause` its cause.
 */
export function providerErrorClass<D extends { readonly cause?: unknown }>(
  name: string,
  message: (details: D) => string,
) {
  const ProviderError = class extends Error {
    constructor(details: D) {
      const { cause, ...fields } = details;
      super(message(details), cause === undefined ? undefined : { cause });
      this.name = name;
      Object.assign(this, fields);
    }
  };
  // The fields are the details' own, copied in above; a class expression cannot declare them from a type.
  return ProviderError as unknown as new (details: D) => Error & Readonly<Omit<D, 'cause'>>;
}
