// The baseline of the throughput benchmark: a bare Fastify route on the same machine,
// answering a body of the same shape as GET /api/admin/userinfo.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({
  code: 200,
  userinfo: { name: 'Demo Admin', avatar: '', roles: ['admin'], username: 'admin', telephone: '', bind2fa: false, partner: 0 },
}));
await app.listen({ port: Number(process.env.PORT ?? 8190), host: '127.0.0.1' });
console.log('bare server ready');
