import { z } from 'zod';

/**
 * Names of the few schemas the API defines itself (not the contract's), as the API reference's
 * components: `named('DiscountQuery', z.object(…))`. Contract schemas are named by their export.
 * A registry of its own: zod's global registry would put these names into every JSON schema.
 */
export const schemaNames = z.registry<{ name: string }>();

export function named<S extends z.ZodType>(name: string, schema: S): S {
  schemaNames.add(schema, { name });
  return schema;
}
