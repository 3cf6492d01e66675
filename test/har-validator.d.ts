declare module 'har-validator' {
  /** Resolves when the data is a valid HAR 1.2, rejects with the errors otherwise. */
  const validator: { har(data: unknown): Promise<unknown> };
  export default validator;
}
