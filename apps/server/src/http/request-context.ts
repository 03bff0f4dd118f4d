/** What a request carries once the operation hooks ran. */
import type { OperationNote } from './operation';
import type { SessionUser } from '../domains/auth/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account (null on public operations and before authentication). */
    user: SessionUser | null;
    /** Target, before and after of the change in progress, for the operation log. */
    operationNote: OperationNote | null;
  }
  interface FastifyContextConfig {
    /** The definition of the operation this route serves. */
    operation?: { name: string; audit: boolean };
    /** A signed platform call (http/platform-operation.ts). */
    platform?: { name: string };
  }
}

export {};
