/** OpenAPI 3 description at GET /api/docs/json, built by @fastify/swagger from the operations' schemas. */
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Game console API',
        version: '0.1.0',
        description:
          'Every operation carries `x-roles`: the roles allowed, from the route catalogue (absent = every signed-in account). Errors answer `{code, message}`.',
      },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'X-Token' },
          // platform calls: X-App-Id, X-Timestamp and this HMAC (docs/api/platform.md)
          platformSignature: {
            type: 'apiKey',
            in: 'header',
            name: 'X-Signature',
            description: 'lowercase hex HMAC-SHA256(application secret, `${X-Timestamp}.${payload}`), with X-App-Id and X-Timestamp (Unix ms, within 300 s)',
          },
        },
      },
    },
  });
  app.get('/api/docs/json', { schema: { hide: true } }, async () => app.swagger());
}
