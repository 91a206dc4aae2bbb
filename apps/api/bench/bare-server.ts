/** The baseline for the API benchmark: Fastify with one JSON route and nothing else. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.post('/api/bare', async () => ({ ok: true }));
app.get('/api/bare', async () => ({ ok: true }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
