import { z } from 'zod';

import { ERROR_STATUS, type ErrorCode } from './errorCodes';

export { ERROR_STATUS, type ErrorCode, statusOf } from './errorCodes';

export const errorCode = z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]);

/** Body of every 4xx/5xx answer from /api. `issues` lists what failed validation, if anything. */
export const errorResponse = z.object({
  message: z.string().describe('For people: shown as it is.'),
  code: errorCode.describe('For programs: one of shared/contracts/errorCodes.ts ERROR_STATUS.'),
  issues: z
    .array(z.object({ path: z.string(), message: z.string() }))
    .optional()
    .describe('Present on 400 validation failures: one entry per invalid field.'),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

/** An error response in a route's schema that names the codes it answers with (for the docs). */
export function errorOf(...codes: [ErrorCode, ...ErrorCode[]]) {
  return errorResponse.describe(`code: ${codes.join(' or ')}`);
}
