/** Messages to players: personal messages with attachments, service-message templates, announcements; the platform inbox (issue 8). Being built. */
import type { Operation } from '../../http/operation';
import type { PlatformOperation } from '../../http/platform-operation';

export const messageOperations: Operation[] = [];
export const messagePlatformOperations: PlatformOperation[] = [];
