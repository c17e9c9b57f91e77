/** An error a client caused, answered with its status and message as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly parameter?: string,
    /** Extra fields of the answer (a staff write's `reason`, the `clash` it ran into). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}
