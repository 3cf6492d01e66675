import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAdminService } from '@pageprobe/api';
import { createDb, migrate } from '@pageprobe/db';
import { startPostgres, startRedis, startS3, freePort, sleep } from '@pageprobe/local-services';
import autocannon from 'autocannon';
import pg from 'pg';
const root = mkdtempSync(join(tmpdir(), 'prof-')); chmodSync(root, 0o755);
const [p, r, s] = await Promise.all([startPostgres({ dataDir: join(root, 'pg') }), startRedis({ dataDir: join(root, 'r') }), startS3({ dataDir: join(root, 's') })]);
const c = new pg.Client({ connectionString: p.url }); await c.connect(); await c.query('CREATE DATABASE b'); await c.end();
const url = p.url.replace(/\/postgres$/, '/b'); await migrate(url);
const db = createDb(url); const admin = createAdminService(db);
const team = await admin.createTeam({ name: 'x', plan: 'pro' }); const { key } = await admin.createApiKey(team.id, { scope: 'write' });
const t = await db.test.create({ data: { teamId: team.id, type: 'uptime', url: 'https://93.184.215.14/', device: 'mobile', reportToken: 'x' } });
const port = await freePort();
const profDir = join(root, 'prof');
const child = spawn(process.execPath, process.env.BASE ? ['bench/baseline-server.ts', String(port)] : [...(process.env.PROF ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []), 'apps/api/src/main.ts'], { cwd: '/work/main', stdio: 'inherit', env: { PATH: process.env.PATH, DATABASE_URL: url, REDIS_URL: r.url, S3_ENDPOINT: s.url, ADMIN_TOKEN: 'x'.repeat(30), PORT: String(port), LOG_LEVEL: 'warn', RATE_LIMIT_READS_PER_MIN: '100000000', RATE_LIMIT_WRITES_PER_MIN: '100000000', BENCH_TEAM_ID: team.id, ...(process.env.EXTRA ? JSON.parse(process.env.EXTRA) : {}) } });
await sleep(2500);
const q = async () => { const cl = new pg.Client({ connectionString: url }); await cl.connect(); const r = await cl.query("SELECT xact_commit FROM pg_stat_database WHERE datname = 'b'"); await cl.end(); return Number(r.rows[0].xact_commit); };
const before = await q();
for (let i = 0; i < 100; i++) await fetch(`http://127.0.0.1:${port}/api/v1/tests/${t.id}`, { headers: { authorization: `Bearer ${key}` } });
await sleep(1000);
console.log('xacts per request', ((await q()) - before - 1) / 100);
const cpu = (pid: number) => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' '); return (Number(f[11]) + Number(f[12])) * 10; };
const pgCpu = () => { let t = 0; for (const d of readdirSync('/proc')) { if (!/^\d+$/.test(d)) continue; try { const st = readFileSync(`/proc/${d}/stat`, 'utf8'); if (st.includes('(postgres)')) { const f = st.split(') ')[1]!.split(' '); t += (Number(f[11]) + Number(f[12])) * 10; } } catch {} } return t; };
const a0 = cpu(child.pid!), p0 = pgCpu(), s0 = process.cpuUsage();
const res = await autocannon(process.env.POST ? { url: process.env.BASE ? `http://127.0.0.1:${port}/tests` : `http://127.0.0.1:${port}/api/v1/tests`, method: 'POST', body: JSON.stringify({ url: 'https://93.184.215.14/', type: 'uptime' }), headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, connections: 50, duration: 6 } : { url: process.env.BASE ? `http://127.0.0.1:${port}/tests/${t.id}` : `http://127.0.0.1:${port}/api/v1/tests/${t.id}`, headers: { authorization: `Bearer ${key}` }, connections: 50, duration: 6 });
const n = res.requests.total; const su = process.cpuUsage(s0);
console.log('rps', res.requests.average, 'p99', res.latency.p99, 'non2xx', res.non2xx, 'cpu ms/req: api', ((cpu(child.pid!) - a0) / n).toFixed(3), 'pg', ((pgCpu() - p0) / n).toFixed(3), 'autocannon', ((su.user + su.system) / 1000 / n).toFixed(3));
child.kill('SIGINT'); await sleep(1500); if (process.env.BASE) process.exit(0);
if (!process.env.PROF) { await db.$disconnect(); await Promise.all([p.stop(), r.stop(), s.stop()]); process.exit(0); }
const prof = JSON.parse(readFileSync(join(profDir, readdirSync(profDir)[0]!), 'utf8'));
const self = new Map<string, number>(); const total = prof.samples.length;
const byId = new Map(prof.nodes.map((n: any) => [n.id, n]));
const counts = new Map<number, number>(); { let t = prof.startTime; const cutoff = prof.endTime - 6_500_000; prof.samples.forEach((id: number, i: number) => { t += prof.timeDeltas[i]; if (t > cutoff) counts.set(id, (counts.get(id) ?? 0) + 1); }); }
const totalN = [...counts.values()].reduce((a, b) => a + b, 0);
const fnSelf = new Map<string, number>(); for (const [id, n] of counts) { const f: any = (byId.get(id) as any).callFrame; const k = `${f.functionName || '(anon)'} ${f.url.split('/').slice(-2).join('/')}:${f.lineNumber}`; fnSelf.set(k, (fnSelf.get(k) ?? 0) + n); }
console.log([...fnSelf].sort((a, b) => b[1] - a[1]).slice(0, 30).map(([k, n]) => `${(100 * n / totalN).toFixed(1)}% ${k}`).join('\n'));
for (const [id, n] of counts) { const node: any = byId.get(id); const f = node.callFrame; const key = `${f.functionName || '(anon)'} ${f.url.replace(/.*node_modules\/\.pnpm\/([^/]+).*/, '$1').replace('file:///work/main/', '')}`; self.set(key, (self.get(key) ?? 0) + n); }
// aggregate by package
const pkg = new Map<string, number>();
for (const [id, n] of counts) { const f: any = (byId.get(id) as any).callFrame; const k = f.url.includes('node_modules') ? f.url.replace(/.*node_modules\/\.pnpm\/([^/]+).*/, '$1').replace(/@[0-9].*/, '') : f.url.startsWith('file:///work') ? 'ours:' + f.url.replace('file:///work/main/', '').split('/').slice(0, 3).join('/') : f.url || f.functionName; pkg.set(k, (pkg.get(k) ?? 0) + n); }
console.log([...pkg].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, n]) => `${(100 * n / total).toFixed(1)}% ${k}`).join('\n'));
const parent = new Map<number, number>(); for (const n of prof.nodes) for (const ch of (n.children ?? [])) parent.set(ch, n.id);
const stacks = new Map<string, number>();
for (const [id, n] of counts) { const f: any = (byId.get(id) as any).callFrame; if (f.functionName !== 'writev') continue; let cur = parent.get(id); const chain: string[] = []; for (let i = 0; i < 8 && cur; i++) { const cf: any = (byId.get(cur) as any).callFrame; chain.push(cf.functionName + '@' + cf.url.split('/').slice(-1)[0]); cur = parent.get(cur); } stacks.set(chain.join(' < '), (stacks.get(chain.join(' < ')) ?? 0) + n); }
console.log([...stacks].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([k, n]) => `${n} ${k}`).join('\n'));
await db.$disconnect(); await Promise.all([p.stop(), r.stop(), s.stop()]);
