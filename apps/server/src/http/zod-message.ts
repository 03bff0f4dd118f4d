/** Turns a zod failure into the contract's 400 message naming the field: `reason: Over 200 characters`. */
import type { z } from 'zod';

export function describeIssue(issue: z.core.$ZodIssue, part: string): string {
  const path = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0];
    return `${path ? `${path}.` : ''}${key}: Unknown field`;
  }
  const field = path || part;
  if (issue.code === 'invalid_type') {
    const missing = (issue as { input?: unknown }).input === undefined;
    return `${field}: ${missing ? 'Required' : `Expected ${issue.expected}`}`;
  }
  return `${field}: ${issue.message}`;
}

export function describeZodError(error: z.ZodError, part: string): string {
  return describeIssue(error.issues[0], part);
}
