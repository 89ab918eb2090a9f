import { ERROR_KEYS, type ErrorKey } from '@rec/core';
import type { preHandlerHookHandler } from 'fastify';
import * as v from 'valibot';
import { compileSchema, INVALID } from './compiled-schema';
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
export function validateRequest(rules: RequestRules): preHandlerHookHandler {
  // Compiled once per route: the public routes' simple shapes then cost a few comparisons, not a valibot run (issue 27).
  const params = rules.params && parserOf(rules.params);
  const query = rules.query && parserOf(rules.query);
  const body = rules.body && parserOf(rules.body);
  // Synchronous (done, no promise): a refusal thrown here reaches the error handler all the same.
  const handler: preHandlerHookHandler = (request, _reply, done) => {
    if (params) request.params = params(request.params);
    if (query) request.query = query(request.query);
    if (body) request.body = body(request.body);
    done();
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

/** The rule's parser: its compiled check first when the schema compiles (compiled-schema.ts), valibot otherwise and for every refusal. */
function parserOf(rule: RequestRule): (input: unknown) => unknown {
  const compiled = compileSchema(rule.schema);
  if (!compiled) return (input) => parseOrThrow(rule, input);
  return (input) => {
    const output = compiled(input);
    return output === INVALID ? parseOrThrow(rule, input) : output;
  };
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
