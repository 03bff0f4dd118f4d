import { z } from 'zod';

/** Every error answer: a numeric code (HTTP status, -1 for an expired session, 6020x for sign-in) and a message. */
export const errorEnvelope = z.object({ code: z.number().int(), message: z.string() });
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/**
 * What an answer schema's `data` holds: the type the web's call of that operation gets back
 * (`request<AnswerData<typeof cashoutContextAnswer>>`), so the web never copies an answer by hand.
 */
/** A choice a form offers (the value sent, the label shown), as the server lists them. */
export const valueLabel = z.object({ value: z.string(), label: z.string() });
export type ValueLabel = z.infer<typeof valueLabel>;

export type AnswerData<S extends z.ZodType> = z.output<S> extends { data: infer D } ? D : never;
