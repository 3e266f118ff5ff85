// The one error vocabulary of the domain. Services throw these; the HTTP layer maps them
// once (app/server/http/respond.ts) to a status and a JSON body in the spec's shape.

/** A field → code map, e.g. { email: "taken" }; codes are message keys the UI translates. */
export type FieldErrors = Record<string, string>;

export class DomainError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message?: string) {
    super(message ?? code);
    this.status = status;
    this.code = code;
  }
}

export class ValidationError extends DomainError {
  readonly errors: FieldErrors;
  constructor(errors: FieldErrors, code = "invalid") {
    super(422, code, `invalid input: ${Object.keys(errors).join(", ")}`);
    this.errors = errors;
  }
}

export class UnauthorizedError extends DomainError {
  constructor(code = "unauthorized") {
    super(401, code);
  }
}

export class ForbiddenError extends DomainError {
  constructor(code = "forbidden") {
    super(403, code);
  }
}

export class NotFoundError extends DomainError {
  constructor(code = "not_found") {
    super(404, code);
  }
}

export class ConflictError extends DomainError {
  constructor(code = "conflict") {
    super(409, code);
  }
}

/** Something the request needs besides the database is not answering (the image storage): try again later. */
export class UnavailableError extends DomainError {
  constructor(code = "service_unavailable") {
    super(503, code);
  }
}

export class CsrfError extends DomainError {
  constructor() {
    super(419, "csrf_token_mismatch");
  }
}

export class RateLimitError extends DomainError {
  readonly retryAfterSeconds: number;
  /** `code`: a limit with its own message (e.g. "too_many_invitations"), else the general one. */
  constructor(retryAfterSeconds: number, code = "too_many_requests") {
    super(429, code);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
