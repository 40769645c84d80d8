import type { FormRule } from 'antd';
import type { z } from 'zod';

/**
 * An antd rule that validates the whole form with the shared zod schema and reports the
 * issue of this field, so the form shows exactly the messages the tests and the server use.
 */
export function zodRule(schema: z.ZodType): FormRule {
  return ({ getFieldsValue }) => ({
    async validator(rule) {
      const field = (rule as { field?: string }).field;
      const result = schema.safeParse(getFieldsValue(true));
      if (result.success) return;
      const issue = result.error.issues.find((i) => i.path.join('.') === field);
      if (issue) throw new Error(issue.message);
    },
  });
}
