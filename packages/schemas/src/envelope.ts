import { z } from 'zod';

/** Every error answer: a numeric code (HTTP status, -1 for an expired session, 6020x for sign-in) and a message. */
export const errorEnvelope = z.object({ code: z.number().int(), message: z.string() });
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;
