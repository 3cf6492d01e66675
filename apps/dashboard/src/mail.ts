// Mail to people goes through @pageprobe/accounts' sender (SMTP_URL, as alerts go): one sender for the
// dashboard, the admin API and `pnpm admin`.
export { createMail, type Mail } from '@pageprobe/accounts';
