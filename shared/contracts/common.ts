import { z } from 'zod';

/** Body of every 4xx/5xx answer from /api. `issues` lists what failed validation, if anything. */
export const errorResponse = z.object({
  message: z.string(),
  issues: z
    .array(z.object({ path: z.string(), message: z.string() }))
    .optional()
    .describe('Present on 400 validation failures: one entry per invalid field.'),
});
export type ErrorResponse = z.infer<typeof errorResponse>;
