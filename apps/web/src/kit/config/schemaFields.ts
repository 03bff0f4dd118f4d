import type { FieldDeclaration, FieldKind, SelectOption } from '../types';

type Def = { type: string; innerType?: ZodLike; element?: ZodLike; entries?: Record<string, string | number> };
type ZodLike = { def: Def; description?: string; shape?: Record<string, ZodLike> };

/** Removes optional / nullable / default wrappers; tells whether the value may be absent. */
function unwrap(schema: ZodLike): { inner: ZodLike; optional: boolean } {
  let inner = schema;
  let optional = false;
  while (['optional', 'nullable', 'default', 'prefault', 'readonly'].includes(inner.def.type) && inner.def.innerType) {
    if (inner.def.type !== 'readonly') optional = true;
    inner = inner.def.innerType;
  }
  return { inner, optional };
}

function enumOptions(schema: ZodLike): SelectOption[] {
  return Object.values(schema.def.entries ?? {}).map((v) => ({ value: String(v), label: String(v), literal: true }));
}

function kindOf(schema: ZodLike): { kind: FieldKind; options?: SelectOption[] } {
  switch (schema.def.type) {
    case 'number':
    case 'int':
    case 'bigint':
      return { kind: 'number' };
    case 'boolean':
      return { kind: 'switch' };
    case 'enum':
      return { kind: 'select', options: enumOptions(schema) };
    case 'array': {
      const el = schema.def.element && unwrap(schema.def.element).inner;
      return el?.def.type === 'enum' ? { kind: 'multiSelect', options: enumOptions(el) } : { kind: 'text' };
    }
    default:
      return { kind: 'text' };
  }
}

/**
 * Form fields from a zod object schema: string → text, number → number, boolean → switch,
 * enum → select, array of enum → multi-select; `.describe()` becomes the help line.
 */
export function fieldsFromSchema(schema: unknown, labelPrefix: string): FieldDeclaration[] {
  const shape = (schema as ZodLike).shape;
  if (!shape) throw new Error('fieldsFromSchema needs a zod object schema');
  return Object.entries(shape).map(([name, field]) => {
    const { inner, optional } = unwrap(field);
    return {
      name,
      label: `${labelPrefix}.${name}`,
      ...kindOf(inner),
      required: !optional && inner.def.type !== 'boolean',
      help: field.description ?? inner.description,
    };
  });
}
