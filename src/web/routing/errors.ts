/** An answer with an HTTP status: thrown by a loader (`throw data(null, { status: 404 })`), it is the route's error. */
export class ErrorResponse {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly data: unknown,
  ) {}
}

export function data(value: unknown, init: { status: number; statusText?: string }): ErrorResponse {
  return new ErrorResponse(init.status, init.statusText ?? '', value);
}

/** Whether a route error is a thrown answer (a 404) rather than a failure. */
export function isRouteErrorResponse(error: unknown): error is ErrorResponse {
  return error instanceof ErrorResponse;
}
