import { ERROR_KEYS, type ErrorKey } from '@rec/core';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import * as v from 'valibot';
import { HttpError } from './errors';

type AnySchema = v.GenericSchema<unknown, unknown>;

export interface RequestRule {
  schema: AnySchema;
  /** Answered when the value does not match. */
  errorKey: ErrorKey;
  /** 400 unless said otherwise (a malformed token is as unknown as a wrong one: 401 or 404). */
  statusCode?: number;
}

/**
 * A pre-handler that checks route params, the query string and the body against valibot schemas from
 * @rec/core (the same ones the clients use) and replaces them with the parsed output, so the
 * handler's declared `Params`/`Querystring` types hold. A mismatch is a 400 with the rule's key.
 */
export function validateRequest(rules: RequestRules): preHandlerAsyncHookHandler {
  const handler = async (request: FastifyRequest) => {
    if (rules.params) request.params = parseOrThrow(rules.params, request.params);
    if (rules.query) request.query = parseOrThrow(rules.query, request.query);
    if (rules.body) request.body = parseOrThrow(rules.body, request.body);
  };
  RULES_OF.set(handler, rules);
  return handler;
}

export interface RequestRules {
  params?: RequestRule;
  query?: RequestRule;
  body?: RequestRule;
}

/** The rules behind each validating pre-handler, so the API document is generated from what is really checked. */
const RULES_OF = new WeakMap<object, RequestRules>();

/** The rules a pre-handler made by validateRequest checks; undefined for any other function. */
export function requestRulesOf(handler: unknown): RequestRules | undefined {
  return typeof handler === 'function' ? RULES_OF.get(handler) : undefined;
}

/**
 * A failed check answers the rule's key, unless the failing check names its own error key in its
 * message (a password's minimum length answers `errors.passwordTooShort`, not `errors.badRequest`).
 */
function parseOrThrow(rule: RequestRule, input: unknown): unknown {
  const result = v.safeParse(rule.schema, input);
  if (!result.success) {
    const own = result.issues.map((issue) => issue.message).find((message): message is ErrorKey => OWN_KEYS.has(message));
    throw own ? new HttpError(400, own) : new HttpError(rule.statusCode ?? 400, rule.errorKey);
  }
  return result.output;
}

/** Keys a schema check may answer instead of the rule's (only those that describe the input, never auth outcomes). */
const OWN_KEYS = new Set<string>([ERROR_KEYS.passwordTooShort, ERROR_KEYS.controlCharacters, ERROR_KEYS.invalidDate, ERROR_KEYS.salaryAmount, ERROR_KEYS.salaryMinAboveMax, ERROR_KEYS.confirmed, ERROR_KEYS.differentPasswords, ERROR_KEYS.personName]);
