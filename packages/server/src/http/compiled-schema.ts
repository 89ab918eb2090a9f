import type * as v from 'valibot';

/** What a compiled check answers for a value its schema refuses. */
export const INVALID: unique symbol = Symbol('invalid');

/** The parsed value (as valibot would output it), or INVALID. */
export type CompiledCheck = (value: unknown) => unknown;

/** The parts of a valibot schema object this compiler reads (valibot's own, documented shape). */
interface SchemaNode {
  kind?: string;
  type?: string;
  async?: boolean;
  pipe?: readonly SchemaNode[];
  wrapped?: SchemaNode;
  default?: unknown;
  entries?: Readonly<Record<string, SchemaNode>>;
  requirement?: unknown;
}

function compileNode(node: SchemaNode): CompiledCheck | undefined {
  // A fallback replaces a refused value: only valibot knows how.
  if (node.async || 'fallback' in node) return undefined;
  if (node.pipe) return compilePipe(node.pipe);
  switch (node.type) {
    case 'string':
      return (value) => (typeof value === 'string' ? value : INVALID);
    case 'optional': {
      // A default would have to be computed (it may be a function): left to valibot.
      if (node.default !== undefined || !node.wrapped) return undefined;
      const inner = compileNode(node.wrapped);
      return inner && ((value) => (value === undefined ? undefined : inner(value)));
    }
    case 'object':
      return node.entries ? compileObject(node.entries) : undefined;
    default:
      return undefined;
  }
}

/** A string schema followed by regex and length checks; anything else (a transform...) is valibot's. */
function compilePipe(pipe: readonly SchemaNode[]): CompiledCheck | undefined {
  const [base, ...actions] = pipe;
  if (base?.type !== 'string' || base.pipe) return undefined;
  const tests: Array<(value: string) => boolean> = [];
  for (const action of actions) {
    if (action.kind === 'metadata') continue;
    const requirement = action.requirement;
    // A global or sticky regex keeps state between tests (lastIndex): only valibot's single test gives its answer.
    if (action.type === 'regex' && requirement instanceof RegExp && !requirement.global && !requirement.sticky) tests.push((value) => requirement.test(value));
    else if (action.type === 'max_length' && typeof requirement === 'number') tests.push((value) => value.length <= requirement);
    else if (action.type === 'min_length' && typeof requirement === 'number') tests.push((value) => value.length >= requirement);
    else return undefined;
  }
  return (value) => {
    if (typeof value !== 'string') return INVALID;
    for (const test of tests) if (!test(value)) return INVALID;
    return value;
  };
}

/** valibot's `object`: known keys only in the output, a key present even when its value is undefined. */
function compileObject(entries: Readonly<Record<string, SchemaNode>>): CompiledCheck | undefined {
  const checks: Array<{ key: string; check: CompiledCheck; optional: boolean }> = [];
  for (const [key, entry] of Object.entries(entries)) {
    const check = compileNode(entry);
    if (!check) return undefined;
    checks.push({ key, check, optional: entry.type === 'optional' });
  }
  return (value) => {
    if (!value || typeof value !== 'object') return INVALID;
    const input = value as Record<string, unknown>;
    const output: Record<string, unknown> = {};
    for (const { key, check, optional } of checks) {
      if (key in input) {
        const parsed = check(input[key]);
        if (parsed === INVALID) return INVALID;
        output[key] = parsed;
      } else if (!optional) return INVALID;
    }
    return output;
  };
}

/**
 * The same schema as a plain function, built once, for the shapes the hot public routes use
 * (objects of strings, optional strings, strings with regex and length checks). It accepts exactly
 * what valibot accepts and outputs what valibot outputs (compiled-schema.test.ts holds it to that);
 * a refused value goes to valibot anyway, for its issue and error key. Undefined for any other
 * shape: those are parsed by valibot alone.
 */
export function compileSchema(schema: v.GenericSchema<unknown, unknown>): CompiledCheck | undefined {
  return compileNode(schema as unknown as SchemaNode);
}
