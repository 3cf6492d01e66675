// The baseline: a bare Express 5 app doing the one PostgreSQL statement each API route needs, with
// nothing else (no auth, no validation, no rate limit, no queue). `node baseline-server.ts <port>`.
import { randomBytes } from 'node:crypto';
import express from 'express';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const teamId = process.env.BENCH_TEAM_ID!;
const app = express();
app.use(express.json());
app.get('/tests/:id', async (req, res) => {
  const { rows } = await pool.query('SELECT * FROM tests WHERE id = $1 AND team_id = $2', [req.params.id, teamId]);
  if (!rows[0]) return void res.status(404).end();
  res.json(rows[0]);
});
app.post('/tests', async (req, res) => {
  const { rows } = await pool.query(
    `INSERT INTO tests (id, team_id, type, url, device, report_token, updated_at)
     VALUES (gen_random_uuid(), $1, 'uptime', $2, 'mobile', $3, now()) RETURNING id, status, created_at`,
    [teamId, req.body.url, randomBytes(32).toString('base64url')],
  );
  res.status(202).json(rows[0]);
});
app.listen(Number(process.argv[2]), '127.0.0.1', () => process.stdout.write('baseline ready\n'));
