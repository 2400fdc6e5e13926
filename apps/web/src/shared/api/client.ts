import {
  createFinalURL,
  createQuerySerializer,
  defaultPathSerializer,
  type Client,
  type ClientPathsWithMethod,
  type FetchResponse,
  type ParamsOption,
  type RequestBodyOption,
} from 'openapi-fetch';
import { firstError, messages, REQUEST_ID_HEADER, type ErrorCode } from '@tickets/domain';
import type { paths } from '@tickets/domain/api-types';

/**
 * The one API client (docs/design.md §6): cookies, JSON, one request id per page load, and the
 * docs/product-spec.md §8 rules that turn a failed answer into the message a person reads. Its paths,
 * parameters, bodies and answers are the OpenAPI contract's types (`@tickets/domain/api-types`), so
 * a call the contract lacks fails `tsc`.
 */
export const requestId = crypto.randomUUID();

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** What the server said, when it said something (for inline boxes with their own default). */
    readonly description?: string,
    /** The catalogue's code the server gave, to branch on (never on the text). */
    readonly code?: ErrorCode,
  ) {
    super(message);
  }
}

/** The message a failed call shows: what the server said, else the screen's own default. */
export const failureMessage = (error: unknown, fallback: string = messages.errors.system): string =>
  (error instanceof ApiError && error.description) || fallback;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** For callers that are not the signed-in person: a gate device sends its bearer token, no cookie. */
export interface CallOptions {
  headers?: Record<string, string>;
  credentials?: RequestCredentials;
}

async function sendOnce(
  method: Method,
  path: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<Response> {
  try {
    return await fetch(path, {
      method,
      credentials: options.credentials ?? 'include',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        [REQUEST_ID_HEADER]: requestId,
        ...options.headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, messages.errors.system);
  }
}

/**
 * A read refused because the server is busy (503 with Retry-After: SERVICE_BUSY) is sent once more,
 * after the wait it asks for, at most a few seconds; a write is never repeated behind the person's back.
 */
const MAX_RETRY_AFTER_SECONDS = 5;

async function send(method: Method, path: string, body?: unknown, options?: CallOptions): Promise<Response> {
  const response = await sendOnce(method, path, body, options);
  const seconds = Number(response.headers.get('retry-after'));
  if (method !== 'GET' || response.status !== 503 || !(seconds > 0)) return response;
  await new Promise((resolve) => setTimeout(resolve, Math.min(seconds, MAX_RETRY_AFTER_SECONDS) * 1000));
  return sendOnce(method, path, body, options);
}

async function readJson<T>(response: Response): Promise<T> {
  const text = await response.text();
  try {
    return (text ? JSON.parse(text) : undefined) as T;
  } catch {
    throw new ApiError(response.status, messages.errors.system);
  }
}

/** docs/product-spec.md §8: the first description of `exceptions.errors`, else the default system message. */
async function envelopeError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let error: ReturnType<typeof firstError>;
  try {
    error = firstError(JSON.parse(text));
  } catch {
    error = undefined;
  }
  return new ApiError(
    response.status,
    error?.description ?? messages.errors.system,
    error?.description,
    // Taken as the server gives it, not looked up in the catalogue, whose Greek would otherwise come
    // with every page's first load (bench/README.md, "the landing route's JavaScript"): the server's
    // one error handler sends only the catalogue's codes, and a screen only compares it with them.
    error?.code as ErrorCode | undefined,
  );
}

/** docs/product-spec.md §8, the `/api/blackList-administration` calls: the `error` field of the body, or the raw text. */
async function suspensionError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let message = text;
  try {
    const body = JSON.parse(text) as { error?: unknown };
    if (typeof body.error === 'string') message = body.error;
  } catch {
    message = text;
  }
  return new ApiError(response.status, message || messages.errors.system, message || undefined);
}

type HttpMethod = 'get' | 'post' | 'put' | 'delete';

/** The contract's paths that answer `method`. */
export type ApiPath<M extends HttpMethod> = ClientPathsWithMethod<Client<paths>, M>;
type Operation<M extends HttpMethod, P extends ApiPath<M>> = P extends keyof paths
  ? M extends keyof paths[P]
    ? paths[P][M]
    : never
  : never;

/** What a call sends: the contract's path and query parameters and body, and who calls (`CallOptions`). */
type CallRequest<Op> = ParamsOption<Op> & RequestBodyOption<Op> & CallOptions;
/** Optional where the operation needs nothing. */
type RequestArgument<Op> =
  object extends CallRequest<Op> ? [request?: CallRequest<Op>] : [request: CallRequest<Op>];
/** The contract's JSON answer of a success. */
export type ApiAnswer<M extends HttpMethod, P extends ApiPath<M>> =
  Operation<M, P> extends infer Op extends Record<string, unknown>
    ? NonNullable<FetchResponse<Op, object, 'application/json'>['data']>
    : never;

const querySerializer = createQuerySerializer();
type UrlParams = Parameters<typeof createFinalURL>[1]['params'];

const urlOf = (path: string, params: UrlParams = {}) =>
  createFinalURL(path, { baseUrl: '', params, querySerializer, pathSerializer: defaultPathSerializer });

/**
 * The URL of `path` with its parameters, serialised as openapi-fetch does (`{id}` filled and encoded),
 * for a caller that needs its own `fetch` (the gate's manifest, with its ETag); `method` picks the
 * contract's operation whose paths and parameters are allowed.
 */
export const apiUrl = <M extends HttpMethod, P extends ApiPath<M>>(
  _method: M,
  path: P,
  params?: ParamsOption<Operation<M, P>>['params'],
): string => urlOf(path, params as UrlParams);

/** The contract's call, its failure read by `failure` (docs/product-spec.md §8). */
const typedCall =
  (failure: (response: Response) => Promise<ApiError>) =>
  async <M extends HttpMethod, P extends ApiPath<M>>(
    method: M,
    path: P,
    ...[request]: RequestArgument<Operation<M, P>>
  ): Promise<ApiAnswer<M, P>> => {
    const { params, body, ...options } = (request ?? {}) as CallOptions & {
      params?: UrlParams;
      body?: unknown;
    };
    const response = await send(method.toUpperCase() as Method, urlOf(path, params), body, options);
    if (!response.ok) throw await failure(response);
    return readJson<ApiAnswer<M, P>>(response);
  };

/** A call of the contract: its answer, or an `ApiError` with the envelope's message. */
export const apiCall = typedCall(envelopeError);

/** docs/product-spec.md §7, the `/api/blackList-administration` calls: their errors come as `{"error": "…"}`. */
export const suspensionCall = typedCall(suspensionError);
